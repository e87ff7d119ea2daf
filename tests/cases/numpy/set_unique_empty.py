import numpy as np
print(np.unique([]))
u, c = np.unique(np.array([], dtype=np.int64), return_counts=True)
print(u, c)
