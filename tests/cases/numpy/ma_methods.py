# MaskedArray's methods: the module functions' counterparts.
import numpy as np
import numpy.ma as ma

m = ma.array([[1, 2, 0], [3, 4, 5]], mask=[[0, 1, 0], [0, 0, 1]])
print(repr(m.all()), repr(m.any(axis=0)), repr(m.all(axis=1)))
print(repr(m.ptp()), repr(m.ptp(axis=1)))
print(m.nonzero())
print(repr(ma.array([1.26, 2.5, 3.75], mask=[0, 1, 0]).round(1)))
print(repr(m.trace()), repr(m.trace(offset=1)), repr(m.diagonal()))
print(repr(m.dot(np.ones((3, 2), dtype=int))))
print(repr(m.compress([True, False, True], axis=1)))
print(repr(m.ravel()), repr(m.flatten()))
print(repr(m.reshape(3, 2)), repr(m.reshape((6,))))
print(repr(m.transpose()), repr(m.T), repr(m.transpose(1, 0).shape))
print(repr(m.copy()), repr(m[:1].squeeze()))
print(repr(m.swapaxes(0, 1).shape), repr(m.repeat(2, axis=0)))
print(repr(m.take([0, 4])), repr(m.cumsum()), repr(m.cumprod(axis=1)))
print(repr(m.clip(2, 4)))
p = ma.array([1, 2, 3], mask=[0, 1, 0])
p.put([1, 2], [8, 9])
print(repr(p))
f = m.flatten()
f[0] = 100
print(m[0, 0], f[0])
