import numpy as np
a = np.array([[10.0, np.nan, 4.0], [3.0, 2.0, 1.0]])
print(np.nanmedian(a))
print(np.nanmedian(a, axis=0))
print(np.nanmedian(a, axis=1, keepdims=True))
print(np.nanmedian([1, 2, 3]))
