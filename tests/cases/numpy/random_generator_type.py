import numpy as np
rng = np.random.default_rng(1)
print(rng is rng)
x = rng.random(size=0)
print(x, x.shape)
print(rng.random((0, 3)).shape)
