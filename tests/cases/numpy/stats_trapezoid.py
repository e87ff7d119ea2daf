import numpy as np
print(np.trapezoid([1, 2, 3]))
print(np.trapezoid([1, 2, 3], dx=2))
print(np.trapezoid(np.array([1, 2, 3], dtype=np.float32)))
a = np.arange(6).reshape(2, 3)
print(np.trapezoid(a, axis=0))
print(np.trapezoid(a, axis=1))
