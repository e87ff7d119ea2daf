# nanmax/nanmin of complex arrays are np.fmax/np.fmin.reduce: an element
# with a NaN part is skipped, the order is lexicographic (an infinite part
# included), and a slice of NaN elements only gives its first element.
import numpy as np

nan, inf = np.nan, np.inf
z = np.array([[complex(1, nan), complex(2, -1), complex(nan, 5)],
              [complex(nan, 0), complex(1, nan), complex(0, nan)],
              [complex(-inf, -inf), complex(-inf, 3), complex(inf, -inf)]])
with np.errstate(all="ignore"):
    for dt in (np.complex128, np.complex64):
        x = z.astype(dt)
        print(repr(np.nanmax(x, axis=1)), repr(np.nanmin(x, axis=1)))
        print(repr(np.nanmax(x, axis=0)), repr(np.nanmin(x, axis=0, keepdims=True)))
        print(repr(np.nanmax(x)), repr(np.nanmin(x[1])), repr(np.nanmax(x[1:2], axis=(0, 1))))
        print(repr(np.nanmax(x, axis=1, initial=complex(0, 1))))
    # np.max/np.min with initial=: initial starts each slice, so a NaN
    # initial is the NaN kept.
    print(repr(z[:2].max(axis=(0, 1), keepdims=True, initial=complex(65504, nan))))
    print(repr(np.min(z[:2, 1:], axis=1, initial=complex(nan, 1))), repr(np.max(z[2], initial=-1)))
