# ndarray.fill with a Python complex on an integer array raises as NumPy does.
import numpy as np

a = np.arange(4, dtype=np.uint8)
a.fill(3)
print(a)
a.fill(1j)
