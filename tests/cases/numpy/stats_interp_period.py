import numpy as np
x = [-180, -170, -185, 185, -10, -5, 0, 365]
xp = [190, -190, 350, -350]
fp = [5, 10, 3, 4]
print(np.interp(x, xp, fp, period=360))
print(np.interp([0.5, 7.25], [0, 1, 2], [0.0, 10.0, 5.0], period=3))
