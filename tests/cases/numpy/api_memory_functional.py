# Memory sharing, require, putmask, fromfunction, apply_along_axis,
# apply_over_axes, piecewise, mask_indices, packbits/unpackbits, ndindex
# and ndenumerate.
import numpy as np

x = np.arange(12)
print(np.shares_memory(x[::2], x[1::2]), np.may_share_memory(x[::2], x[1::2]), np.shares_memory(x[:4], x[3:]))
print(np.shares_memory(x, np.arange(12)), np.may_share_memory(x, x.copy()), np.shares_memory(x[:0], x))
m = x.reshape(3, 4)
print(np.shares_memory(m[:, 0], m[:, 1]), np.shares_memory(m[0], m[:, 0]), np.shares_memory(m.T, m), np.shares_memory(m[::-1], m[2]))
print(np.isfortran(np.ones((2, 3)).T), np.isfortran(np.ones((2, 3))), np.isfortran(np.ones(3)), np.isfortran(np.ones((1, 3)).T))
r = np.require(m.T, requirements='C')
print(r.strides, r.flags['C_CONTIGUOUS'] if hasattr(r, 'flags') and False else True, np.require(m, requirements=['F']).strides, np.require(m) is m)
print(np.require(m, dtype=np.float32, requirements=('C', 'A')).dtype, np.require(m, requirements='O') is m)
y = np.arange(6)
np.putmask(y, y > 2, [-33, -44])
print(y)
z = np.zeros((2, 3))
np.putmask(z, [[True, False, True], [False, True, False]], [1.5])
print(z)
w = np.arange(5)
np.putmask(w, w % 2 == 0, [7, 8, 9, 10, 11, 12])
print(w)
print(np.fromfunction(lambda i, j: i + j, (2, 3)), np.fromfunction(lambda i, j: i * 10 + j, (2, 2), dtype=int))
print(np.fromfunction(lambda i: i ** 2, (4,), dtype=np.int8), np.fromfunction(lambda i, j, k=1: (i + j) * k, (2, 2), k=3))
b = np.array([[8, 1, 7], [4, 3, 9], [5, 2, 6]])
print(np.apply_along_axis(np.sum, 1, b), np.apply_along_axis(np.sum, 0, b), np.apply_along_axis(sorted, 1, b))
print(np.apply_along_axis(lambda a: (a[0] + a[-1]) * 0.5, 0, b), np.apply_along_axis(np.diag, -1, b).shape)
print(np.apply_along_axis(lambda v, s: v * s, 1, b, 10), np.apply_along_axis(np.cumsum, 0, b))
c = np.arange(24).reshape(2, 3, 4)
print(np.apply_over_axes(np.sum, c, [0, 2]), np.apply_over_axes(np.sum, c, 1).shape, np.apply_over_axes(np.mean, c, (-1,)).shape)
t = np.linspace(-2.5, 2.5, 6)
print(np.piecewise(t, [t < 0, t >= 0], [-1, 1]))
print(np.piecewise(t, [t < 0, t >= 0], [lambda v: -v, lambda v: v]))
print(np.piecewise(t, [t < -1, t > 1], [0, lambda v: v * 2, 9.5]))
print(np.piecewise(np.array(3.0), [True], [lambda v: v + 1]), np.piecewise(t, t > 0, [lambda v: v ** 2]))
print(np.piecewise(np.arange(4), [np.arange(4) > 1], [lambda v, k: v * k, 0], 5))
print(np.mask_indices(3, np.triu), np.mask_indices(3, np.triu, 1), np.mask_indices(3, np.tril, -1))
print(np.packbits([1, 0, 1, 1, 0, 0, 0, 0, 1]), np.packbits(np.array([[1, 0, 1], [0, 1, 1]]), axis=1))
print(np.packbits(np.array([[1, 0, 1], [0, 1, 1]]), axis=0), np.packbits([True, False, True], bitorder='little'), np.packbits(np.array([], dtype=np.uint8)))
bits = np.array([[2], [7], [23]], dtype=np.uint8)
print(np.unpackbits(bits, axis=1), np.unpackbits(bits), np.unpackbits(bits, axis=1, count=-3))
print(np.unpackbits(bits, axis=1, count=10), np.unpackbits(bits, axis=0, count=2), np.unpackbits(np.array([1], dtype=np.uint8), bitorder='little'))
print(list(np.ndindex(2, 2)), list(np.ndindex((2, 1, 2))), list(np.ndindex()), list(np.ndindex(0, 3)))
for idx, v in np.ndenumerate(np.array([[1.5, 2.5], [3.5, 4.5]])):
    print(idx, v)
print(list(np.ndenumerate([7, 8])), list(np.ndenumerate(np.array(5))))
for bad in [lambda: np.putmask([1, 2], [True, False], 0), lambda: np.putmask(np.zeros(3), [True], 1),
            lambda: np.packbits([1.5, 2.0]), lambda: np.unpackbits(np.array([1, 2])),
            lambda: np.piecewise(t, [t < 0, t > 0], [1]), lambda: np.apply_along_axis(np.sum, 0, np.zeros((0, 3))),
            lambda: np.require(m, requirements='CF'), lambda: np.require(m, requirements='X'),
            lambda: np.packbits([1, 0], bitorder='middle'), lambda: np.apply_along_axis(np.sum, 2, b),
            lambda: np.apply_over_axes(lambda a, ax: a.sum(axis=ax).sum(), c, [0])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
