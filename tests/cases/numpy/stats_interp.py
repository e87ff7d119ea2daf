import numpy as np
xp = [1, 2, 3]
fp = [3, 2, 0]
print(np.interp(2.5, xp, fp))
print(np.interp([0, 1, 1.5, 2.72, 3.14], xp, fp))
print(np.interp(np.array([[1.25, 2.0]]), xp, fp))
print(np.interp([1.0, 2.0], [1.5], [7.0]))
