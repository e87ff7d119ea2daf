import warnings

import numpy as np

np.set_printoptions(precision=12)
diag = [[2.0, 0, 0], [0, 1, 0], [0, 0, 3]]
cov = [[4, 2, 0.6], [2, 5, 1], [0.6, 1, 3]]
mean = [1, -2, 0.5]

# Generator: cholesky is unique, so it matches NumPy on any covariance;
# svd and eigh match on a diagonal one (their factors' signs agree there)
for cls in [np.random.PCG64, np.random.MT19937, np.random.SFC64]:
    g = np.random.Generator(cls(3))
    x = g.multivariate_normal(mean, cov, 4, method='cholesky')
    print(x.shape, x.dtype)
    print(x)
    print(g.multivariate_normal(mean, diag, 2))
    print(g.multivariate_normal(mean, diag, (2, 1), method='eigh'))
    print(g.multivariate_normal([5], [[4]]))
    print(g.random())

g = np.random.default_rng(8)
x = g.multivariate_normal([0, 0], [[1, 0.9], [0.9, 1]], 20000)
print(x.shape, np.round(np.corrcoef(x.T)[0, 1], 2), (np.abs(x.mean(axis=0)) < 0.05).all())
for m in ['svd', 'eigh']:
    y = g.multivariate_normal([1, 2, 3], cov, 20000, method=m)
    print(m, y.shape, np.round(np.cov(y.T), 0))

# the legacy function and RandomState method (svd): a diagonal covariance
np.random.seed(4)
print(np.random.multivariate_normal(mean, diag, 3))
print(np.random.RandomState(4).multivariate_normal([0, 1], [[1, 0], [0, 9]], 2))
print(np.random.multivariate_normal([1, 2], [[0, 0], [0, 0]], 2))

# checks, warnings and errors
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    r = np.random.default_rng(1).multivariate_normal([0, 0], [[1, 2], [3, 1]])
    np.random.multivariate_normal([0, 0], [[1, 2], [3, 1]])
    np.random.default_rng(1).multivariate_normal([0, 0], [[1, 0], [0, -1]], method='eigh')
    print(r.shape, [str(m.message) for m in w], [m.category.__name__ for m in w])
print(np.random.default_rng(1).multivariate_normal([0, 0], [[1, 2], [3, 1]], check_valid='ignore').shape)
calls = [
    lambda: np.random.default_rng(1).multivariate_normal([0, 0], [[1, 2], [3, 1]], check_valid='raise'),
    lambda: np.random.default_rng(1).multivariate_normal([0, 0], [[1, 0], [0, 1]], check_valid='x'),
    lambda: np.random.default_rng(1).multivariate_normal([0, 0], [[1, 0], [0, 1]], method='qr'),
    lambda: np.random.default_rng(1).multivariate_normal([[0, 0]], [[1, 0], [0, 1]]),
    lambda: np.random.default_rng(1).multivariate_normal([0, 0], [1, 0]),
    lambda: np.random.default_rng(1).multivariate_normal([0, 0, 0], [[1, 0], [0, 1]]),
    lambda: np.random.default_rng(1).multivariate_normal([0j, 0], [[1, 0], [0, 1]]),
    lambda: np.random.default_rng(1).multivariate_normal([0, 0], [[1, 0], [0, -1]], method='cholesky'),
    lambda: np.random.multivariate_normal([0, 0], [[1, 2], [3, 1]], check_valid='raise'),
    lambda: np.random.multivariate_normal([0], [[1, 2]]),
]
for f in calls:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
