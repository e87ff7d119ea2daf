# The functions of numpy.polynomial.chebyshev on their own.
import numpy as np
import numpy.polynomial.chebyshev as M

print(M.chebval(0.5, [1, 2, 3]), M.chebval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.chebval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.chebval([1, 2], [[1, 2], [3, 4]]), M.chebval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.chebadd([1, 2, 3], [3, 2, 1]), M.chebsub([1, 2], [1, 2, 3]), M.chebsub([1, 2, 3], [1, 2, 3]))
print(M.chebmul([1, 2, 3], [3, 2]), M.chebmulx([1, 2, 3]), M.chebmulx([0]))
print(M.chebdiv([1, 2, 3, 4], [1, 2]), M.chebdiv([1, 2], [1, 2, 3]), M.chebdiv([2, 4], [2]))
print(M.chebpow([1, 2], 3))
print(M.chebder([1, 2, 3, 4]), M.chebder([1, 2, 3, 4], 3), M.chebint([1, 2, 3]), M.chebint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.chebfromroots([1, 2, 3]), M.chebfromroots([]), M.chebfromroots([1j, -1j]))
print(M.chebline(3, 2), M.chebline(3, 0), M.chebline(1.5, 2))
print(M.chebtrim([1, 2, 0, 1e-9], 1e-6), M.chebtrim([0, 0]))
print(M.chebvander([0, 1, 2], 3))
print(M.chebvander(0.5, 2), M.chebvander([[1, 2]], 1).shape)
print(M.chebcompanion([1, 2, 3, 4]))
print(M.chebcompanion([1, 2]))
print(M.chebroots([1, 2, 3, 4]))
print(np.round(M.chebfit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.chebdomain, M.chebzero, M.chebone, M.chebx)
try:
    M.chebdiv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.chebcompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.chebvander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.chebadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.chebmul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
