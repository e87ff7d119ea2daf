import numpy as np
x = np.array([-1.0, 0.0, 0.5, 1.0])
print(np.arcsin(x), np.arccos(x))
print(np.arctan2([1.0, -1.0], [-1.0, -1.0]))
print(np.hypot([3, 5], [4, 12]))
print(np.deg2rad([0, 90, 180]), np.rad2deg(np.pi / 4))
