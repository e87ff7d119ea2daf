# NumPy's Python-level array functions: nancumsum/nancumprod, the array-API
# cumulative_sum/cumulative_prod, array_equiv, the as*array family, vander,
# the windows, unwrap, unstack and broadcast_shapes.
import numpy as np

a = np.array([[1.0, np.nan, 2.0], [np.nan, 3.0, 4.0]])
print(np.nancumsum(a), np.nancumsum(a, axis=0), np.nancumsum(a, axis=1))
print(np.nancumprod(a, axis=1), np.nancumprod([2, 3]), np.nancumsum(np.array([1, np.nan], dtype=np.float32)))
print(np.nancumsum([1, 2], dtype=np.float32), np.nancumsum(np.array([np.nan, 1j])))
print(np.cumulative_sum([1, 2, 3]), np.cumulative_sum([1, 2, 3], include_initial=True))
print(np.cumulative_prod([1, 2, 3], include_initial=True), np.cumulative_prod(np.array([1.5, 2.0], dtype=np.float32)))
m = np.arange(6).reshape(2, 3)
print(np.cumulative_sum(m, axis=0), np.cumulative_sum(m, axis=1, include_initial=True))
print(np.cumulative_sum(m, axis=-1, dtype=np.float64, include_initial=True))
print(np.cumulative_prod(np.array([True, True, False]), include_initial=True))
o = np.zeros((2, 4), dtype=np.int64)
print(np.cumulative_sum(m, axis=1, include_initial=True, out=o) is o, o)
print(np.array_equiv([1, 2], [1, 2]), np.array_equiv([1, 2], [[1, 2], [1, 2]]), np.array_equiv([1, 2], [1, 3]))
print(np.array_equiv([1, 2], [1, 2, 3]), np.array_equiv([1, 2], [[1, 2, 1, 2], [1, 2, 1, 2]]), np.array_equiv(1.0, [1, 1]))
print(np.asanyarray([1, 2]), np.asanyarray([1, 2], dtype=np.float32), np.asanyarray(3.5))
x = np.arange(12).reshape(3, 4)
c = np.ascontiguousarray(x[:, ::2])
print(c, c.strides, np.ascontiguousarray(5), np.ascontiguousarray([1, 2], dtype=np.float32))
print(np.ascontiguousarray(x) is x)
f = np.asfortranarray(x)
print(f, f.strides, np.asfortranarray([1.0, 2.0]).strides, np.asfortranarray(2).shape)
print(np.asarray_chkfinite([1, 2]), np.asarray_chkfinite([1.0, 2.0], dtype=np.float32))
print(np.vander([1, 2, 3]), np.vander([1, 2, 3], 2), np.vander([1, 2, 3], 4, increasing=True))
print(np.vander(np.array([0.5, -1.5], dtype=np.float32), 3), np.vander([True, False]), np.vander([2], 0).shape, np.vander([1j, 2], 3))
print(np.vander(np.array([3, 4], dtype=np.uint8), 3))
for M in [0, 1, 2, 5, 6, 7.0, -3]:
    print(M, np.bartlett(M), np.blackman(M), np.hamming(M), np.hanning(M), np.kaiser(M, 14))
print(np.kaiser(8, 0.0), np.kaiser(5, 8.6), np.hanning(12).sum(), np.blackman(51)[10:13])
p = np.array([0.0, 0.78, 5.49, 6.28, 12.5, 1.0, -4.0])
print(np.unwrap(p), np.unwrap(p, discont=4.0), np.unwrap(p, period=4.0))
print(np.unwrap([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], period=4), np.unwrap([2, 3, 4, 5, 2, 3, 4, 5], period=4))
print(np.unwrap(np.array([[0.0, 3.5, 7.0], [1.0, -2.5, 0.5]]), axis=0), np.unwrap(np.array([[0.0, 3.5, 7.0], [1.0, -2.5, 0.5]])))
print(np.unwrap(np.array([0.0, 4.0, 8.0], dtype=np.float32)), np.unwrap([0, 3, 6, 1], period=6))
print(np.unstack(np.arange(4).reshape(2, 2)), np.unstack(np.arange(6).reshape(2, 3), axis=1), np.unstack(np.arange(3)))
print(np.broadcast_shapes((2, 1), (3,)), np.broadcast_shapes(), np.broadcast_shapes(5, (1, 5), (4, 1, 1)), np.broadcast_shapes((0,), (1,)))
for bad in [lambda: np.asarray_chkfinite([1.0, np.inf]), lambda: np.asarray_chkfinite([np.nan]),
            lambda: np.vander([[1, 2]]), lambda: np.vander([1, 2], -1),
            lambda: np.cumulative_sum(m), lambda: np.cumulative_sum(np.float64(2)),
            lambda: np.unstack(np.float64(2)), lambda: np.unstack(m, axis=2),
            lambda: np.broadcast_shapes((2,), (3,)), lambda: np.broadcast_shapes((2, 1), (1, 3), (4,)),
            lambda: np.broadcast_shapes((1,), (-1,))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
z = np.zeros((2, 3, 4, 5))
print(np.moveaxis(z, [0, 1], [-1, -2]).shape, np.moveaxis(z, (3, 0), (0, 3)).shape, np.moveaxis(z, -1, 1).shape)
d = np.zeros(3, dtype=np.uint8)
np.copyto(d, 5)
print(d)
e = np.zeros(3, dtype=np.int16)
np.copyto(e, [1, 2, 3], where=[True, False, True])
print(e)
np.copyto(e, np.array([[9], [8], [7]])[2])
print(e)
f = np.zeros((2, 2))
print(np.copyto(f, np.float32(2.5)), f)
np.copyto(f, [1.0, 2.0], casting='no')
print(f)
for bad in [lambda: np.moveaxis(z, 4, 0), lambda: np.moveaxis(z, 0, -5), lambda: np.moveaxis(z, [0, 1], [0]),
            lambda: np.moveaxis(z, [0, 0], [1, 2]), lambda: np.copyto([1], [2]), lambda: np.copyto(d, 300),
            lambda: np.copyto(d, np.int64(7)), lambda: np.copyto(f, np.ones(3)),
            lambda: np.copyto(np.zeros(2, dtype=np.int64), np.ones(2))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
