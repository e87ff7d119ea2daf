import numpy as np
print(f"{np.arange(3)}")
print(f"{np.arange(3):.2f}")
