import numpy as np
print(np.reciprocal([1, 2, -1]), np.reciprocal([0.5, 4.0]))
