import numpy as np
print(np.isscalar(3), np.isscalar([3]), np.isscalar(np.float32(1)), np.isscalar(np.zeros(1)), np.isscalar('a'))
print(np.iscomplexobj(np.zeros(2)), np.iscomplexobj(np.zeros(2, dtype=complex)), np.isrealobj(1j))
