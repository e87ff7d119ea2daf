import numpy as np
hash(np.arange(3))
