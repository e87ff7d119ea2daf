import numpy as np
for t in [np.float16, np.float32, np.float64, np.complex64]:
    f = np.finfo(t)
    print(repr(f.eps), repr(f.max), repr(f.tiny), f.bits, f.precision, f.dtype)
