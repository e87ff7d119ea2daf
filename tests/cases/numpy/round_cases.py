import numpy as np
print(np.round([0.5, 1.5, -0.5, -1.5]), np.round([1.005, 2.675], 2), np.round([12345.6789], -2), np.round(np.float32(1.2345), 2))
print(np.round(np.array([15, 25, -35]), -1), np.round(np.arange(3), 1))
