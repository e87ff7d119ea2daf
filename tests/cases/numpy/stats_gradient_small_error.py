import numpy as np
print(np.gradient([1]))
