import numpy as np
a = [4, 3, 5, 7, 6, 8]
indices = [0, 1, 4]
print(np.take(a, indices))
print(np.take(a, [[0, 1], [2, 3]]))
b = np.arange(12).reshape(3, 4)
print(np.take(b, [0, 5, 11]))
print(np.take(b, [2, 0], axis=1))
print(np.take(b, 1, axis=0))
print(repr(np.take(b, 7)))
print(np.take(b, [-1, -3], axis=0))
print(np.take(b, [[1], [2]], axis=1).shape)
print(np.take(np.array([1.5, 2.5], dtype=np.float32), [1, 1, 0]))
print(np.take(b, [], axis=1).shape)
