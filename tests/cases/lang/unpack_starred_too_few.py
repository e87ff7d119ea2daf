a, *b, c = [1, 2]
print(a, b, c)
a, *b, c = [1]
