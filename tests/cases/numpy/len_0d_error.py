import numpy as np
len(np.array(5))
