import numpy as np
print(repr(np.prod([1, 2, 3, 4])), repr(np.prod([[1, 2], [3, 4]], axis=0)))
print(repr(np.prod([])), repr(np.arange(1, 6, dtype=np.int8).prod()))
