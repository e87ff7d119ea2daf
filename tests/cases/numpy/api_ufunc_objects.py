# Ufunc objects: np.ufunc, their attributes from NumPy's own ufunc table,
# and reduce/accumulate for every binary ufunc.
import numpy as np

print(np.ufunc, type(np.add), isinstance(np.add, np.ufunc), isinstance(np.sin, np.ufunc), isinstance(np.sum, np.ufunc))
print(isinstance(np.abs, np.ufunc), isinstance(np.sinc, np.ufunc), isinstance(np.isposinf, np.ufunc), np.add, np.divmod)
for u in [np.add, np.subtract, np.multiply, np.maximum, np.logical_and, np.logical_or, np.bitwise_and, np.logaddexp, np.sin, np.divmod, np.matmul, np.isnan]:
    print(u.__name__, u.nin, u.nout, u.nargs, u.ntypes, u.identity, u.signature, u.types[:4])
print(np.sqrt.types, np.add.types == np.add.types, len(np.arctan2.types))
print(np.subtract.reduce([10, 2, 3]), np.divide.reduce([8, 2, 2]), np.power.reduce([2, 3, 2]), np.maximum.accumulate([1, 3, 2, 5, 4]))
print(np.minimum.accumulate(np.array([[5, 3], [4, 6], [1, 7]])), np.minimum.accumulate(np.array([[5, 3, 1], [4, 6, 0]]), axis=1))
print(np.subtract.accumulate([10, 2, 3]), np.divide.accumulate([8, 2, 2]), np.logical_xor.reduce([True, True, True]), np.bitwise_or.reduce([1, 2, 4]))
print(np.fmax.accumulate([1.0, np.nan, 0.5, 3.0]), np.maximum.accumulate([1.0, np.nan, 0.5]), np.hypot.reduce([3.0, 4.0, 12.0]))
print(np.subtract.reduce(np.arange(12).reshape(3, 4)), np.subtract.reduce(np.arange(12).reshape(3, 4), axis=1, keepdims=True))
print(np.arctan2.accumulate([1.0, 2.0, 3.0]), np.subtract.accumulate(np.array([[1, 2], [3, 4]]), axis=1), np.subtract.accumulate(np.zeros((0, 2))))
print(np.gcd.reduce([12, 18, 24]), np.lcm.reduce([2, 3, 4]), np.floor_divide.reduce([100, 3, 2]), np.subtract.reduce([5], axis=0))
for bad in [lambda: np.sin.reduce([1.0]), lambda: np.sin.accumulate([1.0]), lambda: np.sin.outer([1.0], [2.0]),
            lambda: np.divmod.reduce([1, 2]), lambda: np.subtract.reduce([]), lambda: np.subtract.reduce(np.ones((2, 2)), axis=(0, 1)),
            lambda: np.subtract.reduce(np.ones((2, 2)), axis=None), lambda: np.ufunc()]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
