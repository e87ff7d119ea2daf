import numpy as np
print(np.random.randint(0, 300, dtype=np.uint8))
