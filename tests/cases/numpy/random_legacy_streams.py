import numpy as np
for s in [0, 1, 123, 2024, 4294967295]:
    np.random.seed(s)
    print(s, np.random.rand(), np.random.randint(1000), np.random.randn())
np.random.seed(0)
a = np.random.rand(1000)
print(a[-3:])
print(a.sum())
np.random.seed(0)
print(np.random.randn(1001)[-2:])
