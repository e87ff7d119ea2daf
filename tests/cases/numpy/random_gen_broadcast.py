import numpy as np

rng = np.random.default_rng(42)
print(rng.poisson([1.0, 5.0, 50.0]))
print(rng.poisson(np.array([[1.0], [20.0]]), size=(2, 3)))
print(rng.gamma([0.5, 2.0, 9.0], 2.0))
print(rng.gamma(2.0, [[1.0], [3.0]]))
print(rng.beta([0.5, 2.0], [[0.7], [5.0]]))
print(rng.chisquare(np.arange(1, 5)))
print(rng.lognormal([0.0, 1.0, 2.0], 0.5))
print(rng.laplace(0.0, [1.0, 2.0]), rng.gumbel([0, 1], 2), rng.logistic(1, [1, 2]))
print(rng.exponential([1.0, 10.0]) if False else rng.rayleigh([1.0, 10.0]))
print(rng.triangular([0, 1], 2, 3))
print(rng.geometric([0.1, 0.5, 0.9]), rng.zipf([2.0, 3.0]), rng.logseries([0.3, 0.9]))
print(rng.negative_binomial([1, 10], 0.5), rng.standard_t([1.0, 30.0]), rng.wald([1, 2], 1))
for call in [lambda: rng.poisson([1.0, -1.0]), lambda: rng.gamma([1.0, 2.0], size=3),
             lambda: rng.chisquare([[1.0, 2.0]], size=(2,))]:
    try:
        print(call())
    except ValueError as e:
        print(type(e).__name__, e)

np.random.seed(42)
print(np.random.poisson([1.0, 5.0, 50.0]))
print(np.random.gamma([0.5, 2.0, 9.0], [[1.0], [2.0]]))
print(np.random.lognormal([0.0, 1.0], 0.5, size=(3, 2)))
print(np.random.pareto([1.0, 3.0]), np.random.weibull([1.0, 3.0]), np.random.power([1.0, 3.0]))
print(np.random.f([1, 5], 2), np.random.vonmises([0, 1], 2), np.random.standard_t([2, 5]))
print(np.random.normal([0.0, 10.0], [[1.0], [0.1]]), np.random.uniform([0, 5], 10))
print(np.random.binomial([5, 50, 500], 0.4), np.random.binomial(20, [0.1, 0.9]))
print(np.random.exponential([1.0, 3.0]), np.random.beta([1, 2], 3), np.random.standard_gamma([0.5, 4.0]))
rng = np.random.default_rng(5)
print(rng.binomial([5, 50, 500], 0.4), rng.binomial(20, [0.1, 0.9], size=(2, 2)))
print(rng.normal([0.0, 10.0], 1.0), rng.uniform(0, [1, 100]), rng.exponential([1.0, 3.0]))
for call in [lambda: rng.binomial([5, 5], [0.5, 1.5]), lambda: rng.zipf([2.0, float('nan')]),
             lambda: rng.normal([1, 2], [1, 2, 3])]:
    try:
        print(call())
    except ValueError as e:
        print(type(e).__name__, e)
print(rng.hypergeometric([10, 100], [5, 200], 7), rng.hypergeometric(50, 50, [5, 20, 90]))
print(np.random.hypergeometric([10, 100], [5, 200], 7), np.random.hypergeometric(50, 50, [5, 20, 90]))
