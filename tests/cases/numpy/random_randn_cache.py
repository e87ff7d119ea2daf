import numpy as np
np.random.seed(4)
print(np.random.randn())
print(np.random.rand())
print(np.random.randn())
print(np.random.randn())
np.random.seed(4)
print(np.random.normal(size=3))
