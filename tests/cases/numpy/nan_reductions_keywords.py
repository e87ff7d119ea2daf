# nansum, nanprod, nanmax, nanmin and nanmean take NumPy's keywords:
# initial= and where= (nansum/nanprod are np.sum/np.prod of the array with
# NaN replaced; nanmax/nanmin are np.fmax/np.fmin.reduce, so a masked-out
# element is skipped and initial starts every slice), and nanmean's dtype=
# (np.mean's for an integer array; inexact only for floats).
import numpy as np

a = np.array([[1.5, np.nan, -3.0], [np.nan, np.nan, 2.0]])
m = np.array([[True, True, False], [False, True, True]])
print(repr(np.nansum(a, initial=10.0)), repr(np.nansum(a, axis=1, where=m)))
print(repr(np.nansum(a, axis=0, initial=1, where=m, keepdims=True)))
print(repr(np.nanprod(a, axis=1, initial=2.0, where=m)))
print(repr(np.nansum(np.array([1, 2, 3], dtype=np.int8), initial=100, dtype=np.int8)))
with np.errstate(all="ignore"):
    print(repr(np.nanmax(a, axis=1, initial=-5.0)), repr(np.nanmin(a, axis=0, initial=0.0)))
    print(repr(np.nanmax(a, axis=0, initial=-1.0, where=m)))
    print(repr(np.nanmax(a, initial=np.nan)), repr(np.nanmax(a, axis=1, initial=100.0, keepdims=True)))
    print(repr(np.nanmin(np.zeros((2, 0)), axis=1, initial=7.0)))
    print(repr(np.nanmax(np.array([3, 9, 1], dtype=np.uint8), initial=200, where=[True, False, True])))
    print(repr(np.nanmean(a, axis=1, where=m)), repr(np.nanmean(a, where=m, keepdims=True)))
    print(repr(np.nanmean(a, axis=0, dtype=np.float32)))
print(repr(np.nanmean(np.array([[-3, 1]]), dtype=np.uint8)))
print(repr(np.nanmean(np.array([1, 2, 4]), where=[True, False, True])))
try:
    np.nanmax(a, where=m)
except ValueError as e:
    print("ValueError:", e)
try:
    np.nanmean(a, dtype=np.int64)
except TypeError as e:
    print("TypeError:", e)
