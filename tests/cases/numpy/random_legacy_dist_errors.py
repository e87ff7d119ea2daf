import numpy as np

np.random.seed(0)
calls = [
    lambda: np.random.chisquare(0),
    lambda: np.random.f(1, -1),
    lambda: np.random.noncentral_f(1, 1, -1),
    lambda: np.random.standard_t(0),
    lambda: np.random.vonmises(0, -1),
    lambda: np.random.pareto(-1),
    lambda: np.random.weibull(-1),
    lambda: np.random.power(0),
    lambda: np.random.laplace(0, -1),
    lambda: np.random.lognormal(0, -1),
    lambda: np.random.rayleigh(-1),
    lambda: np.random.wald(0, 1),
    lambda: np.random.triangular(2, 1, 3),
    lambda: np.random.negative_binomial(0, 0.5),
    lambda: np.random.negative_binomial(1, 1.5),
    lambda: np.random.zipf(0.5),
    lambda: np.random.geometric(1.5),
    lambda: np.random.logseries(-0.1),
    lambda: np.random.hypergeometric(5, 5, 11),
    lambda: np.random.hypergeometric(-1, 5, 2),
    lambda: np.random.hypergeometric(5, 5, 0),
    lambda: np.random.multinomial(10, [0.6, 0.6, 0.1]),
    lambda: np.random.multinomial(10, 0.5),
    lambda: np.random.dirichlet([1, 0]),
]
for c in calls:
    try:
        c()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
