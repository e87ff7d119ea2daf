a = [1, 2]
a.remove(1)
print(a)
a.remove(5)
