# complex() conversions.
print(complex(1, 2), complex(3), complex(1.5, -2))
print(complex(0, 1), complex(0, 0), complex())
print(complex(True, False), complex(-1, -1))
print(complex(2**10, 0.5))
print(type(complex(1)))
print(complex(1, 2) * complex(1, -2))
print(complex(-2.0, -0.0), complex(0.0, -0.0), complex(1j, -0.0), complex(-0.0, 1j), complex(2, 1j), complex(1 + 1j, 2 - 3j))
