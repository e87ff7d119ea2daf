# NumPy scalars hash and compare as the equal Python numbers.
import numpy as np
d = {np.int64(1): 'a', np.float32(2.5): 'b'}
print(d[1], d[2.5], 1 in d, np.int8(1) in d)
a = np.arange(4)
counts = {}
for v in a % 2:
    counts[v] = counts.get(v, 0) + 1
print(counts)
print({int(k): v for k, v in counts.items()})
print(hash(np.float64(0.5)) == hash(0.5), hash(np.int32(-1)), hash(np.bool_(True)))
