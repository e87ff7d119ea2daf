# np.linspace with array end points (broadcast, one sequence per element)
# and axis=, bit-exact with NumPy's arange * step + start; dtype from the
# end points with Python numbers weak.
import numpy as np
print(np.linspace(np.array([5, 1]), np.array([1, 5]), 2, endpoint=False, dtype=int, axis=0))
print(np.linspace(5, np.array([[1], [3]]), 3, endpoint=False, dtype=float, axis=1))
print(np.linspace([0, 10], [1, 20], 5))
print(np.linspace([0, 10], [1, 20], 5, axis=1))
print(np.linspace([0, 10], [1, 20], 5, axis=-1, retstep=True))
print(np.linspace(0, 1, 5, axis=0), np.linspace(np.float32(0), 1, 3))
print(np.linspace(np.array([1.0, 2.0], dtype=np.float32), 3, 4).dtype, np.linspace([1, 1], [1, 2], 3))
print(np.linspace([2], [3], 1), np.linspace([2], [3], 0).shape)
