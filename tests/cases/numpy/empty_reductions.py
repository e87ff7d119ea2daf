import numpy as np
print(repr(np.zeros((0, 3)).sum(axis=0)), repr(np.zeros((0, 3)).sum(axis=1)), repr(np.zeros(0).sum()), repr(np.ones((2, 0)).prod()))
