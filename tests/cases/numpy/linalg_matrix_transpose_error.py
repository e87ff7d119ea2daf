import numpy as np
print(np.matrix_transpose([1, 2, 3]))
