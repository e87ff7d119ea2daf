# A user object with __array__ is the array it returns wherever a NumPy
# function takes an array (np.asarray, np.array with a dtype, ufuncs,
# reductions, keyword arguments).
import numpy as np


class Temps:
    def __init__(self, values):
        self.values = values

    def __array__(self, dtype=None, copy=None):
        return np.array(self.values, dtype=dtype)


t = Temps([21.5, 19.0, 23.25])
a = np.asarray(t)
print(a, a.dtype, type(a).__name__)
print(np.array(t, dtype=np.float32), np.array(t, dtype=int))
print(np.mean(t), np.max(t), np.add(t, 1), np.sqrt(Temps([4.0, 9.0])))
print(np.concatenate([np.asarray(t), np.asarray(Temps([1.0]))]))
print(np.where(np.asarray(t) > 20, t, 0.0))
print(np.clip(t, a_min=20, a_max=22))


class Bad:
    def __array__(self, dtype=None, copy=None):
        return [1, 2]


try:
    np.asarray(Bad())
except ValueError as e:
    print("ValueError:", e)
