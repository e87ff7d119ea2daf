import numpy as np
np.set_printoptions(linewidth=40)
print(np.arange(12.0).reshape(2, 6) / 7)
