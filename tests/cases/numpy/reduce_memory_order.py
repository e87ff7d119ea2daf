# A reduction over every axis of a transposed view adds in the order of
# the view's memory, as NumPy's iterator visits it, so the pairwise sum of
# a.T rounds as a's does (a C-order copy of the view rounds otherwise);
# mean and var follow their sums.
import numpy as np

i = np.arange(600)
a = (((i * 37) % 101 - 50) / 7.0 * 10.0 ** (i % 7)).reshape(20, 30)
b = ((((np.arange(301) * 13) % 29 - 14) / np.float32(3.0)).astype(np.float32) * np.float32(10.0) ** (np.arange(301) % 4).astype(np.float32)).reshape(7, 43)
p = (1 + ((np.arange(40) * 7) % 11 - 5) / 3e3).reshape(5, 8)
for x in (a, b, p):
    for v in (x, x.T, np.transpose(x), x.T[:, 1:]):
        print(repr(v.sum()), repr(np.sum(v, axis=(0, 1))), repr(v.mean()), repr(v.var()), repr(v.prod()))
        print(" copy:", repr(np.ascontiguousarray(v).sum()))
print(repr(np.add.reduce(a.T, axis=None)), repr(np.sum(a.T, keepdims=True)))
