# np.random.Generator and np.flatiter as types: type(), isinstance, identity,
# annotations that name them, and NumPy's errors when called.
import numpy as np

rng = np.random.default_rng(0)
print(type(rng))
print(np.random.Generator)
print(isinstance(rng, np.random.Generator), isinstance(3, np.random.Generator))
print(type(rng) is np.random.Generator, type(rng) == np.random.Generator)


def draw(g: np.random.Generator, n: int) -> np.ndarray:
    return g.integers(0, 10, size=n)


print(draw(rng, 5))
a = np.arange(6).reshape(2, 3)
f = a.flat
print(type(f))
print(np.flatiter)
print(isinstance(f, np.flatiter), isinstance(a, np.flatiter))
print(type(f) is np.flatiter)
for bad in (lambda: np.random.Generator(), lambda: np.flatiter()):
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
