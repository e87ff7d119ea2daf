print(2.0 ** 10)
print(2.0 ** 10000)
