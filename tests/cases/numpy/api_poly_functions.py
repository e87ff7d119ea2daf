# NumPy's legacy polynomial functions on coefficient arrays.
import numpy as np

print(np.poly([1, 2]), np.poly([0, 0, 0]), np.poly([]), np.poly([1j, -1j]), np.poly([1 + 1j, 2]))
print(np.poly(np.array([1, 2], dtype=np.float32)), np.poly([3]), np.poly(np.array([[2.0, 0.0], [0.0, 3.0]])).round(10))
print(np.sort(np.roots([1, -6, 11, -6])).round(10), np.roots([0, 0, 1, -2, 0, 0]), np.roots([0, 0]), np.roots([5]))
print(np.sort_complex(np.roots([1, 0, 1])).round(10), np.roots(np.array([2, -4], dtype=np.float32)))
print(np.polyval([3, 0, 1], 5), np.polyval([3, 0, 1], [1, 2, 3]), np.polyval([1.5, -1], np.array([[1, 2], [3, 4]])))
print(np.polyval([1, 2], np.float32(2)), np.polyval([], 3), np.polyval([1j, 1], 2), np.polyval(np.array([1, 2], dtype=np.int8), 3))
print(np.polyadd([1, 2], [9, 5, 4]), np.polyadd([1.5], [1, 2]), np.polyadd(3, [1, 1]))
print(np.polysub([2, 10, -2], [3, 10, -4]), np.polysub([1], [1, 1, 1]))
print(np.polymul([1, 2, 3], [9, 5, 1]), np.polymul([0, 0, 1, 2], [3]), np.polymul([0], [1, 2]), np.polymul([1.5, 0], [2, 1]))
print(np.polydiv([3.0, 5.0, 2.0], [2.0, 1.0]), np.polydiv([1, -3, 2], [1, -1]), np.polydiv([1, 2], [1, 2, 3]))
print(np.polydiv([4, 0, 0, 1], [2]), np.polydiv([1 + 1j, 2], [1j]))
print(np.polyder([1, 1, 1, 1]), np.polyder([1, 1, 1, 1], 2), np.polyder([1, 1, 1, 1], 0), np.polyder([5], 1), np.polyder([3.0, 2.0, 1.0], 5))
print(np.polyint([3, 2, 1]), np.polyint([1, 1], 2), np.polyint([1, 1], 2, k=[3, 4]), np.polyint([6.0], 3, k=2), np.polyint([1, 2], 0))
x = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
y = np.array([0.0, 0.8, 0.9, 0.1, -0.8, -1.0])
print(np.polyfit(x, y, 3).round(8))
c, res, rank, sv, rc = np.polyfit(x, y, 2, full=True)
print(c.round(8), res.round(8), rank, sv.round(8), rc)
c, cov = np.polyfit(x, y, 1, cov=True)
print(c.round(8), cov.round(8))
c, cov = np.polyfit(x, y, 1, cov='unscaled')
print(c.round(8), cov.round(8))
print(np.polyfit(x, np.c_[y, 2 * y], 1).round(8), np.polyfit(x, y, 1, w=np.arange(1.0, 7.0)).round(8))
print(np.polyfit([0, 1, 2], [1, 3, 5], 1).round(12), np.polyfit([1, 2], [3, 4], 0).round(12))
for bad in [lambda: np.poly([[1, 2]]), lambda: np.roots([[1, 2]]), lambda: np.polyder([1, 2], -1),
            lambda: np.polyint([1, 2], -1), lambda: np.polyint([1, 2], 3, k=[1, 2]),
            lambda: np.polyfit([1, 2], [1, 2], -1), lambda: np.polyfit([[1]], [1], 1),
            lambda: np.polyfit([], [], 1), lambda: np.polyfit([1, 2], [1, 2, 3], 1),
            lambda: np.polyfit([1, 2, 3], [[[1]]], 1), lambda: np.polyfit([1, 2], [1, 2], 1, cov=True),
            lambda: np.polyfit([1, 2, 3], [1, 2, 3], 1, w=[1, 2])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
for p in [[1, -6, 11, -6], [1, 0, 1], [2, 3, -5, 7, 1], [1, -10, 35, -50, 24], [1, 2, 3, 4, 5, 6]]:
    print(np.roots(p).round(8))
