import numpy as np
a = np.arange(4)
b = a
a += 1
print(a, b, a is b)
a *= 3
print(a)
f = np.ones(3)
f /= 4
print(f)
f -= np.array([1, 2, 3])
print(f)
