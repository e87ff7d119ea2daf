import numpy as np
np.set_printoptions(precision=3)
print(np.array([1/3, 2/3]))
print(np.get_printoptions()['precision'])
np.set_printoptions(precision=8)
print(np.array([1/3]))
