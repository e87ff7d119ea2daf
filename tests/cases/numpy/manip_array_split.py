import numpy as np
x = np.arange(8.0)
print(np.array_split(x, 3))
print(np.array_split(x, 5))
print(np.array_split(np.arange(7), [2, 100]))
print(np.array_split(np.arange(7), [5, 2]))
print(np.array_split(np.arange(12).reshape(2, 6), 4, axis=1))
print(np.array_split(np.arange(3), 5))
