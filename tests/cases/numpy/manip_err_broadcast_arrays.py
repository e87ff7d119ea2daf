import numpy as np
np.broadcast_arrays([1, 2], [1, 2, 3])
