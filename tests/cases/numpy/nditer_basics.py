# np.nditer as NumPy's documentation uses it: memory order (order='K')
# against C and F order, multi-operand broadcasting, readwrite views,
# allocated outputs, multi_index / c_index / f_index, external_loop,
# iternext/finished, op_dtypes with buffering, and its errors.
import numpy as np

a = np.arange(6).reshape(2, 3)
for x in np.nditer(a):
    print(x, end=' ')
print()
for x in np.nditer(a.T):
    print(x, end=' ')
print()
for x in np.nditer(a.T.copy(order='C')):
    print(x, end=' ')
print()
print([int(x) for x in np.nditer(a, order='F')], [int(x) for x in np.nditer(a.T, order='C')])
print([int(x) for x in np.nditer(a[:, ::-1])], [int(x) for x in np.nditer(np.arange(5)[::-2])])
x = next(np.nditer(a))
print(repr(x), type(x).__name__, x.shape, x.dtype)

# Modifying array values.
b = np.arange(6).reshape(2, 3)
with np.nditer(b, op_flags=['readwrite']) as it:
    for v in it:
        v[...] = 2 * v
print(b)

# External loop.
for v in np.nditer(a, flags=['external_loop']):
    print(v, end=' ')
print()
for v in np.nditer(a, flags=['external_loop'], order='F'):
    print(v, end=' ')
print()
print([v.tolist() for v in np.nditer(a[:, ::2], flags=['external_loop'])])

# Tracking an index or multi-index.
it = np.nditer(a, flags=['f_index'])
for v in it:
    print("%d <%d>" % (v, it.index), end=' ')
print()
it = np.nditer(a, flags=['multi_index'])
for v in it:
    print("%d <%s>" % (v, it.multi_index), end=' ')
print()
with np.nditer(a, flags=['multi_index'], op_flags=['writeonly']) as it:
    for v in it:
        v[...] = it.multi_index[1] - it.multi_index[0]
print(a)
a = np.arange(6).reshape(2, 3)
it = np.nditer(a, flags=['c_index'])
while not it.finished:
    print("%d <%d>" % (it[0], it.index), end=' ')
    is_not_finished = it.iternext()
print(it.finished)
it = np.nditer(a.T, flags=['multi_index'])
print(it.shape, it.ndim, it.itersize, it.nop, [it.multi_index for _ in it])
print(np.nditer(a).shape, np.nditer(a, flags=['multi_index']).shape)

# Broadcasting array iteration.
c = np.arange(3)
d = np.arange(6).reshape(2, 3)
for x, y in np.nditer([c, d]):
    print("%d:%d" % (x, y), end=' ')
print()
it = np.nditer([c, 10])
print(next(it), it.value, it.nop)

# Iterator-allocated output arrays.
def square(x):
    it = np.nditer([x, None])
    with it:
        for v, y in it:
            y[...] = v * v
        return it.operands[1]

print(square([1, 2, 3]), square(np.arange(4.0).reshape(2, 2)).dtype)

def add3(x, y):
    it = np.nditer([x, y, None], [], [['readonly'], ['readonly'], ['writeonly', 'allocate']])
    with it:
        for u, v, w in it:
            w[...] = u + v
        return it.operands[2]

print(add3(np.arange(3), np.arange(3).reshape(3, 1)))

# op_dtypes, buffering and casting.
for v in np.nditer(np.arange(3), op_dtypes=['float64'], flags=['buffered']):
    print(repr(v), end=' ')
print()
it = np.nditer(np.arange(3.0), flags=['buffered'], op_dtypes=['complex128'])
print([complex(v) for v in it], it.dtypes)

for bad in (lambda: np.nditer(np.arange(3), op_dtypes=['float64']),
            lambda: np.nditer(np.arange(3.0), op_dtypes=['int64'], flags=['buffered']),
            lambda: np.nditer([np.arange(2), np.arange(3)]),
            lambda: np.nditer(np.arange(3), flags=['multi_index']).index,
            lambda: np.nditer(np.arange(3)).multi_index,
            lambda: np.nditer([np.arange(2), None], op_flags=[['readonly'], ['readonly']]),
            lambda: np.nditer(np.arange(2), flags=['external_loop', 'multi_index'])):
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
it = np.nditer(np.arange(2))
for _ in it:
    pass
try:
    it.value
except ValueError as e:
    print('ValueError', e)
it.reset()
print(it.value, isinstance(it, np.nditer), type(it))
# ndarray.copy's order= (the layout nditer's memory order follows).
t = np.arange(6).reshape(2, 3).T
for o in ['C', 'F', 'A', 'K']:
    c = t.copy(order=o)
    print(o, c.strides, [int(v) for v in np.nditer(c)], np.array_equal(c, t))
print(np.copy(t).strides, np.copy(t, order='C').strides)
z = np.array(7)
print("%d %5.2f %x %s %r" % (z, np.array(2.5), np.array(255), z, np.array(1.5)))
