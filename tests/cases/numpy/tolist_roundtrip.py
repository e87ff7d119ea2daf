import numpy as np
a = np.array([[1.5, 2], [3, 4]])
l = a.tolist()
print(l, type(l[0][0]))
print(np.array(l).shape)
print(np.array([[1+1j]]).tolist(), np.array([True]).tolist(), np.array([2**63], dtype=np.uint64).tolist())
