import numpy as np
np.random.seed(9)
print(np.random.permutation(10))
print(np.random.permutation([10, 20, 30, 40]))
a = np.arange(12).reshape(4, 3)
print(np.random.permutation(a))
print(a)
b = np.arange(8)
np.random.shuffle(b)
print(b)
np.random.shuffle(a)
print(a)
l = [1, 2, 3, 4, 5, 6]
np.random.shuffle(l)
print(l)
v = np.arange(10)[::2]
np.random.shuffle(v)
print(v)
