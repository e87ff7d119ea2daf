import numpy as np
print(np.zeros(2).device)
