# Slice bounds beyond the index range clamp as CPython clamps them
# (PySlice_Unpack): an empty selection, not an OverflowError; NumPy
# integer scalars index with all their bits.
import numpy as np

a = np.arange(5)
print(repr(a[10**20:]))
print(repr(a[:10**20]))
print(repr(a[-10**20:2]))
print(repr(a[::10**20]))
print(repr(a[::-10**20]))
print(repr(a[np.uint64(2**63):]))
b = np.zeros((2, 0), dtype=np.int16)
b[slice(10**20, None)] = 3.5
print(repr(b))
c = np.arange(6).reshape(2, 3)
c[10**20:] = 7
c[:, -10**20:1] = -1
print(repr(c))
big = np.zeros(3)
print(repr(big[np.int64(2)]), repr(np.arange(10)[np.uint8(9)]))
try:
    big[np.uint64(2**64 - 1)]
except OverflowError as e:
    print("OverflowError:", e)
