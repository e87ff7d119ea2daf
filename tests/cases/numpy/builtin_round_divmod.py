import numpy as np
print(round(np.float64(2.5)), round(np.float64(2.567), 2), round(np.float32(1.25), 1), type(round(np.float64(3.7))))
print(round(np.array([1.25, 2.5])), round(np.int64(1234), -2))
q, r = divmod(np.array([7, -7]), 2)
print(q, r, divmod(np.float64(7.5), 2))
