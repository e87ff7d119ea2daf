import numpy as np
print(repr(np.float32(1) + 1.5), repr(np.int32(5) * 2), repr(np.int64(7) / 2), repr(2 ** np.int8(3)))
print(repr(np.uint8(3) - 5 if False else np.uint8(3) + 2), repr(np.float16(1.5) * 2))
print(repr(np.int8(100) + np.int16(100)))
print(repr(np.bool_(True) + 1), repr(np.float64(3) // 2), repr(np.float64(-3) % 2))
