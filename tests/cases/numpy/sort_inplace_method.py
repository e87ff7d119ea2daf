import numpy as np
a = np.array([[3, 1, 2], [9, 7, 8]])
r = a.sort()
print(r)
print(a)
a.sort(axis=0)
print(a)
b = np.array([[4, 3], [2, 1]])
row = b[1]
row.sort()
print(b)
c = np.array([3.0, np.nan, 1.0])
c.sort(kind='stable')
print(c)
