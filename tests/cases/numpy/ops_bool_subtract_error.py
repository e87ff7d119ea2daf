import numpy as np
print(np.array([True]) - np.array([False]))
