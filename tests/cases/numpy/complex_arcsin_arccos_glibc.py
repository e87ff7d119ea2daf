# NumPy's complex arcsin/arccos/arcsinh/arccosh are glibc's casin, cacos,
# casinh and cacosh (__kernel_casinh's cancellation-free cases, glibc's
# csqrt and clog, C99 special values). Every value printed exactly.
import numpy as np

frac = (np.arange(1, 181) * 0.6180339887498949) % 1.0
z = (frac * 6 - 3) + 1j * (((frac * 7.3) % 1.0) * 6 - 3)
# One family per branch of __kernel_casinh (|re| small or not, |im| below,
# at, just above or well above 1, huge).
tiny = 1e-300
fam = np.array([
    0.7 + 1e-18j, 2.0 + 0j, 1e-18 + 2.0j, 1e-20 + 1.2j, 0.3 + 1.2j,
    tiny + 1.0j, 0.3 + 1.0j, 1e-18 + 1j, 1e-40 + 0.5j, 0.2 + 0.5j, 0.3 + 1e-20j,
    1e17 + 1j, 1 + 1e17j, 3 + 4j, 0.5 + 0.5j, 1e-310 + 1e-310j, 0.9 + 0.1j,
    1.0 + 0j, -1.0 + 0j, 1j, -2.5 - 1e-17j, 0.4999 + 0.9999j, 1.0001j])
vals = [0.0, -0.0, 0.5, -3.0, np.inf, -np.inf, np.nan]
special = []
for a in vals:
    for b in vals:
        special.append(complex(a, b))
special = np.array(special)
for dt in [np.complex128, np.complex64]:
    x = np.concatenate([z, fam, -fam, np.conj(fam), special]).astype(dt)
    for f in [np.arcsinh, np.arcsin, np.arccosh, np.arccos]:
        r = f(x).tolist()
        print(f.__name__, dt.__name__, len(r))
        k = 0
        while k < len(r):
            print(r[k:k + 4])
            k += 4
