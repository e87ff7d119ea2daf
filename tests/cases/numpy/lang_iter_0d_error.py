import numpy as np
print(list(np.arange(2)))
for x in np.array(5):
    print(x)
