import numpy as np
np.nanargmin(np.array([np.nan, np.nan]))
