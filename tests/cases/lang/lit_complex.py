# Imaginary literals and complex arithmetic.
print(2j, 1j, 0j)
print(1 + 2j, 1 - 2j, -1 - 2j)
print(2.5j, 1e3j)
z = 3 + 4j
w = 1 - 1j
print(z + w, z - w, z * w)
print(z / w)
print(z * 2, z * 0.5, 2 * z)
print(z == 3 + 4j, z != w)
print(abs(z))
print(1j * 1j)
print(z ** 2)
print(-z)
print(complex(1, 0) == 1)
