import numpy as np
a = np.array([[3, 1, 4], [1, 5, 9]])
print(repr(a.argmin()), repr(a.argmax()), repr(a.argmin(axis=0)), repr(a.argmax(axis=1)))
print(repr(np.argmax([1.0, np.nan, 3.0])), repr(np.argmin([2, 2, 1, 1])))
