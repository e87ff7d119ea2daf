import numpy as np
a = np.array([[3, 1, 2], [1, 2, 0]])
b = np.array([[0, 0, 0], [1, 1, 1]])
print(np.lexsort((a, b)))
print(np.lexsort((a, b), axis=0))
