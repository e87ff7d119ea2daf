import numpy as np
x = [1.5, 4.0]
xp = [2, 3, 5]
fp = [1.0j, 0, 2 + 3j]
print(np.interp(x, xp, fp))
