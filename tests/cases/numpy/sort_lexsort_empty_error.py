import numpy as np
print(np.lexsort([]))
