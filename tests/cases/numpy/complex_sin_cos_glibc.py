# Complex sin, cos, sinh and cosh as glibc's csin, ccos, csinh and ccosh
# (which NumPy calls): C99 Annex G's special values for infinite and NaN
# parts, signed zeros, and a finite result past exp's overflow (the
# product scaled by exp(t) factors) where it fits.
import numpy as np

nan, inf = np.nan, np.inf
parts = [0.0, -0.0, 1.5, -2.0, nan, inf, -inf, 1e10, 1000.0, 710.0, 65504.0, 1e300]
zs = [complex(r, i) for r in parts for i in parts]
with np.errstate(all="ignore"):
    for dt in (np.complex128, np.complex64):
        x = np.array(zs, dtype=dt)
        for name in ("sin", "cos", "sinh", "cosh"):
            print(name, dt.__name__)
            print(repr(getattr(np, name)(x)))
