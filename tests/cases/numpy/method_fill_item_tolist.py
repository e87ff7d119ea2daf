import numpy as np
a = np.zeros((2, 2))
a.fill(2.5)
print(repr(a))
print(a.item(0), np.array([7]).item(), np.arange(6).reshape(2, 3).item(1, 2))
print(np.arange(6).reshape(2, 3).tolist())
print(np.array([1.5, 2]).tolist(), np.array(True).tolist())
print(type(np.arange(2).tolist()[0]))
