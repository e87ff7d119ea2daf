# The functions of numpy.polynomial.hermite on their own.
import numpy as np
import numpy.polynomial.hermite as M

print(M.hermval(0.5, [1, 2, 3]), M.hermval([0, 1, 2], [1, -2, 0.5, 3]))
print(M.hermval(np.array([[0.5, 1], [2, 3]]), [1, 2, 3]))
print(M.hermval([1, 2], [[1, 2], [3, 4]]), M.hermval([1, 2], [[1, 2], [3, 4]], tensor=False))
print(M.hermadd([1, 2, 3], [3, 2, 1]), M.hermsub([1, 2], [1, 2, 3]), M.hermsub([1, 2, 3], [1, 2, 3]))
print(M.hermmul([1, 2, 3], [3, 2]), M.hermmulx([1, 2, 3]), M.hermmulx([0]))
print(M.hermdiv([1, 2, 3, 4], [1, 2]), M.hermdiv([1, 2], [1, 2, 3]), M.hermdiv([2, 4], [2]))
print(M.hermpow([1, 2], 3))
print(M.hermder([1, 2, 3, 4]), M.hermder([1, 2, 3, 4], 3), M.hermint([1, 2, 3]), M.hermint([1, 2], 2, k=[1, 2], lbnd=-1))
print(M.hermfromroots([1, 2, 3]), M.hermfromroots([]), M.hermfromroots([1j, -1j]))
print(M.hermline(3, 2), M.hermline(3, 0), M.hermline(1.5, 2))
print(M.hermtrim([1, 2, 0, 1e-9], 1e-6), M.hermtrim([0, 0]))
print(M.hermvander([0, 1, 2], 3))
print(M.hermvander(0.5, 2), M.hermvander([[1, 2]], 1).shape)
print(M.hermcompanion([1, 2, 3, 4]))
print(M.hermcompanion([1, 2]))
print(M.hermroots([1, 2, 3, 4]))
print(np.round(M.hermfit([0, 1, 2, 3, 4], [1, 0, 2, 5, 3], 3), 8))
print(M.hermdomain, M.hermzero, M.hermone, M.hermx)
try:
    M.hermdiv([1, 2], [1, 0])
except ZeroDivisionError as e:
    print("ZeroDivisionError", repr(e))
try:
    M.hermcompanion([1])
except ValueError as e:
    print("ValueError", e)
try:
    M.hermvander([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
try:
    M.hermadd([], [1])
except ValueError as e:
    print("ValueError", e)
try:
    M.hermmul([[1, 2]], [1])
except ValueError as e:
    print("ValueError", e)
