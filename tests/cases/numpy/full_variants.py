import numpy as np
print(np.full((2, 2), np.nan), np.full(3, np.int8(7)).dtype, np.full((2, 3), [1, 2, 3]), np.full(2, 1+1j))
