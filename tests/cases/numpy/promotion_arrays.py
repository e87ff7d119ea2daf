import numpy as np
ts = [np.bool_, np.int8, np.uint8, np.int32, np.uint32, np.int64, np.uint64, np.float16, np.float32, np.float64, np.complex64]
for a in ts:
    row = []
    for b in ts:
        row.append(str((np.ones(1, dtype=a) + np.ones(1, dtype=b)).dtype))
    print(' '.join(row))
