import numpy as np
print(repr(np.array([2**63])), repr(np.array([2**64 - 1, 1])))
print(repr(np.array([-1, 2**63 - 1])))
