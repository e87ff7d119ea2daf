# NumPy's complex tan/tanh are glibc's ctan/ctanh: sinh*cosh and sin*cos
# over sinh**2 + cos**2, exp scaling past |x| = 354 (44 for complex64),
# C99's special values. Every value printed exactly.
import numpy as np

frac = (np.arange(1, 181) * 0.6180339887498949) % 1.0
z = (frac * 8 - 4) + 1j * (((frac * 7.3) % 1.0) * 8 - 4)
big = np.array([400 + 0.5j, -400 - 2j, 800 + 1j, 50 + 3j, -60 + 0.1j,
                0.5 + 400j, 1e-310 + 1e-310j, 1e-30 + 2j, 2 + 1e-30j, 0j,
                -0.0 + 0j, 1e300 + 1j, 1j * 1e300])
vals = [0.0, -0.0, 0.5, -3.0, np.inf, -np.inf, np.nan]
special = []
for a in vals:
    for b in vals:
        special.append(complex(a, b))
special = np.array(special)
for dt in [np.complex128, np.complex64]:
    x = np.concatenate([z, big, special]).astype(dt)
    for f in [np.tanh, np.tan]:
        r = f(x).tolist()
        print(f.__name__, dt.__name__, len(r))
        k = 0
        while k < len(r):
            print(r[k:k + 4])
            k += 4
