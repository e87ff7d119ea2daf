import numpy as np
print(np.column_stack(([1, 2, 3], [4, 5, 6])))
print(np.column_stack((np.arange(2), np.ones((2, 2)))))
print(np.column_stack([np.array([1.5, 2.5], dtype=np.float32), np.array([1, 2], dtype=np.int8)]).dtype)
print(np.column_stack((1, 2)))
