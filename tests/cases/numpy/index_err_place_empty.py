import numpy as np
np.place(np.arange(3), [True, False, True], [])
