import numpy as np
el = np.array([0, 2, 4, 6])
print(np.isin(el, [2, 4], invert=True))
print(np.isin(el, [], invert=True))
