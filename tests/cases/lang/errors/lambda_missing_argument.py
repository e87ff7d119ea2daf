f = lambda x, y: x + y
print(f(1, 2))
f(1)
