import numpy as np
a = np.arange(6).reshape(3, 2)
print(len(a))
for row in a:
    print(repr(row))
for x in np.array([1.5, 2.5]):
    print(repr(x))
print(list(np.arange(3)))
