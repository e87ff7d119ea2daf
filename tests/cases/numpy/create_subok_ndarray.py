# np.array(subok=True) keeps a matrix or masked array (a copy unless
# copy=False), and np.ndarray(shape, dtype, buffer, offset, order) as
# NumPy's docstrings call it.
import numpy as np
m = np.asmatrix([[1, 2], [3, 4]])
print(repr(np.array(m)), repr(np.array(m, subok=True)), np.array(m, subok=True) is m, np.array(m, subok=True, copy=False) is m)
x = np.ma.array([1, 2], mask=[0, 1])
print(repr(np.array(x)), repr(np.array(x, subok=True)))
y = np.array(x, subok=True)
y[0] = 5
print(x[0], y[0])
print(repr(np.ndarray(shape=(2,), dtype=int, buffer=np.array([1, 2, 3]), offset=8)))
print(repr(np.ndarray((2,), buffer=np.array([1.5, 2.5], dtype=np.float64)))), np.ndarray((2, 3)).shape, np.ndarray((2, 2), order='F').flags.f_contiguous)
print(repr(np.ndarray((2, 2), dtype=np.uint8, buffer=b'\x01\x02\x03\x04', order='F')))
try:
    np.ndarray((4,), dtype=int, buffer=np.array([1, 2]))
except TypeError as e:
    print('TypeError:', e)
print(isinstance(np.ndarray((1,)), np.ndarray))
