# The functions of numpy.polynomial.hermite_e on their own.
import numpy as np
import numpy.polynomial.hermite_e as M

print(M.hermeval(0.5, [1, 2, 3]), M.hermeval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.hermeval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.hermeval([1, 2], [[1, 2], [3, 4]]), M.hermeval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.hermeadd([1, 2, 3], [3, 2, 1]), M.hermesub([1, 2], [1, 2, 3]), M.hermesub([1, 2, 3], [1, 2, 3]))
print(M.hermemul([1, 2, 3], [3, 2]), M.hermemulx([1, 2, 3]), M.hermemulx([0]))
print(M.hermediv([1, 2, 3, 4], [1, 2]), M.hermediv([1, 2], [1, 2, 3]), M.hermediv([2, 4], [2]))
print(M.hermepow([1, 2], 3))
print(M.hermeder([1, 2, 3, 4]), M.hermeder([1, 2, 3, 4], 3), M.hermeint([1, 2, 3]), M.hermeint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.hermefromroots([1, 2, 3]), M.hermefromroots([]), M.hermefromroots([1j, -1j]))
print(M.hermeline(3, 2), M.hermeline(3, 0), M.hermeline(1.5, 2))
print(M.hermetrim([1, 2, 0, 1e-9], 1e-6), M.hermetrim([0, 0]))
print(M.hermevander([0, 1, 2], 3))
print(M.hermevander(0.5, 2), M.hermevander([[1, 2]], 1).shape)
print(M.hermecompanion([1, 2, 3, 4]))
print(M.hermecompanion([1, 2]))
print(M.hermeroots([1, 2, 3, 4]))
print(np.round(M.hermefit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.hermedomain, M.hermezero, M.hermeone, M.hermex)
try:
    M.hermediv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.hermecompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.hermevander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.hermeadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.hermemul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
