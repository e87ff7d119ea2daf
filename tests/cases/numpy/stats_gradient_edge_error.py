import numpy as np
print(np.gradient([1, 2, 3, 4], edge_order=3))
