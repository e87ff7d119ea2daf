# Complex sqrt (glibc's csqrt, which NumPy calls) and reciprocal (NumPy's
# own loop) to the last digit in both precisions, from tiny to huge, with
# signed zeros and infinities; and NumPy's `**` shortcuts: `a ** 0.5` is
# np.sqrt(a), `a ** -1` np.reciprocal(a), `a ** 2` np.square(a) for float
# and complex arrays (not for NumPy scalars, not for other exponents).
import numpy as np

k = np.arange(1, 41, dtype=np.float64)
mant = np.sin(k * 1.7) * 3.0
vals = []
for e in [-45, -40, -38, -30, -5, 0, 3, 30, 37, 38, 300, 305]:
    vals.append(mant * 10.0 ** e + 1j * (np.cos(k * 0.9) * 10.0 ** (e + (k % 7) - 3)))
special = [0j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(-2.0, -0.0),
           complex(-2.0, 0.0), 1j, -1j, 3 + 0j, 1e-310 + 1e-310j, 1e308 + 1e308j,
           -1e308 + 1e300j, complex(np.inf, 1.0), complex(-np.inf, 1.0),
           complex(1.0, np.inf), complex(np.nan, 1.0), complex(-np.inf, np.nan)]
v = np.concatenate(vals + [np.array(special)])
for dt in [np.complex64, np.complex128]:
    c = v.astype(dt)
    for r in [np.sqrt(c), np.reciprocal(c), c ** 0.5, c ** -1]:
        print(r.real.tolist())
        print(r.imag.tolist())
x = np.array([-0.0, 0.0, 2.0, -np.inf, 0.1], dtype=np.float32)
print(x ** 0.5, x.astype(np.float64) ** 0.5, x ** 0.25)
c = np.array([1 + 2j, -1.5 - 0.25j, 0.5], dtype=np.complex64)
print(c ** 0.5, c ** -1, c ** 2, c ** -1.0, c ** 1)
print(np.complex64(0.5) ** -1, np.complex128(0.5) ** -1)
y = c.copy()
y **= 0.5
print(y)
i = np.array([1, 4, 9])
print(i ** 0.5, i ** 2, i ** -1.0)
