# np.nested_iters: nditers nested by groups of axes (the inner ones restart
# at each outer position), with multi_index, c_index, several operands and
# written operands, memory and index orders, and NumPy's errors.
import numpy as np
a = np.arange(12).reshape(2, 3, 2)
i, j = np.nested_iters(a, [[0], [1, 2]])
print(type(i), type(j), i.shape, j.shape, i.itersize, j.itersize, i.ndim, j.ndim)
for x in i:
    print(int(x), [int(y) for y in j])
i, j = np.nested_iters(a, [[1, 0], [2]])
for x in i:
    print([int(y) for y in j])
i, j = np.nested_iters(a, [[0, 2], [1]], flags=['multi_index'])
for x in i:
    print(i.multi_index, [(j.multi_index, int(y)) for y in j])
i, j, k = np.nested_iters(a, [[0], [1], [2]])
for x in i:
    for y in j:
        print([int(z) for z in k], end=' ')
print()
b = np.zeros((2, 3), dtype=np.int64)
i, j = np.nested_iters([a[:, :, 0], b], [[0], [1]], op_flags=[['readonly'], ['writeonly']])
with i, j:
    for x in i:
        for y, z in j:
            z[...] = y * 10
print(b)
i, j = np.nested_iters(np.arange(12).reshape(3, 4).T, [[0], [1]])
for x in i:
    print(int(x), [int(y) for y in j])
i, j = np.nested_iters(np.arange(12).reshape(3, 4), [[1], [0]], order='C')
for x in i:
    print(int(x), [int(y) for y in j])
i, j = np.nested_iters(np.arange(6).reshape(2, 3), [[0], [1]], flags=['c_index'])
for x in i:
    print(i.index, [(j.index, int(y)) for y in j])
i, j = np.nested_iters(np.arange(6).reshape(2, 3), [[1], [0]])
i.iternext()
print(int(i.value), [int(y) for y in j])
i.reset()
print(int(i.value), [int(y) for y in j])
r = np.nested_iters(a, [[0], [1, 2], []])
print(len(r), [x.shape for x in r], np.nditer(np.array(5)).shape)
for bad in [[[0], [0, 1, 2]], [[-1], [0, 1]], [[0, 1, 2]]]:
    try:
        np.nested_iters(a, bad)
    except ValueError as e:
        print(type(e).__name__, e)
