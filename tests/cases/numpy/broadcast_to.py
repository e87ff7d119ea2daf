import numpy as np
print(repr(np.broadcast_to(np.arange(3), (2, 3))))
print(np.broadcast_to(5, (2, 2)))
