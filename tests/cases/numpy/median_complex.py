# np.median of complex arrays: the middle of each lane in NumPy's sort
# order (lexicographic, NaN parts last), the mean of the two middle
# elements for an even length (a complex division, so an infinite part
# can come out NaN), a lane ending in a NaN element that element.
import numpy as np

nan, inf = np.nan, np.inf
with np.errstate(all="ignore"):
    for a in ([1 + 1j, 2], [3j, 1, 2], [complex(inf, 1)], [complex(1, nan), 2, 3],
              [complex(inf, 1), complex(inf, 2)], [complex(nan, 0), complex(0, nan), 5]):
        print(repr(np.median(np.array(a, dtype=complex))))
    z = np.array([[1 + 1j, 2, 3j], [4, 5j, 6]])
    print(repr(np.median(z, axis=0)), repr(np.median(z.astype(np.complex64), axis=1, keepdims=True)))
    print(repr(np.median(z, axis=(0, 1))), repr(np.median(z.T)))
