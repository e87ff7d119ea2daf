# Comprehensions over NumPy arrays and building arrays from them.
import numpy as np
a = np.arange(6).reshape(2, 3)
print([row.sum() for row in a])
print([float(x) for x in a[0]])
print(np.array([[i * j for j in range(3)] for i in range(3)]))
print(np.array([x ** 2 for x in np.linspace(0, 1, 5)]))
print({i: row.tolist() for i, row in enumerate(a)})
print(sum(x * x for x in a.ravel()), max(v for v in a[1]))
