# np.poly1d: construction (coefficients, roots, another poly1d, variable=), attributes,
# calls and composition, arithmetic, deriv/integ, indexing, repr and NumPy's two-line str,
# the poly* functions returning poly1d for poly1d inputs, and NumPy's errors.
import numpy as np
p = np.poly1d([1, 2, 3])
print(repr(p))
print(p)
print(repr(p(2)), repr(p(np.array([1, 2]))))
print(p.c, p.coef, p.coeffs, p.coefficients, p.order, p.o, p.variable)
print(repr(p.r), repr(p.roots))
q = np.poly1d([1, 2], r=True)
print(repr(q)); print(q)
print(repr(p + q), repr(p - 1), repr(2 * p), repr(p * 2.5), repr(p * q), repr(p / 2))
print(repr(p ** 3), repr(-p), repr(+p))
print(p == np.poly1d([1, 2, 3]), p != q, p == 3)
print(repr(p.deriv()), repr(p.integ()), repr(p.integ(2, 1)), repr(p.deriv(2)))
print(repr(p[0]), repr(p[2]), repr(p[5]), len(p))
print(repr(p(q)))
print(repr(np.polyval(p, 3)), repr(np.polyadd(p, [1])), repr(np.polymul(p, q)), repr(np.polyder(p)), repr(np.polyint(p)))
print(repr(np.polydiv(p, q)), repr(p / q))
print(repr(np.roots(p)))
print(np.poly1d([1, -2, 0, 3.5, 0], variable='z'))
print(np.poly1d([0]))
print(np.poly1d([1j, 2+3j, 4]))
print(np.poly1d(np.arange(1, 30)))
print(type(p), isinstance(p, np.poly1d), list(p))
print(repr(np.array([1, 2, 3]) + p))
try:
    p ** -1
except ValueError as e:
    print(type(e).__name__, e)
try:
    np.poly1d([[1, 2], [3, 4]])
except ValueError as e:
    print(type(e).__name__, e)
print(p.__dict__)
print(p.deriv)
# Printing, dtypes and the rest of the protocol.
for c in ([1.5, -2.25, 0.001], [-1, 0, 0], [1e-5, 12345.678, -0.5], [0, 0], [], 3, [2.0, 1.0], [True, False], [1, -1j, 0]):
    p = np.poly1d(c)
    print(repr(p))
    print(p)
print(np.poly1d(np.array([1, 2], dtype=np.float32)))
print(repr(np.poly1d(np.array([1, 2], dtype=np.float32))))
p = np.poly1d([1, 2, 3], variable='t')
q = np.poly1d(p)
print(q.variable, q.coeffs is p.coeffs, repr(np.poly1d(p, variable='s')), np.poly1d(p, variable='s'))
print(repr(p / np.poly1d([1, 1])), repr(6 / np.poly1d([1, 2])), repr([1, 2, 3] - p), repr([1, 2] * p))
print(repr(p.integ(3, k=[1, 2, 3])), repr(p.integ(m=0)), repr(p.deriv(m=0)), repr(p.deriv(5)))
print(repr(p[-1]), repr(np.poly1d([1.5, 2])[3]))
p[4] = 9
print(repr(p))
p[0] = 7
print(repr(p))
print(repr(np.poly1d(np.polyfit([0, 1, 2], [1, 3, 5], 1)).order))
for f in (lambda: p ** 1.5, lambda: p ** [1], lambda: p ** 2.0, lambda: p.deriv(-1), lambda: p.integ(3, k=[1, 2]),
          lambda: hash(p), lambda: np.poly1d([[1]]), lambda: p.__setitem__(-1, 2)):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(p == p, p != p, np.poly1d([1, 2]) == np.poly1d([1, 2, 3]), np.poly1d([1.0, 2]) == np.poly1d([1, 2]))
print(repr(np.polyval([1, 2], np.poly1d([1, 0]))), repr(np.polyval(np.poly1d([3, 0, 1]), [1, 2])))
print(repr(np.poly1d([1, 2])(np.poly1d([1, 1], variable='y'))))
print(repr(np.asarray(np.poly1d([1, 2]), dtype=float)), repr(np.poly1d([1, 2]).__array__(float)))
x = np.poly1d([1, 0])
print(x ** 2 - 3 * x + 2)
print(repr((x - 1) * (x - 2)), repr((x ** 2 - 3 * x + 2).roots))
print(repr(np.polysub(np.poly1d([1]), [1, 1])), repr(np.polyder([1, 2, 3])), repr(np.polyint([1, 1])))
print(repr(np.polydiv([1, 2, 1], [1, 1])))
