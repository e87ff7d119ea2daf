# Sums whose printed digits depend on NumPy's order of additions: strided
# 1-d runs are one pairwise sum over the whole length (odd lengths,
# negative steps), and axis-0 sums add row after row.
import numpy as np

a = (np.arange(100003, dtype=np.float32) * np.float32(0.37)) % np.float32(11.3) + np.float32(1000.0)
for s in [2, 3, -1, -2, 7]:
    print(s, a[::s].sum(), a[1::s].sum())
for n in [1, 7, 9, 129, 257, 1001, 30001]:
    print(n, a[:2 * n:2].sum(), a[2 * n:0:-2].sum())

m = ((np.arange(400 * 700, dtype=np.float32) * np.float32(0.013)) % np.float32(3.7) + np.float32(1e5)).reshape(400, 700)
s0 = m.sum(axis=0)
print(s0[:4], s0[-3:])
print(m[:, ::3].sum(axis=0)[:4])
print(m[::-1].sum(axis=0)[:4])
i = (np.arange(300 * 900, dtype=np.int32) % 1009 - 500).reshape(300, 900)
print(i.sum(axis=0)[:6], i.sum(axis=0).dtype)
print(m.astype(np.float64).sum(axis=0)[:3])
