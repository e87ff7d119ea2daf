import numpy as np
a = np.array(7)
print(repr(a[()]), repr(a[...]), repr(a[None]))
