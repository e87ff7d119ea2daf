# xpush: skip-device=npu
# The warnings of NumPy's reductions, scans and casts: overflow in reduce
# and accumulate, Mean of empty slice, Degrees of freedom <= 0, All-NaN
# slice, overflow and invalid values in casts; np.average's zero weights.
import warnings

import numpy as np


def messages(label, f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            r = f()
        except (FloatingPointError, ZeroDivisionError) as e:
            r = f"{type(e).__name__}: {e}"
    print(label, r, [str(x.message) for x in w])


big = np.array([1e308, 1e308])
messages("sum", lambda: np.sum(big))
messages("prod", lambda: np.prod(np.array([1e200, 1e200])))
messages("cumsum", lambda: np.cumsum(big))
messages("sum inf-inf", lambda: np.sum(np.array([np.inf, -np.inf])))
messages("sum with inf", lambda: np.sum(np.array([np.inf, 1.0])))
messages("mean empty", lambda: np.mean(np.array([])))
messages("mean empty axis", lambda: np.zeros((0, 3)).mean(axis=0))
messages("mean (3, 0) axis 0", lambda: np.zeros((3, 0)).mean(axis=0))
messages("a.mean()", lambda: np.array([]).mean())
messages("mean overflow", lambda: big.mean())
messages("std ddof", lambda: np.std(np.array([1.0]), ddof=1))
messages("var empty", lambda: np.var(np.array([])))
messages("nanmean all-nan", lambda: np.nanmean(np.array([np.nan])))
messages("nanmax all-nan", lambda: np.nanmax(np.array([[np.nan, 1.0], [np.nan, 2.0]]), axis=0))
messages("cast f32", lambda: np.array([1e300, 1.0]).astype(np.float32))
messages("cast nan int", lambda: np.array([np.nan]).astype(np.int64).dtype)
messages("average zero weights", lambda: np.average(np.array([1.0, 2.0]), weights=[0, 0]))
messages("int sum", lambda: np.sum(np.array([2**62, 2**62])))
with np.errstate(over="raise"):
    messages("sum raise", lambda: np.sum(big))
with np.errstate(invalid="ignore"):
    messages("mean empty ignored", lambda: np.mean(np.array([])))
