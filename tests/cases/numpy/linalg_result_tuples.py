# numpy.linalg's and np.unique_*'s results are namedtuples (NumPy 2):
# they print with their field names, unpack, index, compare as tuples,
# and their fields are attributes.
import numpy as np

A = np.array([[2.0, 1.0], [1.0, 3.0]])
# (eigenvector signs are LAPACK's: a diagonal matrix pins them)
print(np.linalg.eigh(np.diag([3.0, 2.0])))
r = np.linalg.eigh(A)
print(type(r), type(r).__name__, r._fields, len(r))
w, v = r
print(w, r.eigenvalues, r[0])
print(r == tuple(r), isinstance(r, tuple))
print(r._asdict().keys())
print(type(np.linalg.eigh(A)) is type(r))
print(np.linalg.eig(np.diag([1.0, 2.0])))
print(np.linalg.slogdet(A))
sign, logdet = np.linalg.slogdet(A)
print(sign, logdet, np.linalg.slogdet(A).logabsdet)
s = np.linalg.svd(np.diag([3.0, 2.0]))
print(s)
print(s.S, s._fields)
q = np.linalg.qr(np.array([[3.0, 0.0], [0.0, 2.0]]))
print(type(q).__name__, q.R)
print(np.linalg.qr(np.eye(2), mode='complete')._fields)
print(np.linalg.eigh(np.eye(2)[None]))
u = np.unique_all(np.array([3, 1, 3]))
print(u)
vals, idx, inv, cnt = u
print(vals, idx, inv, cnt, type(u))
print(np.unique_counts(np.array([2, 2, 5])).counts)
print(np.unique_inverse(np.array([2, 2, 5]))._fields)
print(repr(np.linalg.eigvalsh(A)))
