# np.format_float_positional / np.format_float_scientific: Dragon4's
# shortest digits for the float's own type, with NumPy's options.
import numpy as np

f = np.format_float_positional
g = np.format_float_scientific
print(f(np.float32(0.1)), f(0.1), f(np.float16(0.1)), f(1.0), f(1.0, trim="-"), f(1.0, trim="0"), f(1.0, trim="."))
print(f(3.14159, precision=2), f(2.5, sign=True), f(np.inf), f(-np.inf), f(np.nan), f(np.inf, sign=True))
print(repr(f(1.5, pad_left=4, pad_right=3)), f(1.5, min_digits=4), f(-0.0), f(1, precision=2), f(1e20), f(1e-20), f(np.float32(3.4e38)))
print(g(np.float32(0.1)), g(0.1), g(1.0), g(123456.0, precision=2), g(1e-300, exp_digits=4), g(1.5, trim="-"))
print(repr(g(2.0, sign=True, pad_left=3)), g(np.nan), g(1.5, min_digits=3), g(np.float16(65504)), g(-1e-5), g(np.array(2.5)))
for bad in [lambda: f(1.5, precision=-1), lambda: f("x"), lambda: f(1.5, unique=False), lambda: g(1.5, unique=False)]:
    try:
        print(repr(bad()))
    except Exception as e:
        print(type(e).__name__, e)
