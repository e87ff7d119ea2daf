# np.ma's compress, apply_along_axis, apply_over_axes, ndenumerate, masked_singleton; errors of the new functions.
import numpy as np
import numpy.ma as ma
a = ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [1, 1, 1]])
print(repr(ma.apply_along_axis(ma.sum, 1, a)))
print(repr(ma.apply_along_axis(ma.sum, 0, a)))
print(repr(ma.apply_along_axis(np.sum, 1, np.arange(6).reshape(2, 3))))
print(repr(ma.apply_along_axis(ma.cumsum, 1, a)))
print(repr(ma.apply_along_axis(ma.max, 0, a)))
print(repr(ma.apply_over_axes(ma.sum, a, [0, 1])))
print(repr(ma.apply_over_axes(ma.sum, a, 1)))
print(list(ma.ndenumerate(a)))
print(list(ma.ndenumerate(a, compressed=False)))
print(list(ma.ndenumerate([5, 6])))
print(repr(ma.masked_singleton), ma.masked_singleton is ma.masked)
c = ma.array([1, 2, 3], mask=[0, 1, 0], fill_value=7)
print(repr(ma.compress([True, True, False], c)))
print(repr(ma.compress([0, 1], ma.array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]), axis=1)))
print(repr(ma.compress([1, 0, 1], [4, 5, 6])))
print(repr(ma.apply_along_axis(ma.mean, 0, ma.array([[1.0, 2.0], [3.0, 5.0]], mask=[[0, 1], [0, 1]]))))
print(repr(ma.apply_along_axis(np.sort, 0, np.array([[3, 1], [2, 5]]))))
try:
    ma.apply_over_axes(ma.take, a, 0)
except ValueError as e:
    print("ValueError:", e)
ea = ma.array([[1, 2], [3, 4]], mask=[[1, 0], [0, 0]])
for f in [lambda: ma.compress_nd(ea, 2), lambda: ma.compress_nd(ea, (0, 0)), lambda: ma.mask_rowcols(ma.array([1, 2])),
          lambda: ma.notmasked_contiguous(np.zeros((2, 2, 2)), axis=0), lambda: ma.diff(ma.array(5)),
          lambda: ma.put(ma.array([1, 2]), [5], [1]), lambda: ma.apply_along_axis(ma.sum, 2, ea),
          lambda: ma.cov([1.0, 2.0], ddof=1.5), lambda: ma.polyfit([1.0, 2.0], [1.0, 2.0], 1, w=[[1.0]]),
          lambda: ma.hsplit(ma.array([1, 2, 3]), 2), lambda: ma.choose([0, 2], [[1, 2], [3, 4]])]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)
