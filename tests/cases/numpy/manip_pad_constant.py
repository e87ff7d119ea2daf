import numpy as np
a = [1, 2, 3, 4, 5]
print(np.pad(a, (2, 3), 'constant', constant_values=(4, 6)))
print(np.pad(a, 2))
print(np.pad(np.array([[1, 2], [3, 4]]), 1))
print(np.pad(np.array([[1, 2], [3, 4]]), ((1, 0), (0, 2)), constant_values=9))
print(np.pad(np.array([[1, 2], [3, 4]]), ((1, 1), (2, 2)), constant_values=((7, 8), (5, 6))))
print(np.pad(np.arange(3, dtype=np.float32), 1, constant_values=-0.5))
print(np.pad(np.arange(3, dtype=np.int8), 1, constant_values=2.7))
print(np.pad(np.ones((1, 1), dtype=bool), [(0, 1)]))
