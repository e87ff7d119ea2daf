import numpy as np
rng = np.random.default_rng(2024)
z = rng.standard_normal(2000)
print(z[:3])
print(z[-3:])
print(z.sum())
e = rng.exponential(size=1000)
print(e[-2:], e.min() >= 0)
print(type(rng.normal()).__name__, type(rng.integers(3)).__name__)
