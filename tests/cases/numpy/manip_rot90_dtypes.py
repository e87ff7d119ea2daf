import numpy as np
for dt in [np.int8, np.float32, np.complex64, np.bool_]:
    r = np.rot90(np.array([[1, 0], [0, 2]], dtype=dt))
    print(r.dtype, r.tolist())
