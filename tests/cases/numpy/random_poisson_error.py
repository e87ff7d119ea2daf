import numpy as np
print(np.random.poisson(-2))
