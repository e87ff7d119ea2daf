import numpy as np
rng = np.random.default_rng(0)
print(rng.normal(0, -1))
