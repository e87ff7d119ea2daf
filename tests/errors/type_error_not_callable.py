size = 10
print(size)
print(size(2))
