import numpy as np
ts = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128]
for a in ts:
    row = []
    for b in ts:
        row.append(str(np.promote_types(a, b)))
    print(' '.join(row))
