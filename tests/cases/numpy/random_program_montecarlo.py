# xpush: rtol=1e-12 atol=1e-15
import numpy as np
# Estimate pi, a dice histogram and a random walk with both APIs.
np.random.seed(2024)
pts = np.random.rand(10000, 2)
inside = (pts ** 2).sum(axis=1) <= 1.0
print(4 * inside.mean())
dice = np.random.randint(1, 7, size=600)
print((dice == 6).sum(), (dice == 1).sum())
rng = np.random.default_rng(99)
steps = rng.choice([-1, 1], size=1000)
walk = np.cumsum(steps)
print(walk[-1], walk.max(), walk.min())
print(rng.normal(size=1000).mean())
print(rng.uniform(0, 10, size=5).round(3))
