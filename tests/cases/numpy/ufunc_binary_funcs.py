import numpy as np
a = np.array([1, 6, 9])
b = np.array([4, 4, 4])
print(np.add(a, b), np.subtract(a, b), np.multiply(a, b), np.divide(a, b), np.floor_divide(a, b), np.remainder(a, b), np.mod(-a, b), np.fmod(-a, b), np.power(a, 2))
print(np.maximum(a, b), np.minimum(a, b), np.gcd(a, 6), np.lcm(a, b), np.float_power(a, 0.5))
