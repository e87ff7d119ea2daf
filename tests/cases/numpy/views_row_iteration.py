import numpy as np
m = np.zeros((2, 2))
for row in m:
    row += 1
print(m)
