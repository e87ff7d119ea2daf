# 0-d arrays where NumPy's functions give scalars or 1-d results: flip
# gives a scalar, argsort a 1-d array, and the ufunc reductions take
# axis=0 or axis=-1 as no axis (mean, var, std and a tuple of axes raise).
import numpy as np

a = np.array(5.0)
print(repr(np.flip(a)), repr(np.flip(np.array([1, 2]))))
print(repr(np.argsort(a)), repr(np.argsort(np.array(3), kind="stable")))
for name, f in [
    ("sum", lambda: np.sum(a, axis=0)),
    ("sum -1", lambda: np.sum(a, axis=-1)),
    ("prod", lambda: np.prod(a, axis=0)),
    ("min", lambda: np.min(a, axis=0)),
    ("max method", lambda: a.max(axis=-1)),
    ("all", lambda: np.array(3).all(axis=-1)),
    ("any", lambda: np.any(a, axis=0)),
    ("argmin", lambda: np.argmin(a, axis=-1)),
    ("cumsum", lambda: np.cumsum(a, axis=-1)),
    ("nansum", lambda: np.nansum(a, axis=-1)),
    ("nanmax", lambda: np.nanmax(a, axis=0)),
    ("count_nonzero", lambda: np.count_nonzero(a, axis=0)),
    ("ptp", lambda: np.ptp(a, axis=0)),
    ("mean", lambda: np.mean(a, axis=0)),
    ("nanmean", lambda: np.nanmean(a, axis=0)),
    ("nanmean int", lambda: np.nanmean(np.array(3), axis=0)),
    ("std", lambda: np.std(a, axis=0)),
    ("any tuple", lambda: np.any(a, axis=(0,))),
    ("sum 1", lambda: np.sum(a, axis=1)),
]:
    try:
        print(name, repr(f()))
    except Exception as e:
        print(name, type(e).__name__, e)
