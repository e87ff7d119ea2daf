# Iterating arrays: elements of a 1-d array, rows of a 2-d one, each as NumPy gives it.
import numpy as np
a = np.arange(6, dtype=np.float64)
print(sum(a), min(a), max(a), repr(sum(a)), repr(max(a)))
print([repr(v) for v in a[:3]], list(a[::-2]), [type(v).__name__ for v in np.array([1, 2], dtype=np.uint8)])
m = a.reshape(2, 3)
for row in m:
    print(row, row.shape, row.sum())
rows = list(m)
rows[0][0] = 100.0
print(m[0, 0], len(rows), [r.tolist() for r in m.T])
print(sorted(np.array([3, 1, 2])), list(enumerate(np.array([5, 6]))), dict(zip("ab", np.array([1.5, 2.5]))))
n = 0
for v in a:
    if v > 2:
        n = n + 1
print(n, any(np.array([0, 0, 1])), all(np.array([1, 2, 0])), max(np.array([1.5, np.nan, 0.5])))
print(list(np.array([], dtype=np.int32)), [list(r) for r in np.zeros((2, 0))], min(np.array([[1, 2]]), key=len))
print(list(reversed(np.arange(3))), [r.tolist() for r in reversed(np.eye(2))], type(reversed(np.arange(2))).__name__)
