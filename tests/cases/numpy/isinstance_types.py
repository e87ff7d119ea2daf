import numpy as np
a = np.arange(3)
print(isinstance(a, np.ndarray), isinstance([1], np.ndarray))
s = a[0]
print(isinstance(s, np.int64), isinstance(s, np.integer), isinstance(s, np.floating), isinstance(s, np.generic), isinstance(s, np.number))
print(type(a), type(s))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(a.dtype, np.integer))
