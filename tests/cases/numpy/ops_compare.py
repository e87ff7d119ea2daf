import numpy as np
a = np.array([1, 2, 3])
print(a == 2, a != 2, a < 2, a <= 2, a > 2, a >= 2)
print(repr(a == np.array([3, 2, 1])))
print(a == None, a != None)
