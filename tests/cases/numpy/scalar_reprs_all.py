import numpy as np
for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128, np.bool_]:
    print(repr(t(1)), str(t(1)), repr(t(0)))
