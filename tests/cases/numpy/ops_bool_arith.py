import numpy as np
t = np.array([True, False])
print(repr(t + t), repr(t * 3), repr(t & np.array([True, True])), repr(~t))
print(repr(t | False), repr(t ^ True))
