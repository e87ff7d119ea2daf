# xpush: skip-device=npu
# Corners of sign=, floatmode= and legacy= ('1.13', '2.1', '2.2'): signed zeros, NaN and infinities, wide exponents, float16 cutoffs, 0-d arrays, NumPy 1.13's %g scalar strs.
import numpy as np
# corners
for leg in ['1.13', False]:
    np.set_printoptions(legacy=leg)
    print(repr(np.array([1, -2, 3])), repr(np.array([0.0, -0.0])), repr(np.array([np.nan, np.inf])))
    print(repr(np.array([1e-20, 1.0])), repr(np.array([1.5e300, -2.0])), repr(np.array([1+1j, np.nan*1j])))
    print(repr(np.array([[1.5, np.nan], [2.0, -np.inf]])), repr(np.array(np.nan)), repr(np.array(-0.0)))
    print(repr(np.arange(5, dtype=np.int8)), repr(np.array([True])), repr(np.array([0.1, 0.25], dtype=np.float16)))
    print(repr(np.ones((2, 2, 2))), repr(np.arange(1100).reshape(2, 550)))
    print(np.float32(3.4028235e38), repr(np.float32(3.4028235e38)), np.float64(1e-300), repr(np.float64(5e-324)), np.complex128(complex(0, -0.0)), repr(np.complex64(-1-1j)))
    print(repr(np.float64(123456789.0)), str(np.float64(123456789012.5)), repr(np.float16(65504)), repr(np.float64(-0.0)), str(np.float32(-1e-5)))
np.set_printoptions(legacy=False)
with np.printoptions(sign='+'):
    print(np.array([[1, -1], [2, 3]]), np.array(5), repr(np.array(5.0)), np.array([0, 1], dtype=np.uint8))
with np.printoptions(sign=' '):
    print(np.array([[1, 1], [2, 3]]), repr(np.array([-0.0, 1.0])), repr(np.array([np.nan, 1.0])), repr(np.array([np.inf])))
with np.printoptions(floatmode='unique', precision=2):
    print(np.array([1/3, 2/3]), np.array([1e-10, 1/3]))
with np.printoptions(floatmode='fixed', precision=0):
    print(np.array([0.5, 1.5, 2.5]), np.array([1e-10, 1/3]))
with np.printoptions(floatmode='maxprec_equal', precision=3, suppress=True):
    print(np.array([1e-10, 1/3, 5]), np.array([1.5, 2.25, 100]))
print(np.array2string(np.array([1.0, 2.0]), legacy='2.1'), np.array2string(np.array([1000.0, 2.0], dtype=np.float16), legacy='2.2'), repr(np.array([1000.0, 2.0], dtype=np.float16)))
with np.printoptions(legacy='2.1', threshold=5):
    print(repr(np.arange(10)))
