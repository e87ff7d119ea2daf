# User objects meeting NumPy: reflected methods get Python numbers, sequences become arrays, __array__ is used.
import numpy as np
class Scale:
    def __init__(self, k):
        self.k = k
    def __rmul__(self, other):
        return f"rmul({other!r}, {type(other).__name__})"
    def __mul__(self, other):
        return f"mul({type(other).__name__})"
    def __radd__(self, other):
        return "radd"
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.a, self.b)[i]
class Wrapped:
    def __init__(self, data):
        self.data = data
    def __array__(self, dtype=None, copy=None):
        return np.asarray(self.data, dtype=float)
s = Scale(3)
print(np.float64(2) * s, np.int64(3) * s, s * np.float64(2), np.float32(1.5) * s, 2.5 * s)
print(np.float64(2.0) * Pair(1, 2), np.arange(2) + Pair(10, 20))
print(np.float64(1) + Wrapped([3, 4]), np.arange(2.0) * Wrapped([2, 3]))
