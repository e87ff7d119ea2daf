import numpy as np
a = np.array([[10, 30, 20], [60, 40, 50]])
print(np.take_along_axis(a, np.array([[0, 2, 1], [1, 2, 0]]), axis=1))
ai = np.expand_dims(np.argmax(a, axis=1), axis=1)
print(ai)
print(np.take_along_axis(a, ai, axis=1))
print(np.take_along_axis(a, np.array([[1, 0, 1]]), axis=0))
print(np.take_along_axis(a, np.array([5, 0]), axis=None))
print(np.take_along_axis(np.arange(4.0), np.array([3, 3]), -1))
