import numpy as np
a = np.arange(1000) * 0.1
print(repr(a.sum()))
print(repr(np.ones(10001, dtype=np.float32).sum()))
print(repr((np.arange(100) / 7).sum()))
