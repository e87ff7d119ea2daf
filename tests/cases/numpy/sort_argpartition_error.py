import numpy as np
print(np.argpartition([3, 1, 2], -4))
