# del unbinds names; rebinding works afterwards.
x = 10
y = x
del x
print(y)
x = 'again'
print(x)
a = [1, 2]
b = a
del a
print(b)
p = 1
q = 2
del p, q
p = 3
print(p)
