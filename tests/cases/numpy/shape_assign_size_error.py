# Assigning a shape of another size: NumPy's reshape ValueError.
import numpy as np

a = np.arange(6)
a.shape = (4, 2)
