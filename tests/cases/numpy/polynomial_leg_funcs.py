# The functions of numpy.polynomial.legendre on their own.
import numpy as np
import numpy.polynomial.legendre as M

print(M.legval(0.5, [1, 2, 3]), M.legval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.legval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.legval([1, 2], [[1, 2], [3, 4]]), M.legval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.legadd([1, 2, 3], [3, 2, 1]), M.legsub([1, 2], [1, 2, 3]), M.legsub([1, 2, 3], [1, 2, 3]))
print(M.legmul([1, 2, 3], [3, 2]), M.legmulx([1, 2, 3]), M.legmulx([0]))
print(M.legdiv([1, 2, 3, 4], [1, 2]), M.legdiv([1, 2], [1, 2, 3]), M.legdiv([2, 4], [2]))
print(M.legpow([1, 2], 3))
print(M.legder([1, 2, 3, 4]), M.legder([1, 2, 3, 4], 3), M.legint([1, 2, 3]), M.legint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.legfromroots([1, 2, 3]), M.legfromroots([]), M.legfromroots([1j, -1j]))
print(M.legline(3, 2), M.legline(3, 0), M.legline(1.5, 2))
print(M.legtrim([1, 2, 0, 1e-9], 1e-6), M.legtrim([0, 0]))
print(M.legvander([0, 1, 2], 3))
print(M.legvander(0.5, 2), M.legvander([[1, 2]], 1).shape)
print(M.legcompanion([1, 2, 3, 4]))
print(M.legcompanion([1, 2]))
print(M.legroots([1, 2, 3, 4]))
print(np.round(M.legfit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.legdomain, M.legzero, M.legone, M.legx)
try:
    M.legdiv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.legcompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.legvander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.legadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.legmul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
