import numpy as np
print(repr(np.float64(0.1)), str(np.float64(0.1)))
print(repr(np.float32(1e10)), str(np.float32(1e10)))
print(repr(np.float64(1e16)), str(np.float64(1e16)))
print(repr(np.complex64(1-2j)), str(np.complex64(1-2j)))
print(repr(np.True_), repr(np.False_))
