# xpush: skip-device=npu
# (On an NPU session the gather in memory order is not done yet: the
# reversed views are reduced in the device path's own order.)
# A reduction over every axis of a view that is no single strided run in
# memory order (an axis reversed or sliced: m[:, ::-1], m[::-1, 1:]) is,
# up to NumPy's buffer of 8192 elements, one pairwise sum over the elements
# in memory order (NumPy's iterator copies them into its buffer in that
# order, each axis walked in its own direction), not a sum of row sums.
import numpy as np

i = np.arange(600)
a = (((i * 37) % 101 - 50) / 7.0 * 10.0 ** (i % 7)).reshape(20, 30)
b = ((((np.arange(301) * 13) % 29 - 14) / np.float32(3.0)).astype(np.float32) * np.float32(10.0) ** (np.arange(301) % 4).astype(np.float32)).reshape(7, 43)
c = (a[:6, :20] + 1j * a[6:12, :20][::-1]).astype(np.complex128)
d = a.reshape(4, 5, 30)
for x in (a, b, c, d):
    for v in (x[:, ::-1], x[::-1, 1:], x[::-1, ::-1], x[::2, ::-1], x.T[::-1, 1:], x[1:, :-1]):
        print(repr(v.sum()), repr(np.sum(v, axis=tuple(range(v.ndim)))), repr(v.mean()), repr(v.var()))
        print(" nan:", repr(np.nansum(v)), repr(np.nanmean(v)), repr(v.std()))
