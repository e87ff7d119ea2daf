# Type queries NumPy writes in Python: iscomplex, isreal, real_if_close,
# iterable, typename, mintypecode, common_type, min_scalar_type, isdtype,
# isposinf/isneginf, binary_repr, base_repr.
import numpy as np

z = np.array([1 + 1j, 1 + 0j, 4.5 + 0j, -2j])
print(np.iscomplex(z), np.isreal(z))
print(np.iscomplex([1, 2]), np.isreal([1.5, np.nan]), np.iscomplex(3), np.isreal(2j))
print(np.real_if_close([2.1 + 4e-14j, 5.2 + 3e-15j]))
print(np.real_if_close([2.1 + 4e-13j, 5.2 + 3e-15j], tol=1000))
print(np.real_if_close(np.array([1 + 1e-7j], dtype=np.complex64)))
print(np.real_if_close([1.0, 2.0]), np.real_if_close([2.1 + 1e-3j]))
print(np.iterable([1, 2]), np.iterable(2), np.iterable("abc"), np.iterable(np.array(3)), np.iterable(np.arange(2)))
for c in "?bBhHiIlLqQfdgFDGSUVO":
    print(c, np.typename(c))
print(np.mintypecode(['d', 'f', 'S']), np.mintypecode('dF'), np.mintypecode('ii'), np.mintypecode('fF'))
print(np.mintypecode([np.ones(2, np.float32)]), np.mintypecode('ff', typeset='df', default='x'))
print(np.common_type(np.arange(2, dtype=np.float32)))
print(np.common_type(np.arange(2), np.array([1j])))
print(np.common_type(np.arange(3, dtype=np.int8), np.ones(1, np.float16)))
print(np.common_type(np.ones(1, np.float16)), np.common_type(np.ones(1, np.complex64), np.ones(1, np.float32)))
print(np.common_type())
for v in [0, 10, 255, 256, -1, -128, -129, -260, 70000, 2**32, 2**40, -2**31, -2**31 - 1, True,
          3.1, 1e5, 65000.0, 1e50, np.inf, np.nan, 1 + 2j, 1e50j, np.float32(3), np.int64(5), np.uint16(300),
          np.array(7), np.arange(3), np.array([1.5], dtype=np.float32)]:
    print(repr(v), np.min_scalar_type(v))
print(np.isdtype(np.float32, 'real floating'), np.isdtype(np.int8, ('bool', np.uint8)))
print(np.isdtype(np.dtype('c16'), 'complex floating'), np.isdtype(np.uint8, 'integral'), np.isdtype(np.bool_, 'numeric'))
print(np.isdtype(np.int64, 'signed integer'), np.isdtype(np.int64, 'unsigned integer'), np.isdtype(np.bool_, 'bool'))
print(np.isdtype(np.float64, np.float64), np.isdtype(np.float64, (np.float32, 'numeric')))
x = np.array([np.inf, -np.inf, 1.0, np.nan, -0.0])
print(np.isposinf(x), np.isneginf(x), np.isposinf(-np.inf), np.isneginf(np.float32(-np.inf)))
out = np.zeros(5, dtype=bool)
r = np.isposinf(x, out)
print(r is out, out)
print(np.isposinf([1, 2]), np.isneginf(np.array([-1], dtype=np.int8)))
for n, w in [(0, None), (5, None), (-5, None), (0, 4), (5, 8), (-3, 4), (-8, 4), (-128, 8), (-1, 3), (3, 2), (2**70, None), (np.int8(-7), 8)]:
    print(n, w, np.binary_repr(n, width=w))
for n, b, p in [(255, 16, 0), (7, 2, 3), (-35, 36, 0), (0, 10, 0), (0, 10, 2), (10, 7, 1), (2**64 + 1, 3, 0), (np.uint8(200), 5, 0)]:
    print(n, b, p, np.base_repr(n, b, padding=p))
for bad in [lambda: np.isposinf([1j]), lambda: np.typename('x'), lambda: np.binary_repr(5, width=2),
            lambda: np.binary_repr(1.5), lambda: np.base_repr(5, 37), lambda: np.base_repr(5, 1),
            lambda: np.isdtype(np.float64, 'floating'), lambda: np.isdtype(3, 'bool'),
            lambda: np.isdtype(np.float64, 3), lambda: np.common_type(np.array([True])),
            lambda: np.common_type([1, 2])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
