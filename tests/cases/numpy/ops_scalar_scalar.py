import numpy as np
x = np.float32(1.5)
y = np.float64(2.0)
print(repr(x + y), repr(x * x), repr(x / 2))
print(repr(np.int32(7) // np.int32(2)), repr(np.int16(3) ** 2))
print(repr(np.uint8(200) + np.uint8(100)))
