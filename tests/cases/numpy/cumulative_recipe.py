import numpy as np
r = np.array([0.01, -0.02, 0.03])
print(np.cumprod(1 + r), np.cumsum(r).max(), np.argmax(np.cumsum(r)))
