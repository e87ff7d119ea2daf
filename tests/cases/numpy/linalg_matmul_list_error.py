import numpy as np
print(np.array([1, 2]) @ [1, 2])
print([1, 2] @ [3, 4])
