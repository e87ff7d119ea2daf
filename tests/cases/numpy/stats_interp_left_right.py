import numpy as np
xp = [1, 2, 3]
fp = [3, 2, 0]
print(np.interp(3.14, xp, fp, right=-99.0))
print(np.interp([-1, 0.5, 4], xp, fp, left=-1, right=10))
