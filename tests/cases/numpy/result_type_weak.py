import numpy as np
ts = ['bool', 'int8', 'uint8', 'int32', 'uint64', 'float16', 'float32', 'float64', 'complex64']
for t in ts:
    print(t, np.result_type(t, 1), np.result_type(t, 1.0), np.result_type(t, 1j))
