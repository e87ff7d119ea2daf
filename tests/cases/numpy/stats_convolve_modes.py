import numpy as np
print(np.convolve([1, 2, 3], [0, 1, 0.5]))
print(np.convolve([1, 2, 3], [0, 1, 0.5], 'same'))
print(np.convolve([1, 2, 3], [0, 1, 0.5], 'valid'))
print(np.convolve([1, 2, 3, 4], [1, -1]))
print(np.convolve([1, 2], [1, 2, 3, 4], 'same'))
print(np.convolve([1, 2], [1, 2, 3, 4], 'valid'))
print(np.convolve(np.array([True, False]), np.array([True, True])))
