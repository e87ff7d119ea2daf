import numpy as np
a = np.array([[True, False], [True, True]])
print(repr(a.all()), repr(a.any()), repr(a.all(axis=0)), repr(a.any(axis=1)))
print(repr(np.all([])), repr(np.any([])), repr(np.all([1.0, 2.0])), repr(np.any(np.zeros(3))))
