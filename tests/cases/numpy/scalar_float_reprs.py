import numpy as np
for v in [0.1, 1/3, 1e-5, 123456.789, 1e20, -2.5e-10]:
    print(repr(np.float64(v)), repr(np.float32(v)), repr(np.float16(v)))
