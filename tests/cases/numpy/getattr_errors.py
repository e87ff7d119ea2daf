import numpy as np
a = np.zeros(2)
print(a.foo)
