# np.matrix, np.asmatrix and np.bmat: always two-dimensional, * is the matrix
# product and ** the matrix power, .I/.T/.H/.A/.A1, reductions keeping two
# dimensions (a scalar without an axis), indexing, printing, the string form,
# NumPy's functions on matrices, and NumPy's errors.
import numpy as np
m = np.matrix([[1, 2], [3, 4]])
print(repr(m))
print(m)
print(type(m), isinstance(m, np.ndarray), isinstance(m, np.matrix), m.shape, m.ndim, m.dtype, m.size)
print(repr(m * m), repr(m ** 2), repr(m ** 0), repr(m.I), repr(m.T), repr(m.H), repr(m.A), repr(m.A1))
print(repr(m.sum(axis=0)), repr(m.sum()), repr(m.sum(axis=1)), repr(m.mean()), repr(m.max(0)), repr(m.argmax(1)))
print(repr(m.min()), repr(m.argmin()), repr(m.argmax(0)), repr(m.ptp()), repr(m.ptp(1)), repr(m.prod(1)))
print(repr(m.std()), repr(m.var(0)), repr(m.any()), repr(m.all(0)), repr(m.mean(1)), repr(m.cumsum(0)), repr(m.cumsum()))
print(repr(m[0]), repr(m[0, 1]), repr(m[:, 1]), repr(m[1, :]), repr(m[1]), repr(m[:, :1]), repr(m[m > 1]))
print(repr(np.matrix("1 2; 3 4")), repr(np.matrix("[1, 2.5; 3, 4]")), repr(np.matrix([1, 2, 3])), repr(np.asmatrix(np.arange(3))))
print(repr(np.matrix(3)), repr(np.matrix([[1.5, 2], [3, 4]])), repr(np.matrix([[1 + 1j]])), repr(np.matrix([1, 2], dtype=np.float32)))
print(repr(m + 1), repr(1 + m), repr(m - m), repr(2 - m), repr(m / 2), repr(m // 2), repr(m % 3), repr(-m), repr(abs(-m)))
print(repr(m == 2), repr(m < 3), repr(m >= 2), repr(m != 1))
print(repr(np.sin(m)), repr(np.sqrt(m)), repr(np.add(m, 1)), repr(np.exp(m) > 10))
print(m.tolist(), repr(m.ravel()), repr(m.flatten()), repr(m.squeeze()), repr(m.transpose()), repr(m.copy()))
print(repr(m.astype(float)), repr(m.reshape(1, 4)), repr(m.reshape(4, 1)), repr(m.round()), repr(m.clip(2, 3)))
f = np.matrix([[1.26, 2.5]])
print(repr(f.round()), repr(f.round(1)), repr(np.round(f, 1)), repr(np.round(m)), repr(m.round(1)), repr(np.around(f)))
print(repr(m.getA()), repr(m.getA1()), repr(m.getT()), repr(m.getI()), repr(m.getH()))
print(list(m), len(m), [list(r.A1) for r in m])
print(repr(m.dot(m)), repr(m @ m), repr(m @ np.array([1, 2])), repr(m * np.array([1, 2]).reshape(2, 1)))
print(repr(np.array([[1, 2], [3, 4]]) * m), repr(np.array([[1, 0], [0, 1]]) + m), repr(m * [[1], [1]]), repr(2 * m), repr(m * 2.5))
print(repr(np.dot(m, m)), repr(np.transpose(m)), repr(np.linalg.inv(m)), repr(np.concatenate([m, m])))
print(repr(np.sum(m)), repr(np.sum(m, axis=0)), repr(np.mean(m, axis=1)), repr(np.max(m)), repr(np.asarray(m)), repr(np.ravel(m)))
s = np.matrix([[2.0, 1.0], [1.0, 3.0]])
for name, f in [("solve", lambda: np.linalg.solve(s, s)), ("cholesky", lambda: np.linalg.cholesky(s)),
                ("vstack", lambda: np.vstack([s, s])), ("hstack", lambda: np.hstack([s, s])), ("kron", lambda: np.kron(s, s)),
                ("outer", lambda: np.outer(s, s)), ("trace", lambda: np.trace(s)), ("tile", lambda: np.tile(s, 2)), ("repeat", lambda: np.repeat(s, 2)),
                ("zeros_like", lambda: np.zeros_like(s)), ("full_like", lambda: np.full_like(s, 7)), ("copy", lambda: np.copy(s)), ("array", lambda: np.array(s)),
                ("multiply", lambda: np.multiply(s, s)), ("argsort", lambda: np.argsort(s)), ("reshape", lambda: np.reshape(s, (1, 4))),
                ("expand_dims", lambda: np.expand_dims(s, 0)), ("maximum", lambda: np.maximum(s, 2)), ("norm", lambda: np.linalg.norm(s))]:
    r = f()
    print(name, type(r).__name__, repr(r))
c = np.matrix([[1 + 2j, 3], [4j, 5]])
print(repr(c.H), repr(c.T), repr(c.conj()))
r = np.matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(repr(r.I), repr(r.shape), repr(r.T * r))
a = np.arange(4).reshape(2, 2)
v = np.asmatrix(a)
v[0, 0] = 10
print(a[0, 0], repr(v))
w = np.matrix(a)
w[0, 0] = 99
print(a[0, 0], repr(w))
n = m.copy(); n += 1; print(repr(n)); n *= n; print(repr(n)); n -= 1; print(repr(n))
p = np.matrix("1 1; 0 1"); p **= 3; print(repr(p))
A = np.matrix("1 1; 1 1"); B = np.matrix("2 2; 2 2")
print(repr(np.bmat([[A, B], [B, A]])))
print(repr(np.bmat("A B; B A")))
print(repr(np.bmat("A, B")))
print(repr(np.bmat([A, B])), repr(np.bmat(np.arange(3))))
print(repr(np.bmat("A B", ldict={"A": np.eye(2), "B": np.zeros((2, 1))})))
print(repr(np.bmat("A B", ldict={"A": np.eye(2)}, gdict={"A": A, "B": np.zeros((2, 1))})))
big = np.matrix(np.arange(12.0).reshape(3, 4) / 7)
print(repr(big)); print(big)
print(repr(np.matrix(np.zeros((2, 3, 1)))))
print(repr(np.matrix([], dtype=float)))
for bad in [lambda: np.matrix(np.zeros((2, 3, 4)).tolist()), lambda: np.matrix('1 2; 3'), lambda: m ** 0.5,
            lambda: np.matrix(np.zeros((2, 3, 4))), lambda: np.bmat('A C'), lambda: m * np.ones((3, 3)), lambda: np.matrix('1 2; 3 4').I * np.matrix('1 2')]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
