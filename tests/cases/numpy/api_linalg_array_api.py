# The array API's numpy.linalg names and np.vecdot / np.matvec / np.vecmat.
import numpy as np

a = np.arange(24.0).reshape(2, 3, 4) - 10
print(np.linalg.vector_norm(a), np.linalg.vector_norm(a, axis=1), np.linalg.vector_norm(a, axis=(0, 2)))
print(np.linalg.vector_norm(a, axis=(2, 0), keepdims=True), np.linalg.vector_norm(a, keepdims=True).shape)
print(np.linalg.vector_norm([3, 4]), np.linalg.vector_norm([[1, 2], [3, 4]], ord=1, axis=1), np.linalg.vector_norm([1, -5, 2], ord=np.inf))
print(np.linalg.vector_norm([1, -5, 2], ord=-np.inf), np.linalg.vector_norm([1, 0, 2], ord=0), np.linalg.vector_norm(np.array([3, 4], dtype=np.float32)))
print(np.linalg.vector_norm(5.0), np.linalg.vector_norm(np.array([1 + 1j, 1 - 1j], dtype=np.complex64)))
m = np.array([[1.0, -2.0], [3.0, 4.0]])
print(np.linalg.matrix_norm(m), np.linalg.matrix_norm(m, ord=1), np.linalg.matrix_norm(m, ord=np.inf), np.linalg.matrix_norm(m, ord=-1))
print(np.linalg.matrix_norm(a, keepdims=True).shape, np.linalg.matrix_norm(a, ord='nuc').round(6))
print(np.linalg.svdvals([[3, 0], [0, 4]]), np.linalg.svdvals(np.eye(3)[None] * [[[1.0]], [[2.0]]]).shape)
print(np.linalg.diagonal(a), np.linalg.diagonal(a, offset=1), np.linalg.diagonal([[1, 2], [3, 4]], offset=-1))
print(np.linalg.trace(a), np.linalg.trace(a, offset=-1), np.linalg.trace([[1, 2], [3, 4]], dtype=np.float32))
print(np.linalg.cross([1, 0, 0], [0, 1, 0]), np.linalg.cross(np.eye(3), [1, 2, 3]), np.linalg.cross(np.eye(3), np.ones((3, 3)), axis=0))
print(np.linalg.vecdot([1, 2, 3], [4, 5, 6]), np.linalg.vecdot(np.ones((2, 3)), [1, 2, 3]), np.linalg.vecdot([[1], [2]], [[3], [4]], axis=0))
print(np.linalg.tensordot(np.ones((2, 3)), np.ones((3, 2)), axes=1), np.linalg.tensordot(np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3)))
t = np.eye(4 * 6).reshape(4, 6, 8, 3)
inv = np.linalg.tensorinv(t, ind=2)
print(inv.shape, np.allclose(np.tensordot(inv, t, 2), np.eye(24).reshape(8, 3, 8, 3)))
print(np.linalg.tensorinv(np.eye(4).reshape(4, 2, 2), ind=1).shape)
A = np.eye(2 * 3 * 4).reshape(2 * 3, 4, 2, 3, 4) * 2.0
B = np.arange(24.0).reshape(2 * 3, 4)
x = np.linalg.tensorsolve(A, B)
print(x.shape, np.allclose(np.tensordot(A, x, axes=3), B))
print(np.linalg.tensorsolve(np.eye(4).reshape(2, 2, 2, 2), np.ones((2, 2))))
print(np.linalg.tensorsolve(np.eye(6).reshape(2, 3, 2, 3) * 2, np.arange(6.0).reshape(3, 2), axes=(0,)))
print(np.vecdot([[1, 2], [3, 4]], [1, 1]), np.vecdot(np.complex64([1j, 2]), np.complex64([1j, 3])), np.vecdot(np.ones((2, 3)), np.ones((4, 1, 3))).shape)
print(np.vecdot(np.arange(6).reshape(2, 3), np.arange(6).reshape(2, 3), axis=0), np.vecdot(np.float32([1, 2]), np.float32([3, 4])))
print(np.matvec([[1, 2], [3, 4]], [1, 1]), np.matvec(np.ones((2, 3, 4)), np.arange(4)), np.matvec(np.complex64([[1j, 0], [0, 1]]), np.complex64([1j, 2])))
print(np.vecmat([1, 1], [[1, 2], [3, 4]]), np.vecmat(np.complex64([1j, 2]), np.complex64([[1j, 0], [0, 1]])), np.vecmat(np.arange(3), np.ones((2, 3, 4))))
o = np.zeros(2, dtype=np.int64)
print(np.vecdot([[1, 2], [3, 4]], [1, 1], out=o) is o, o)
for bad in [lambda: np.linalg.cross([1, 0], [0, 1]), lambda: np.linalg.tensorinv(np.eye(4), ind=0),
            lambda: np.linalg.tensorsolve(np.ones((2, 3)), np.ones(2)), lambda: np.vecdot([1, 2], [1, 2, 3]),
            lambda: np.matvec([[1, 2]], [1, 2, 3]), lambda: np.vecmat([1, 2, 3], [[1, 2], [3, 4]]),
            lambda: np.vecdot(1, [1]), lambda: np.matvec([1, 2], [1, 2]), lambda: np.linalg.vector_norm(a, axis=(0, 0))]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
