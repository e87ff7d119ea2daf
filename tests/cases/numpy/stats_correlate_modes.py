import numpy as np
print(np.correlate([1, 2, 3], [0, 1, 0.5]))
print(np.correlate([1, 2, 3], [0, 1, 0.5], 'same'))
print(np.correlate([1, 2, 3], [0, 1, 0.5], 'full'))
print(np.correlate([1, 2], [1, 2, 3, 4], 'same'))
print(np.correlate([1, 2], [1, 2, 3, 4], 'full'))
print(np.correlate([1, 2, 3, 4, 5], [1, 2, 3, 4], 'same'))
