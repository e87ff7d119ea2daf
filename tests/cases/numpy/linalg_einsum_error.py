import numpy as np
print(np.einsum('ij,jk->ik', np.ones((2, 3))))
