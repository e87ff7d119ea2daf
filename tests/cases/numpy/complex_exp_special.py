# Complex exp and exp2 with C99 Annex G's special values (a zero imaginary
# part kept, infinite real parts, non-finite imaginary parts), as glibc's cexp.
import numpy as np

zs = [complex(100, 0), complex(100, -0.0), complex(np.inf, 0), complex(-np.inf, 1), complex(np.inf, 1),
      complex(np.inf, np.inf), complex(-np.inf, np.inf), complex(1, np.inf), complex(np.nan, 0),
      complex(np.nan, 1), complex(-np.inf, np.nan), complex(np.inf, np.nan), complex(0, np.nan),
      complex(1, 2), complex(-1000, 1)]
with np.errstate(all="ignore"):
    print(repr(np.exp(np.array(zs, np.complex64))))
    print(repr(np.exp(np.array(zs))))
    print(repr(np.exp2(np.array(zs))))
    print(repr(np.exp(np.array([1, 100, 1], dtype=np.int8), dtype=np.complex64)))
