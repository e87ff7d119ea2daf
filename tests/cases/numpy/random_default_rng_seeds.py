import numpy as np
for s in [0, 1, 12345, 2**40, 2**64 + 5]:
    rng = np.random.default_rng(s)
    print(s, rng.random(), rng.integers(1000), rng.standard_normal())
rng = np.random.default_rng([1, 2, 3])
print(rng.random(2))
rng = np.random.default_rng(0)
rng2 = np.random.default_rng(rng)
print(rng2 is rng)
print(rng.random(2), rng2.random())
