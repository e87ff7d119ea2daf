import numpy as np
print(np.correlate([1 + 1j, 2, 3 - 1j], [0, 1, 0.5j], 'full'))
print(np.correlate([1, 2j], [1, 1j, 3], 'full'))
print(np.convolve([1j, 2], [1, 1j]))
