# The functions of numpy.polynomial.laguerre on their own.
import numpy as np
import numpy.polynomial.laguerre as M

print(M.lagval(0.5, [1, 2, 3]), M.lagval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.lagval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.lagval([1, 2], [[1, 2], [3, 4]]), M.lagval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.lagadd([1, 2, 3], [3, 2, 1]), M.lagsub([1, 2], [1, 2, 3]), M.lagsub([1, 2, 3], [1, 2, 3]))
print(M.lagmul([1, 2, 3], [3, 2]), M.lagmulx([1, 2, 3]), M.lagmulx([0]))
print(M.lagdiv([1, 2, 3, 4], [1, 2]), M.lagdiv([1, 2], [1, 2, 3]), M.lagdiv([2, 4], [2]))
print(M.lagpow([1, 2], 3))
print(M.lagder([1, 2, 3, 4]), M.lagder([1, 2, 3, 4], 3), M.lagint([1, 2, 3]), M.lagint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.lagfromroots([1, 2, 3]), M.lagfromroots([]), M.lagfromroots([1j, -1j]))
print(M.lagline(3, 2), M.lagline(3, 0), M.lagline(1.5, 2))
print(M.lagtrim([1, 2, 0, 1e-9], 1e-6), M.lagtrim([0, 0]))
print(M.lagvander([0, 1, 2], 3))
print(M.lagvander(0.5, 2), M.lagvander([[1, 2]], 1).shape)
print(M.lagcompanion([1, 2, 3, 4]))
print(M.lagcompanion([1, 2]))
print(M.lagroots([1, 2, 3, 4]))
print(np.round(M.lagfit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.lagdomain, M.lagzero, M.lagone, M.lagx)
try:
    M.lagdiv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.lagcompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.lagvander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.lagadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.lagmul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
