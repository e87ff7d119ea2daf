import numpy as np
np.ix_([[1]])
