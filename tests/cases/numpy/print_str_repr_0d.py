import numpy as np
a = np.array(1.5)
print(a, repr(a))
print(np.array(True), repr(np.array(3, dtype=np.int8)))
