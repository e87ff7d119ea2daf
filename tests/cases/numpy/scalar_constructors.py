import numpy as np
print(repr(np.float32(1.5)), np.float32(1.5))
print(repr(np.int8(-3)), repr(np.uint16(7)))
print(repr(np.float64(2)), repr(np.complex128(1+2j)))
print(repr(np.bool_(1)), repr(np.float16(0.1)))
print(repr(np.int64('7' if False else 7)))
