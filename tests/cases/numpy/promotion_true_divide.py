import numpy as np
for t in ['int8', 'uint8', 'int32', 'int64', 'float16', 'float32', 'bool']:
    print(t, (np.ones(2, dtype=t) / np.ones(2, dtype=t)).dtype)
