# float64 tanh must match NumPy to the last bit: on AVX2+FMA CPUs NumPy runs
# its own SIMD algorithm for it (not libm, which differs in about 30% of
# results), and xpush's cpu backend ports it. Every value is printed exactly
# (tolist: the shortest repr of each float64).
import numpy as np


def show(name, x, y):
    xs = x.tolist()
    ys = y.tolist()
    print(name, len(ys))
    k = 0
    while k < len(ys):
        print(xs[k:k + 4], ys[k:k + 4])
        k += 4


special = np.array([0.0, -0.0, np.nan, -np.nan, np.inf, -np.inf, 1.0, -1.0,
                    5e-324, -5e-324, 2.2250738585072014e-308, 1e-300,
                    1.7976931348623157e308, -1.7976931348623157e308,
                    1.5 * 2.0 ** 1023, 1.4999999999999998 * 2.0 ** 1023,
                    0.5, 2.0, 1e-8, -1e-8, 24.0, 23.999999999999996,
                    0.1875, 0.18749999999999997, 19.06154746539849])
# An irregular spread over [0, 1): the fractional parts of k*golden ratio.
frac = (np.arange(1, 601) * 0.6180339887498949) % 1.0
# Every interval of NumPy's table (a half octave each from 0.1875 to 24),
# both signs, and the saturated range past it.
edges = 0.1875 * 2.0 ** (np.arange(15) / 2.0)
x = np.concatenate([
    special,
    np.linspace(-30, 30, 601),
    frac * 0.4 - 0.2,
    frac * 4 - 2,
    10.0 ** np.linspace(-20, 300, 161),
    -(10.0 ** np.linspace(-5, 2, 57)),
    edges, np.nextafter(edges, 0), np.nextafter(edges, 100),
])
show("tanh", x, np.tanh(x))
# Strided and n-d inputs, scalars and the method-free spellings.
m = (np.arange(60, dtype=np.float64) * 0.173 - 4).reshape(6, 10)
print(np.tanh(m[::2, 1::3]).tolist())
print(np.tanh(m.T)[3].tolist())
print(repr(np.tanh(np.float64(0.7))), repr(np.tanh(0.3)), repr(np.tanh(-2.5)))
out = np.empty(4)
np.tanh(np.array([0.1, 0.2, 0.3, 0.4]), out=out)
print(out.tolist())
