print(0 ** 1)
print(0 ** -1)
