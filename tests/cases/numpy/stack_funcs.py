import numpy as np
a = np.array([1, 2])
b = np.array([3, 4])
print(np.stack((a, b)), np.stack((a, b), axis=1), np.stack((a, b), axis=-1).shape)
print(np.vstack((a, b)), np.hstack((a, b)))
print(np.hstack((np.ones((2, 1)), np.zeros((2, 2)))))
