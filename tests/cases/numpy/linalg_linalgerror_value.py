import numpy as np
print(np.linalg.LinAlgError)
print(repr(np.linalg.LinAlgError('Singular matrix')))
e = np.linalg.LinAlgError('x', 1)
print(e.args)
