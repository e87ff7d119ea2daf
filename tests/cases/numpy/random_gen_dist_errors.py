import numpy as np

rng = np.random.default_rng(0)
calls = [
    lambda: rng.chisquare(0),
    lambda: rng.gamma(-1),
    lambda: rng.beta(0, 1),
    lambda: rng.f(1, -1),
    lambda: rng.noncentral_chisquare(1, -1),
    lambda: rng.standard_t(0),
    lambda: rng.vonmises(0, -1),
    lambda: rng.pareto(-1),
    lambda: rng.weibull(-1),
    lambda: rng.power(0),
    lambda: rng.laplace(0, -1),
    lambda: rng.gumbel(0, -1),
    lambda: rng.logistic(0, -1),
    lambda: rng.lognormal(0, -1),
    lambda: rng.rayleigh(-1),
    lambda: rng.wald(1, 0),
    lambda: rng.triangular(2, 1, 3),
    lambda: rng.triangular(0, 4, 3),
    lambda: rng.triangular(1, 1, 1),
    lambda: rng.poisson(-1),
    lambda: rng.poisson(1e20),
    lambda: rng.binomial(10, 1.5),
    lambda: rng.binomial(-1, 0.5),
    lambda: rng.negative_binomial(0, 0.5),
    lambda: rng.negative_binomial(1, 0),
    lambda: rng.negative_binomial(float('nan'), 0.5),
    lambda: rng.zipf(1.0),
    lambda: rng.geometric(0),
    lambda: rng.logseries(1.0),
    lambda: rng.hypergeometric(5, 5, 11),
    lambda: rng.hypergeometric(-1, 5, 2),
    lambda: rng.hypergeometric(10**9, 5, 2),
    lambda: rng.multinomial(10, [0.6, 0.6, 0.1]),
    lambda: rng.multinomial(-1, [0.5, 0.5]),
    lambda: rng.multinomial(5, [-0.1, 1.1]),
    lambda: rng.dirichlet([1, -1]),
]
for c in calls:
    try:
        c()
        print("no error")
    except Exception as e:
        print(type(e).__name__, e)
