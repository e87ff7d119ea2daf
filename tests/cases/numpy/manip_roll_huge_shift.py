# np.roll with huge shifts (summed modulo the length, as NumPy's Python ints
# give) and with a float shift array.
import numpy as np
a = np.arange(5)
print(np.roll(a, 2**62), np.roll(a, [2**62, 2**62]), np.roll(a.reshape(1, 5), [2**62, -2**62 + 3], axis=(1, 1)), np.roll(a, -7), np.roll(np.zeros(0), 3))
print(np.roll(np.array([1.5, 2.0]), np.array([1.5, 2.0])))
