import numpy as np
a = np.zeros(2)
print({1: a}[1])
d = {a: 1}
