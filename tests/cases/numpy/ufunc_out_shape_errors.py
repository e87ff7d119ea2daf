# A ufunc's out= that does not broadcast with the inputs is NumPy's
# 'operands could not be broadcast together' listing every shape; one that
# broadcasts but is smaller is the 'non-broadcastable output operand' error.
import numpy as np
for x, o in [((3, 3), (2, 2)), ((3, 3), (1, 3)), ((3,), (2, 3)), ((2, 3), (3,)), ((3, 3), (4, 3))]:
    try:
        print(np.cos(np.zeros(x), np.zeros(o)).shape)
    except ValueError as e:
        print(repr(str(e)))
for o in [(2, 2), (1, 3), (3, 3)]:
    try:
        print(np.add(np.zeros((3, 3)), np.zeros(3), out=np.zeros(o)).shape)
    except ValueError as e:
        print(repr(str(e)))
