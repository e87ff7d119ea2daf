import numpy as np
print(bool(np.array([0])), bool(np.array([[3]])), bool(np.float64(0.0)), bool(np.int8(2)))
if np.array([1.5]):
    print('ok')
print(not np.array([0]))
