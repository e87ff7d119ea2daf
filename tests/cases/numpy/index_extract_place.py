import numpy as np
arr = np.arange(12).reshape((3, 4))
condition = np.mod(arr, 3) == 0
print(np.extract(condition, arr))
print(np.extract([1, 0, 2], np.array([1.5, 2.5, 3.5, 4.5])))
arr = np.arange(6).reshape(2, 3)
np.place(arr, arr > 2, [44, 55])
print(arr)
f = np.zeros(5, dtype=np.float32)
np.place(f, [True, False, True, True, False], [1.5])
print(f)
c = np.arange(4)
np.place(c, [False] * 4, [])
print(c)
