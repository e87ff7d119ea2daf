# np.vectorize: output dtypes from the first call (made on NumPy scalars,
# then every element on Python scalars), otypes, excluded, decorators.
import numpy as np

f = np.vectorize(lambda x: x + 1)
print(repr(f(3)), repr(f([1, 2])), repr(f([[1.5], [2]])))
g = np.vectorize(lambda a, b: a - b if a > b else a + b)
print(g([1, 2, 3, 4], 2), g([[1], [5]], [1, 2, 3]))
h = np.vectorize(lambda x: (x, x * 2))
print(h([1, 2]))
print(np.vectorize(lambda x: 1 if x > 0 else 0.5)([1, -1]), np.vectorize(lambda x: x > 1)([1, 2]))
print(np.vectorize(lambda x: x / 2, otypes=[float])([1, 2]), np.vectorize(lambda x: x, otypes="i")([1.7]), np.vectorize(lambda x: x, otypes=[float])([]))
v = np.vectorize(lambda x, y=1: x * y, excluded={"y"})
print(v([1, 2], y=3), v.pyfunc.__name__, v.otypes, v.excluded, v.signature, v.cache)
w = np.vectorize(lambda x, coeffs: sum(c * x ** i for i, c in enumerate(coeffs)), excluded=[1])
print(w([0, 1, 2], [1, 2, 3]))


@np.vectorize
def sq(x):
    return x * x


print(sq(np.arange(3)), type(sq).__name__)


@np.vectorize(otypes=[float])
def half(x):
    return x / 2


print(half([1, 3]))
calls = []
k = np.vectorize(lambda x: calls.append(x) or x)
k([7, 8])
print(calls, [type(c).__name__ for c in calls])
print(np.vectorize(lambda x, y: x * y)(x=[1, 2], y=3), repr(np.vectorize(lambda x: np.float32(x))([1, 2])))
print(np.vectorize(abs)([-1.5, 2]), np.vectorize(max)([1, 5], [4, 2]), np.vectorize(lambda z: z.real)(np.array([1 + 2j])))
print(np.vectorize(lambda x: x, otypes=[np.int8])(np.array([1, 300 - 256])), f(np.zeros((2, 0))).shape if False else None)
for bad in [lambda: np.vectorize(lambda x: x)([]), lambda: np.vectorize(lambda x: x)([1, 2], [1, 2, 3]),
            lambda: np.vectorize(lambda x: 1 / x)([1, 0]), lambda: np.vectorize(lambda x: x, otypes="?z")([1])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
