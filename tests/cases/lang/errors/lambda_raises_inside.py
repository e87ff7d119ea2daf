inverse = lambda v: 1 / v
print(inverse(4))
print(inverse(0))
