# np.broadcast: the broadcast object NumPy's docs use to write an outer
# operation by hand; its attributes, its shared position, reset(), and
# NumPy's errors.
import numpy as np

x = np.array([[1], [2], [3]])
y = np.array([4, 5, 6])
b = np.broadcast(x, y)
print(type(b), isinstance(b, np.broadcast))
print(b.shape, b.ndim, b.nd, b.numiter, b.size, b.index)
print(next(b), b.index)
print(next(b), b.index)
rest = list(b)
print(len(rest), rest[0], rest[-1], b.index)
print(list(b))
b.reset()
print(b.index)

# The docs' example: an outer sum by hand, equal to x + y.
out = np.empty(b.shape)
out.flat = [u + v for (u, v) in b]
print(out)
print(np.array_equal(out, x + y))

# Scalars, lists and mixed dtypes; the iterator protocol.
c = np.broadcast(1.5, [1, 2, 3], np.array([[True], [False]]))
print(c.shape, c.size, c.numiter)
for t in c:
    print(t)
print(iter(c) is c)
print(len(c.iters), [type(i).__name__ for i in c.iters])
print([list(i) for i in np.broadcast([1, 2], [[3], [4]]).iters])

# No arguments, one argument, a 0-d array.
print(np.broadcast().shape, np.broadcast().size, list(np.broadcast()))
print(np.broadcast(np.zeros((2, 3))).shape, np.broadcast(np.zeros((2, 3))).numiter)
print(list(np.broadcast(np.float32(2.5), 3)))
print(np.broadcast(np.zeros((0, 3)), [1, 2, 3]).shape, list(np.broadcast(np.zeros((0, 3)), [1, 2, 3])))

# Errors.
for args in [(np.zeros(2), np.zeros(3)), (np.zeros((2, 3)), np.zeros((4, 1)), 1)]:
    try:
        np.broadcast(*args)
    except ValueError as e:
        print("ValueError", e)
try:
    np.broadcast(*[np.zeros(1)] * 65)
except ValueError as e:
    print("ValueError", e)
print(np.broadcast(*[np.zeros(1)] * 64).numiter)
try:
    next(np.broadcast())
    next(np.broadcast([]))
except StopIteration:
    print("StopIteration")

# a.flat = values: NumPy's flat assignment repeats the values.
z = np.zeros((2, 3), dtype=np.int32)
z.flat = [1, 2]
print(z)
z.flat = 7.9
print(z)
