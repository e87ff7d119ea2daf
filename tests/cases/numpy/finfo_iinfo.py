import numpy as np
f = np.finfo(np.float32)
print(f.eps, f.max, f.min, f.tiny, f.bits, f.precision, f.resolution)
print(repr(np.finfo(np.float64).eps))
print(repr(np.finfo(np.float16)))
i = np.iinfo(np.int16)
print(i.min, i.max, i.bits)
print(np.iinfo(np.uint64).max)
print(repr(np.iinfo(np.int8)))
