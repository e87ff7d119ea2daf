import numpy as np
for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    i = np.iinfo(t)
    print(i.min, i.max, i.bits, i.dtype)
