import numpy as np
z = np.array([1+2j, -1j])
print(repr(z * z), repr(z + 1), repr(abs(z)), repr(z.conj()))
print(repr(z * np.float32(2)))
