import numpy as np
a = np.array([[True, False, True]])
print(repr(a.sum()), repr(a.sum(axis=1)), repr(a.mean()), repr(a.max()), repr(a.argmax()), repr(np.cumsum(a)))
