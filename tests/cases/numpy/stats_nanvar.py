import numpy as np
a = np.array([[1.0, np.nan], [3.0, 4.0]])
print(np.nanvar(a))
print(np.nanvar(a, axis=0))
print(np.nanvar(a, axis=1))
print(np.nanvar(a, axis=1, keepdims=True))
print(np.nanvar([1, 2, 3, 4]))
