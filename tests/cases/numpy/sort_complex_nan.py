import numpy as np
z = np.array([complex(np.nan, 1), complex(2, np.nan), 1 + 1j, complex(np.nan, np.nan), 0 + 3j])
print(np.sort(z))
