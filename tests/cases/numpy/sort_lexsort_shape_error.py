import numpy as np
print(np.lexsort(([1, 2], [1, 2, 3])))
