import numpy as np


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __mul__(self, k):
        return Money(self.cents * k)

    def __rmul__(self, k):
        return Money(k * self.cents)

    def __add__(self, other):
        return Money(self.cents + other.cents)

    def __repr__(self):
        return f'Money({self.cents})'


a = np.array([1, 2, 3], dtype=object)
big = np.array([10**20, 5], dtype=object)
print(repr(np.outer(a, big)))
print(repr(np.outer(a, [1.5, 2])))
print(repr(np.outer([[1, 2], [3, 4]], np.array(['x', 'y'], dtype=object))))
print(repr(np.outer(np.array([Money(5), Money(7)], dtype=object), [2, 3])))
print(repr(np.outer(np.array([], dtype=object), np.array([1], dtype=object))))
print(repr(np.outer(np.array(4, dtype=object), big)))

m = np.array([[1, 2], [3, 4]], dtype=object)
print(repr(np.tensordot(m, m, axes=1)))
print(repr(np.tensordot(m, m)))
print(repr(np.tensordot(m, m, axes=0)))
print(repr(np.tensordot(m, m, axes=([0], [1]))))
print(repr(np.tensordot(np.arange(6).reshape(2, 3).astype(object), np.arange(6).reshape(3, 2), axes=([1], [0]))))
print(repr(np.tensordot(np.zeros((2, 0), dtype=object), np.zeros((0, 3), dtype=object), axes=1)))
print(repr(np.tensordot(np.array(['a', 'b'], dtype=object), np.array([2, 3], dtype=object), axes=1)))
r = np.tensordot(np.array([1, 2], dtype=object), np.array([2, 10**30], dtype=object), axes=1)
print(repr(r), type(r).__name__, r.shape, r.dtype)
t = np.arange(24).reshape(2, 3, 4).astype(object) * 10**18
u = np.arange(12).reshape(4, 3, 1).astype(object)
print(repr(np.tensordot(t, u, axes=([2, 1], [0, 1]))))
print(repr(np.tensordot(np.array([Money(1), Money(2)], dtype=object), np.array([3, 4], dtype=object), axes=1)))
for bad in [lambda: np.tensordot(np.array(['a', 'b'], dtype=object), np.array([2, 3, 4], dtype=object), axes=1),
            lambda: np.tensordot(m, m, axes=([0, 1], [0]))]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
