# Sums large enough to be split across threads, whose printed digits depend
# on NumPy's order of additions: axis-0 sums of a C-contiguous float32
# matrix add row after row into a float32 accumulator (so every column band
# must walk all rows in order), and strided 1-d sums of over a million
# elements are one pairwise sum over the whole run. Each output is printed
# as a few elements plus a float64 checksum weighted by position, which
# changes when any element's last bit does. Values are printed as Python
# floats (exact for float32), so no float32 digit rounding is involved.
import numpy as np

r, c = 3003, 2500
v = np.arange(r * c, dtype=np.float32)
m = ((v * np.float32(0.0137)) % np.float32(5.3) + np.float32(3e4)) * ((v % np.float32(7.0)) - np.float32(3.0))
m = m.reshape(r, c)
w = np.arange(1, c + 1, dtype=np.float64)


def show(s):
    e = s.astype(np.float64)
    print(s.dtype, s.shape, e[:3].tolist(), e[-2:].tolist(), float((e * w[:s.shape[0]]).sum()))


show(m.sum(axis=0))
show(m[::-1].sum(axis=0))
show(m[1:].sum(axis=0))
show(m[:, 1:].sum(axis=0))
show(m[:, ::2].sum(axis=0))
show(m.astype(np.float64).sum(axis=0))
show(m.reshape(3, 1001, c).sum(axis=1)[1])

a = ((np.arange(3300001, dtype=np.float32) * np.float32(0.37)) % np.float32(11.3) + np.float32(1000.0)) * np.float32(1.5)
for s in [2, 3, -1, -2, 5]:
    b = a[::s]
    print(s, b.shape, float(b.sum()), float(b[1:].sum()), float(b.astype(np.float64).sum()))
