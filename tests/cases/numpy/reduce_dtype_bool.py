# Reductions with dtype=bool run NumPy's bool loops: add is logical or,
# multiply logical and (sum, prod, cumsum, cumprod, nansum); mean, var and
# std sum in bool and cast their quotients back (std of an array result
# cannot cast sqrt's float16 into bool).
import numpy as np

a = np.array([[0, 2, 3], [0, 0, -1]])
f = np.array([0.5, np.nan, -0.0])
for name in ("sum", "prod", "mean", "var", "cumsum", "cumprod", "nansum"):
    fn = getattr(np, name)
    print(name, repr(fn(a, dtype=bool)), repr(fn(a, axis=0, dtype=bool)), repr(fn(a, axis=1, dtype=bool)))
print(repr(np.sum(f, dtype=bool)), repr(np.prod(f, dtype=bool)), repr(np.mean(f, dtype=bool)))
print(repr(a.sum(axis=1, dtype=np.bool_, keepdims=True)), repr(np.std(a, dtype=bool)))
print(repr(np.sum(np.zeros((2, 0)), axis=1, dtype=bool)), repr(np.prod(np.zeros((0,)), dtype=bool)))
try:
    np.std(a, axis=0, dtype=bool)
except TypeError as e:
    print(type(e).__name__, e)
