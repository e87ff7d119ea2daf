import numpy as np
x = np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.7])
print(np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.fix(x))
print(np.round(x), np.around([1.234, 5.678], 2), np.round([1234, 5678], -2))
print(np.round(np.float64(2.675), 2), np.array([0.125]).round(2))
