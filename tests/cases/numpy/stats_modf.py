import numpy as np
f, i = np.modf([0.0, 3.5, -2.25, np.inf, -np.inf, np.nan, -0.0])
print(f)
print(i)
print(np.modf(np.array([1.75, -0.5], dtype=np.float32)))
print(np.modf(np.array([3, -4], dtype=np.int8)))
print(np.modf([5, 6]))
print(np.modf(2.5))
