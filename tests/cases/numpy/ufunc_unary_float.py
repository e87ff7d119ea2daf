import numpy as np
x = np.array([0.25, 1.0, 4.0])
for f in [np.sqrt, np.exp, np.log, np.log2, np.log10, np.sin, np.cos, np.tan, np.arctan, np.tanh, np.cbrt, np.expm1, np.log1p, np.exp2]:
    print(f.__name__, f(x))
