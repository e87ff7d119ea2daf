import numpy as np
a = np.array([1.0, 1.00001, np.nan, np.inf])
b = np.array([1.0, 1.0, np.nan, np.inf])
print(np.isclose(a, b), np.isclose(a, b, equal_nan=True))
print(np.allclose([1.0, 2.0], [1.0, 2.0000001]), np.allclose(a, b), np.allclose(a, b, equal_nan=True))
print(np.isclose(1e-9, 0.0), np.isclose(1e-7, 0.0), np.isclose(1e-9, 0.0, atol=0.0))
