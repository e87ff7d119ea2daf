import numpy as np
rng = np.random.default_rng(0)
rng.choice(3, 5, replace=False)
