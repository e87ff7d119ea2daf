# Powers that leave the reals or use complex operands.
print(1j ** 2)
print((1 + 1j) ** 2)
print(2 ** 1j)
print((-1) ** 0.5)
print((-8) ** (1 / 3))
