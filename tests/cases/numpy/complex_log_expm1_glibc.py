# NumPy's complex log is glibc's clog (log1p of |z|**2 - 1 near the unit
# circle, with an error-free x*x + y*y - 1), log2/log10 scale both of its
# parts, and expm1 is NumPy's own formula: every value printed exactly.
import numpy as np


def show(name, z, w):
    zs = z.tolist()
    ws = w.tolist()
    print(name, w.dtype, len(ws))
    k = 0
    while k < len(ws):
        print(zs[k:k + 3], ws[k:k + 3])
        k += 3


frac = (np.arange(1, 241) * 0.6180339887498949) % 1.0
ang = frac * 6.283185307179586
# Near the unit circle (each branch of clog), inside, outside, tiny, huge.
r = np.concatenate([1 + (frac[:60] - 0.5) * 1e-6, 0.5 + frac[60:100] * 0.5,
                    1 + frac[100:140], 10.0 ** (frac[140:200] * 40 - 20),
                    10.0 ** (frac[200:] * 600 - 300)])
z = r * np.cos(ang) + 1j * (r * np.sin(ang))
edge = np.array([1 + 0j, -1 + 0j, 1j, 1 + 1e-20j, 0.75 + 1e-17j, 0.6 + 0.6j,
                 0.7 + 0.7j, 1.5 + 0.5j, 1e308 + 1e308j, 1e-310 + 1e-310j,
                 0j, -0.0 + 0j, -0.0 - 0j, complex(np.inf, 1.0),
                 complex(np.nan, 1.0), complex(1.0, -np.inf), 3 - 4j])
for dt in [np.complex128, np.complex64]:
    x = np.concatenate([z, edge]).astype(dt)
    show("log", x, np.log(x))
    show("log2", x[::7], np.log2(x[::7]))
    show("log10", x[3::7], np.log10(x[3::7]))
    e = (np.concatenate([z[:120] * 0.01, z[120:200]]) * 3).astype(dt)
    show("expm1", e, np.expm1(e))
