# xpush: skip-device=npu
# chebinterpolate (NumPy's np.dot of float64 matrices, which the NPU's
# float64 mode 'off' refuses, so the case runs on the cpu).
import numpy as np
import numpy.polynomial.chebyshev as C

print(C.chebinterpolate(np.exp, 4))
print(C.chebinterpolate(lambda x, a: np.sin(a * x), 5, args=(2,)))
print(C.chebinterpolate(np.cos, 0))
try:
    C.chebinterpolate(np.exp, -1)
except ValueError as e:
    print("ValueError", e)
try:
    C.chebinterpolate(np.exp, 2.5)
except TypeError as e:
    print("TypeError", e)
