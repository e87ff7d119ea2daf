base = 10.0
print(base ** 10)
print(base ** 400)
