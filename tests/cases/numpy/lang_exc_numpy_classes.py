# NumPy's exception classes where NumPy puts them, caught by their bases.
import numpy as np
from numpy.exceptions import AxisError
def invert(m):
    try:
        return np.linalg.inv(m)
    except np.linalg.LinAlgError as e:
        print("LinAlgError:", e)
        return None
print(invert(np.array([[2.0, 0.0], [0.0, 4.0]])))
print(invert(np.zeros((2, 2))))
try:
    np.linalg.cholesky(np.array([[1.0, 2.0], [2.0, 1.0]]))
except ValueError as e:
    print("a ValueError too:", type(e).__name__, e)
for exc_type in (AxisError, IndexError, ValueError):
    try:
        np.ones(3).sum(axis=2)
    except exc_type as e:
        print(exc_type.__name__, "caught", type(e).__name__)
print(issubclass(np.linalg.LinAlgError, ValueError), issubclass(AxisError, IndexError), issubclass(AxisError, ValueError))
print(np.linalg.LinAlgError.__name__, AxisError is np.exceptions.AxisError)
try:
    np.int8(1) + 300
except OverflowError as e:
    print("OverflowError:", e)
try:
    np.arange(6).reshape(4, 4)
except ValueError as e:
    print("ValueError:", e)
try:
    np.ones(3) + np.ones(4)
except ValueError as e:
    print("ValueError:", e)
