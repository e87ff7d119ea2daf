# Assigning a shape that needs a copy: NumPy's AttributeError.
import numpy as np

m = np.arange(6).reshape(2, 3).T
m.shape = (6,)
