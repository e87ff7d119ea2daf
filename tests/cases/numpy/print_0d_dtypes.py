import numpy as np
for t in ['int8', 'uint16', 'float16', 'float32', 'complex64', 'bool']:
    a = np.array(1, dtype=t)
    print(repr(a), a)
