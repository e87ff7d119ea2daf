import numpy as np
a = np.array([[3, 1, 4], [1, 5, 9]])
print(repr(a.min()), repr(a.max()), repr(a.min(axis=0)), repr(a.max(axis=1)))
print(repr(np.amin(a, axis=1, keepdims=True)), repr(np.amax(a)))
print(repr(np.max([1.0, np.nan, 3.0])), repr(np.min(np.array([2.5, -1.0], dtype=np.float32))))
