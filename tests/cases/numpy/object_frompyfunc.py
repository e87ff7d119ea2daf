# np.frompyfunc: a ufunc of a Python function over broadcast elements,
# returning object arrays (the result itself for scalar arguments).
import numpy as np

f = np.frompyfunc(lambda x, y: x * y, 2, 1)
print(repr(f), f.nin, f.nout, f.nargs, f.__name__, f.identity, f.ntypes, f.types)
print(repr(f(np.arange(3), 2)), repr(f(3, 4)), repr(f([1, 2], [[1], [2]])))
print(repr(f(np.array(['a', 'b']), 3)), type(f(np.arange(3), 2)[1]).__name__)
g = np.frompyfunc(divmod, 2, 2)
print(repr(g(np.arange(5), 3)), repr(g(7, 2)))
print(repr(np.frompyfunc(len, 1, 1)), repr(np.frompyfunc(len, 1, 1)(np.array(['ab', 'c', '']))))
print(repr(np.frompyfunc(str, 1, 1)(np.array([1.5, 2]))))
def collatz(n):
    return n // 2 if n % 2 == 0 else 3 * n + 1
step = np.frompyfunc(collatz, 1, 1)
x = np.array([6, 7, 2**70])
print(repr(step(np.array([6, 7, 27]))), repr(step(np.array([2**70], dtype=object))))
print(repr(step(np.arange(6).reshape(2, 3)).astype(np.int64)))
f(1)
