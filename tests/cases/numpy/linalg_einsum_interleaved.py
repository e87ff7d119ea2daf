# np.einsum's interleaved form: operands each followed by a list of axis
# numbers (Ellipsis allowed), an optional output list last; its errors.
import numpy as np
a = np.arange(25).reshape(5, 5)
b = np.arange(5)
c = np.arange(6).reshape(2, 3)
print(np.einsum(a, [0, 0]), np.einsum(a, [0, 0], [0]), np.einsum(a, [0, 1], b, [1]))
print(np.einsum(c, [1, 0]), np.einsum(c, [0, 1], [1, 0]))
print(np.einsum(a, [Ellipsis, 0, 0], [Ellipsis, 0]), np.einsum(b, [0], b, [0]))
print(np.einsum(np.ones((2, 3, 4)), [Ellipsis, 1], [1, Ellipsis]).shape)
print(np.einsum(a, [0, 1], a, [1, 2], [0, 2])[0])
for bad in [lambda: np.einsum(a, [0, 60]), lambda: np.einsum(a, ['x', 'y'])]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
