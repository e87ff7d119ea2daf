import numpy as np
a = np.arange(24).reshape(2, 3, 4)
i = np.argmax(a % 7)
coords = np.unravel_index(i, a.shape)
print(i, coords, a[coords])
print(np.ravel_multi_index(coords, a.shape) == i)
parts = np.array_split(a, 3, axis=2)
print(np.concatenate(parts, axis=2).shape, np.array_equal(np.concatenate(parts, axis=2), a))
print(np.diff(np.cumsum(np.arange(6))))
