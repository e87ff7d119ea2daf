import numpy as np
import math
n = np.int64(3)
print(list(range(n)), [10, 20, 30, 40][n], math.sqrt(np.float64(16.0)))
print(int(np.float32(2.7)), float(np.int8(-3)), round(float(np.float64(2.5))))
print('x' * int(np.int16(3)))
