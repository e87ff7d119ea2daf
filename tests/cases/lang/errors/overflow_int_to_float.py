print(float(2 ** 100))
print(float(2 ** 10000))
