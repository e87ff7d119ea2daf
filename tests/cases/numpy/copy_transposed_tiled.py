# Copies into C order of views whose innermost axis in memory is not the
# last one (m.T.copy(), permuted 3-d views, reversed and sliced views, the
# copy a reshape makes, astype of a transposed view).
import numpy as np

m = np.arange(70 * 45, dtype=np.float32).reshape(70, 45)
c = m.T.copy()
print(c.shape, c.strides, bool((c == m.T).all()))
print(c[3, :5], c[-1, -3:])

t = np.arange(5 * 40 * 37).reshape(5, 40, 37)
w = np.arange(5 * 40 * 37).reshape(5, 40, 37) % 13
for p in [(0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]:
    u = t.transpose(p).copy()
    print(p, u.shape, u.strides, u[1, 2, :4], int((u * w.reshape(u.shape)).sum()))

r = m[::-1, ::2].T.copy()
print(r.shape, r.strides, r[:2, :3], r[-1, -2:])
print(m.T.astype(np.float64)[:2, :3])
print(m.T.reshape(-1)[40:48])
big = np.arange(600 * 500, dtype=np.int16).reshape(600, 500)
bt = big.T.copy()
print(bt.strides, int((bt.astype(np.int64) * np.arange(bt.size).reshape(bt.shape)).sum()))
