import numpy as np
np.column_stack([])
