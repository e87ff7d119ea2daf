import numpy as np
import warnings

np.random.seed(12345)
print(np.random.bytes(10))
print(np.random.ranf(3))
print(np.random.sample((2, 2)))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(np.random.random_integers(5, size=8))
    print(np.random.random_integers(-3, 3, size=(2, 4)))
    print(repr(np.random.random_integers(10, 20)))
print(np.random.hypergeometric(100, 200, 5, size=6))
print(np.random.dirichlet([0.05, 0.02, 0.01], size=2))
print(np.random.multinomial(10, []))
print(np.random.bytes(0), np.random.randint(0, 100, size=3))
try:
    np.random.multinomial(5, [-0.1, 1.1])
except ValueError as e:
    print(type(e).__name__, e)
