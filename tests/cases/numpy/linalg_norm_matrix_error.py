import numpy as np
print(np.linalg.norm([[1, 2]], 'bad'))
