# np.prod of complex values with where= multiplies only the selected
# elements into each slice's product (which starts at 1), as NumPy's
# masked loop does: a masked-out element is not multiplied in as 1, which
# would turn an overflowed (infinite) part NaN.
import numpy as np

z = np.array([[complex(1e300, 1e300), complex(1e10, 2), complex(3, -1)],
              [complex(np.inf, 1), complex(2, 0), complex(0.5, 65504)]])
m = np.array([[True, True, False], [True, False, True]])
with np.errstate(all="ignore"):
    for dt in (np.complex128, np.complex64):
        x = z.astype(dt)
        print(repr(np.prod(x, where=m)), repr(np.prod(x, axis=1, where=m)))
        print(repr(np.prod(x, axis=0, where=m, keepdims=True)), repr(x.prod(axis=(0, 1), where=m[0])))
        print(repr(np.prod(x, axis=1, where=[False, True, True], initial=2)))
    print(repr(np.prod(np.array([[1.5, 2.0], [-3.0, 4.0]]), axis=0, where=m[:, :2], dtype=np.complex64)))
