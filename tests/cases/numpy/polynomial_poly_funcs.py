# The functions of numpy.polynomial.polynomial on their own.
import numpy as np
import numpy.polynomial.polynomial as M

print(M.polyval(0.5, [1, 2, 3]), M.polyval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.polyval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.polyval([1, 2], [[1, 2], [3, 4]]), M.polyval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.polyadd([1, 2, 3], [3, 2, 1]), M.polysub([1, 2], [1, 2, 3]), M.polysub([1, 2, 3], [1, 2, 3]))
print(M.polymul([1, 2, 3], [3, 2]), M.polymulx([1, 2, 3]), M.polymulx([0]))
print(M.polydiv([1, 2, 3, 4], [1, 2]), M.polydiv([1, 2], [1, 2, 3]), M.polydiv([2, 4], [2]))
print(M.polypow([1, 2], 3))
print(M.polyder([1, 2, 3, 4]), M.polyder([1, 2, 3, 4], 3), M.polyint([1, 2, 3]), M.polyint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.polyfromroots([1, 2, 3]), M.polyfromroots([]), M.polyfromroots([1j, -1j]))
print(M.polyline(3, 2), M.polyline(3, 0), M.polyline(1.5, 2))
print(M.polytrim([1, 2, 0, 1e-9], 1e-6), M.polytrim([0, 0]))
print(M.polyvander([0, 1, 2], 3))
print(M.polyvander(0.5, 2), M.polyvander([[1, 2]], 1).shape)
print(M.polycompanion([1, 2, 3, 4]))
print(M.polycompanion([1, 2]))
print(M.polyroots([1, 2, 3, 4]))
print(np.round(M.polyfit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.polydomain, M.polyzero, M.polyone, M.polyx)
try:
    M.polydiv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.polycompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.polyvander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.polyadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.polymul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
