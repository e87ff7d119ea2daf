# NumPy's real cbrt/arcsinh/arccosh/arctanh are glibc's (Rust's differ in
# the last bit), and its complex absolute is its own SIMD formula, not
# hypot. Every value is printed exactly (tolist: the shortest repr).
import numpy as np


def show(name, x, y):
    xs = x.tolist()
    ys = y.tolist()
    print(name, y.dtype, len(ys))
    k = 0
    while k < len(ys):
        print(xs[k:k + 4], ys[k:k + 4])
        k += 4


frac = (np.arange(1, 301) * 0.6180339887498949) % 1.0
special = np.array([0.0, -0.0, np.nan, np.inf, -np.inf, 1.0, -1.0, 2.0, 0.5,
                    -0.5, 27.0, -27.0, 8.0, 1e-300, 5e-324, 1e300,
                    2.0 ** 28, 2.0 ** -28, 2.0 ** 14, 2.0 ** -14, 3.0, 100.0])
wide = np.concatenate([special, frac * 10 - 5, 10.0 ** (frac * 40 - 20),
                       -(10.0 ** (frac[:100] * 600 - 300))])
near1 = np.concatenate([1 + frac * 1e-3, 1 + 10.0 ** (frac[:100] * -15),
                        1 + frac * 3, frac * 2 - 1, frac * 0.01 + 0.495])
for dt in [np.float64, np.float32]:
    show("cbrt", wide.astype(dt), np.cbrt(wide.astype(dt)))
    show("arcsinh", wide.astype(dt), np.arcsinh(wide.astype(dt)))
    show("arccosh", near1.astype(dt), np.arccosh(near1.astype(dt)))
    show("arctanh", near1.astype(dt), np.arctanh(near1.astype(dt)))
h = np.array([0.0, 0.5, 2.0, 3.0, 10.0, 65504.0, -7.0, 0.999], dtype=np.float16)
print(np.cbrt(h), np.arcsinh(h), np.arccosh(h[1:5]), np.arctanh(h[:2]))
ints = np.array([2, 3, 5, 7, 100, 127, -1, -7], dtype=np.int32)
print(np.cbrt(ints).tolist(), np.arcsinh(ints.astype(np.int16)).tolist())
print(repr(np.cbrt(2.0)), repr(np.cbrt(-27.0)), repr(np.arccosh(100.0)))

# Complex absolute: every inf/nan/zero pairing, then ordinary values.
vals = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan, 1e-320, 1e308]
pairs = []
for a in vals:
    for b in vals:
        pairs.append(complex(a, b))
pairs = np.array(pairs)
ordinary = (frac * 4 - 2) + 1j * ((frac * 7.3) % 1.0 * 3 - 1.5)
for dt in [np.complex128, np.complex64]:
    print("abs", dt.__name__, np.abs(pairs.astype(dt)).tolist())
    show("abs", ordinary.astype(dt), np.abs(ordinary.astype(dt)))
# Strided and n-d.
m = ordinary[:60].reshape(6, 10)
print(np.abs(m[::2, 1::3]).tolist())
print(np.absolute(m.T)[4].tolist())
