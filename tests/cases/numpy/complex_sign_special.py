# NumPy's complex sign takes hypot first: an infinite part wins over a NaN
# one (sign(inf + nanj) is 1), two infinite parts give nan.
import numpy as np

vals = [0.0, -0.0, 0.5, -3.0, np.inf, -np.inf, np.nan]
z = []
for a in vals:
    for b in vals:
        z.append(complex(a, b))
z = np.array(z)
for dt in [np.complex128, np.complex64]:
    r = np.sign(z.astype(dt)).tolist()
    for k in range(0, len(r), 7):
        print(r[k:k + 7])
