def invert(values):
    return [1 / v for v in values]

print(invert([1, 2]))
print(invert([4, 0]))
