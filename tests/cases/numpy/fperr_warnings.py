# xpush: stderr=compare skip-device=npu
# NumPy's floating-point warnings on stderr: once per line, at the line of
# the operation, through the warnings filters. (The npu reports no flags.)
import warnings

import numpy as np

x = np.linspace(-1.0, 1.0, 5)
print(np.log(x))
print(x / 0)
for _ in range(3):
    r = np.sqrt(x)


def scale(v, by):
    return v / by


print(scale(np.ones(2), 0))
print(np.float64(1.0) / 0, np.int8(100) + np.int8(100), np.int64(7) // 0)
print(np.exp(np.array([1.0, 1000.0])), np.array([1e308]) * 10)
y = np.array([1.0, 2.0])
y /= 0
print(y, np.arctanh(np.array([1.0])), np.power(0.0, -1.0))
with np.errstate(divide="ignore", invalid="ignore"):
    print(np.log(x))
warnings.filterwarnings("ignore", message="overflow")
print(np.exp(np.array([1e4])))
warnings.filterwarnings("ignore", category=RuntimeWarning)
print(np.log(0.0))
print("done")
