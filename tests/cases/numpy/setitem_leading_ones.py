# An assignment drops the value's leading length-1 axes beyond the
# target's dimensions, as NumPy does.
import numpy as np

a = np.zeros((2, 3), dtype=np.int8)
a[0] = np.array([[1, 2, 3]])
a[1] = np.array([[[4, 5, 6]]])
print(repr(a))
z = np.array(1, dtype=np.int8)
z[...] = np.array([7], dtype=np.int8)
print(repr(z))
e = np.zeros((0,), dtype=np.uint8)
e[...] = np.array([[-1]], dtype=np.int8)
print(repr(e))
m = np.zeros(4)
m[m == 0] = np.array([2.5])
m[[1, 2]] = np.array([[9.0, 8.0]])
print(repr(m))
for value in [np.ones((2, 3)), [[1, 2, 3]]]:
    try:
        a[0] = value
    except ValueError as err:
        print("ValueError:", err)
for value in [np.array([[2.5]]), [[1.0, 2.0, 3.0, 4.0]]]:
    try:
        m[m > -1] = value
    except TypeError as err:
        print("TypeError:", err)
g = np.zeros((2, 2))
g[(np.ones(2, bool), 0)] = np.ones((1, 2))
print(repr(g))
t = np.array([False, False])
t[0] = np.array([1], dtype=np.int64)
print(repr(t))
