import numpy as np
print(np.random.binomial(5, 1.5))
