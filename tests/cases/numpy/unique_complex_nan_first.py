# np.unique of a complex array with no optional output is NumPy 2's hash-set
# unique, then sorted: of the values with a NaN part (one class under
# equal_nan), the first met in the flattened input stands for them all,
# not the first in sort order; with return_counts (the sorting unique) it
# is the first in sort order. equal_nan=False keeps every NaN.
import numpy as np

nan = np.nan
for v in ([complex(nan, 1), complex(1, nan), 1 + 1j, complex(nan, nan)],
          [complex(1, nan), complex(nan, 1)],
          [complex(nan, nan), 2j, complex(nan, -3), complex(-3, nan), 2j],
          [[complex(0, nan), 1], [complex(nan, 0), complex(-0.0, 0.0)]]):
    a = np.array(v)
    print(repr(np.unique(a)), repr(np.unique(a.astype(np.complex64))))
    print(repr(np.unique(a, return_counts=True)), repr(np.unique(a, equal_nan=False)))
    print(repr(np.unique(a.T)), repr(np.unique(a[::-1])))
# np.searchsorted walks the same order as np.sort (a value with a NaN
# part after every value without).
s = np.sort(np.array([complex(nan, 1.5), 1.5 + 1.5j, complex(0.5, nan), 1.5 + 1.5j, 1j], dtype=np.complex64))
print(repr(s), repr(np.searchsorted(s, [1, 2, 0.5, 1j, complex(0.5, nan), complex(nan, 0)])))
print(repr(np.searchsorted(s, [1, complex(0.5, nan)], side="right")))
# An empty complex product with where= is empty (no -1 reshape of a 0 axis).
print(repr(np.prod(np.zeros((2, 0), np.complex64), axis=0, where=np.zeros((2, 0), bool))))
print(repr(np.prod(np.zeros((0, 3), np.complex128), axis=0, where=np.ones((0, 3), bool))))
