a = [1, 2]
print(a.index(2))
print(a.index(5))
