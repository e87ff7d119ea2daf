import numpy as np

rng = np.random.default_rng(12345)
print(rng.bytes(10))
print(rng.bytes(1), rng.bytes(0))
x = np.arange(24).reshape(4, 6)
print(rng.permuted(x, axis=1))
print(rng.permuted(x, axis=0))
print(rng.permuted(x))
print(rng.permuted([1, 2, 3, 4, 5]))
print(x)
