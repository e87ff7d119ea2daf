import numpy as np
a = np.arange(12).reshape(3, 4)
print(repr(a.sum()), repr(a.sum(axis=0)), repr(a.sum(axis=1)), repr(a.sum(axis=-1)))
print(repr(a.sum(axis=(0, 1))), repr(a.sum(axis=0, keepdims=True)))
print(repr(np.sum(a, axis=1, dtype=np.float32)))
