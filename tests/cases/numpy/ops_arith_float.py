import numpy as np
a = np.array([1.5, -2.5, 0.0])
b = np.array([0.5, 2.0, -1.0])
print(a + b, a - b, a * b)
print(a / b)
print(a // b, a % b)
print(a ** 2)
