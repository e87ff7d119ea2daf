# float16's shortest repr: Dragon4's rounding interval is asymmetric at a
# power of two, so the digits can be the far neighbour of the nearest
# (np.float16(-0.015625) is -0.01563).
import numpy as np

powers = np.array([2.0**k for k in range(-24, 16)], dtype=np.float16)
print(repr(powers))
print(repr(-powers[10:20]))
print(str(powers[::-3]))
print(repr(np.array([2.0**-6, -2.0**-6, 2.0**-14, 2.0**-10, 3.0], dtype=np.float16)))
print(repr(np.array(2.0, dtype=np.float16) / np.array([1, -128, 1], dtype=np.int8)))
print(repr(np.arange(0, 1, 1 / 64, dtype=np.float16)[1:6]))
vals = np.linspace(-3, 3, 41).astype(np.float16)
print(repr(vals[::7]))
print(repr(np.float16(-0.015625)), str(np.float16(2.0**-14)), repr(np.float16(1 / 3)), repr(np.float16(65504)))
