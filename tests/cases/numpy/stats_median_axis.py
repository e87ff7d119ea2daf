import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
print(np.median(a, axis=0))
print(np.median(a, axis=1))
print(np.median(a, axis=1, keepdims=True))
print(np.median(a, axis=(0, 1)))
print(np.median(a, keepdims=True))
b = np.arange(24).reshape(2, 3, 4) % 5
print(np.median(b, axis=(0, 2)))
