import numpy as np
print(np.linspace(0, 1, 3, dtype=np.float32))
print(np.linspace(5, 1, 5))
print(np.linspace(0, 1, 1, endpoint=False))
print(np.linspace(-1, 1, 4, retstep=True))
print(np.linspace(0, 100, 6, dtype=np.int32))
