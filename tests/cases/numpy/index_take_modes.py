import numpy as np
a = np.array([10, 20, 30])
print(np.take(a, [-4, -1, 3, 7], mode='wrap'))
print(np.take(a, [-4, -1, 3, 7], mode='clip'))
print(np.take(np.arange(6).reshape(2, 3), [5, -1], axis=1, mode='clip'))
print(a.take([0, 5], mode='wrap'))
print(a.take(indices=[2], axis=0))
