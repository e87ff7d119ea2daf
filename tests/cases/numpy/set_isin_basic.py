import numpy as np
el = np.array([[0, 2], [4, 6]])
test = [1, 2, 4, 8]
print(np.isin(el, test))
print(el[np.isin(el, test)])
print(np.isin(el, test, assume_unique=True))
print(np.isin([1, 2], [2]))
