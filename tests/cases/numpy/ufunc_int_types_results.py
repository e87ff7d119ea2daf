import numpy as np
for t in ['int8', 'uint8', 'int16', 'int32', 'uint64', 'float16']:
    a = np.array([1, 4], dtype=t)
    print(t, repr(np.sqrt(a)), repr(np.square(a)), repr(np.negative(a) if t[0] != 'u' else a))
