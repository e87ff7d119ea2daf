import numpy as np
a = np.array([7, -7, 3])
b = np.array([2, 2, -2])
print(a + b, a - b, a * b)
print(a / b)
print(a // b, a % b)
print(a ** 2)
