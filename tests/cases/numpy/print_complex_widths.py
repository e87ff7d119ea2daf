import numpy as np
print(np.array([1.5+2j, -100-0.25j, 1e-3j]))
print(repr(np.array([1+1j], dtype=np.complex64) / 3))
print(np.array([np.nan + 1j, np.inf - 1j]))
