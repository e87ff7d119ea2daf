# ravel's order: C (default), F, A (Fortran only for a Fortran-ordered
# array) and K (memory order; negative strides read forwards).
import numpy as np

a = np.arange(6).reshape(2, 3)
for order in ["C", "F", "A", "K"]:
    print(order, a.ravel(order), np.ravel(a, order), a.T.ravel(order))
print(a[:, ::-1].ravel("K"), a[::-1].ravel("K"), a.T[::-1].ravel("K"))
print(np.ravel([[1, 2], [3, 4]], "F"))
f = a.T.copy().T
print(f.ravel("A"), f.ravel("K"), f.ravel())
print(np.array(5).ravel("F"), np.zeros((2, 0)).ravel("F"))
try:
    a.ravel("X")
except ValueError as e:
    print("ValueError:", e)
