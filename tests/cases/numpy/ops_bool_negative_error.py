import numpy as np
print(-np.array([True, False]))
