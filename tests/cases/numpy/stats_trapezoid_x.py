import numpy as np
print(np.trapezoid([1, 2, 3], x=[4, 6, 8]))
print(np.trapezoid([1, 2, 3], x=[8, 6, 4]))
x = np.linspace(0, 1, 5)
print(np.trapezoid(x * x, x))
a = np.arange(6).reshape(2, 3)
print(np.trapezoid(a, x=[0.0, 1.0, 3.0], axis=1))
