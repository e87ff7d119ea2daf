# NumPy's complex arctan/arctanh are glibc's catan/catanh (log1p near 1,
# an error-free x*x + y*y - 1 near the unit circle, C99 special values).
# Every value printed exactly.
import numpy as np

frac = (np.arange(1, 181) * 0.6180339887498949) % 1.0
z = (frac * 4 - 2) + 1j * (((frac * 7.3) % 1.0) * 4 - 2)
ang = frac[:60] * 6.283185307179586
circle = (1 + (frac[60:120] - 0.5) * 1e-5) * np.exp(1j * ang)
edge = np.array([1 + 0j, -1 + 0j, 1 + 1e-40j, 1j, -1j, 0.8 + 0.5j, 0.5 + 0.6j,
                 1e17 + 0.5j, 0.5 + 1e17j, 1e17 + 1e17j, 1e-300 + 1e-300j,
                 0j, -0.0 - 0j, 0.3 + 0j, 2 + 0j, 1.5 - 0.0j])
vals = [0.0, -0.0, 0.5, -3.0, np.inf, -np.inf, np.nan]
special = []
for a in vals:
    for b in vals:
        special.append(complex(a, b))
special = np.array(special)
for dt in [np.complex128, np.complex64]:
    x = np.concatenate([z, circle, edge, special]).astype(dt)
    for f in [np.arctanh, np.arctan]:
        r = f(x).tolist()
        print(f.__name__, dt.__name__, len(r))
        k = 0
        while k < len(r):
            print(r[k:k + 4])
            k += 4
