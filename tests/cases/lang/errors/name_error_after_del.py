x = 1
print(x)
del x
print(x)
