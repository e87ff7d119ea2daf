# np.imag of a real array is zeros, even for negative, infinite and NaN
# elements (not x * 0).
import numpy as np
a = np.array([1.5, -0.25, np.inf, -np.inf, np.nan, -0.0])
print(np.imag(a))
print(np.imag(a.astype(np.float32)))
print(np.imag(np.array([-3, 4], dtype=np.int16)))
z = np.array([1 - 2j, np.inf + np.nan * 1j])
print(np.imag(z), z.imag[::-1])
