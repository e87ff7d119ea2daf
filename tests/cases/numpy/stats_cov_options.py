import numpy as np
x = np.array([[1.0, 2.0, 4.0], [2.0, 1.0, 0.5], [3.0, 3.5, 1.0], [0.0, 1.0, 2.0]])
print(np.cov(x, rowvar=False))
print(np.cov(x, bias=True))
print(np.cov(x, ddof=0))
print(np.cov(x, ddof=2))
