import numpy as np
print(np.bincount([1, 2], minlength=-1))
