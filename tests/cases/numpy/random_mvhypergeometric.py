import numpy as np

colors = [16, 8, 4]
for method in ['marginals', 'count']:
    for cls in [np.random.PCG64, np.random.MT19937, np.random.Philox]:
        g = np.random.Generator(cls(5))
        x = g.multivariate_hypergeometric(colors, 6, method=method)
        print(method, cls.__name__, x, x.dtype)
        y = g.multivariate_hypergeometric(colors, 20, size=4, method=method)
        print(y, y.sum(axis=1))
        print(g.multivariate_hypergeometric([3, 0, 5, 1], 4, size=(2, 3), method=method))
        print(g.multivariate_hypergeometric(colors, 0, 2, method=method))
        print(g.multivariate_hypergeometric(colors, 28, method=method))
        print(g.integers(0, 1000))
g = np.random.default_rng(3)
print(g.multivariate_hypergeometric([], 0), g.multivariate_hypergeometric([], 0, size=2).shape)
print(g.multivariate_hypergeometric(np.array([10, 20, 30], dtype=np.uint8), 25, size=3))
print(g.multivariate_hypergeometric([10**6, 10**6], 10, method='count'))
print(g.multivariate_hypergeometric([400000000, 500000000], 450000000))

calls = [
    lambda: g.multivariate_hypergeometric([3, 2], 6),
    lambda: g.multivariate_hypergeometric([3, 2], -1),
    lambda: g.multivariate_hypergeometric([3, 2], 1.5),
    lambda: g.multivariate_hypergeometric([3, -2], 1),
    lambda: g.multivariate_hypergeometric([3.0, 2.0], 1),
    lambda: g.multivariate_hypergeometric([[3, 2]], 1),
    lambda: g.multivariate_hypergeometric([3, 2], 1, method='x'),
    lambda: g.multivariate_hypergeometric([10**9, 1], 1),
    lambda: g.multivariate_hypergeometric([2**62, 2**62], 1),
    lambda: g.multivariate_hypergeometric([2**61, 1], 1, method='count'),
    lambda: g.multivariate_hypergeometric([3, 2], 2**63),
]
for f in calls:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
