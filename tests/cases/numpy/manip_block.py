import numpy as np
A = np.eye(2) * 2
B = np.eye(3) * 3
print(np.block([[A, np.zeros((2, 3))], [np.ones((3, 2)), B]]))
print(np.block([1, 2, 3]))
print(np.block([[1, 2], [3, 4]]))
print(np.block([[[1, 2]], [[3, 4]]]))
print(np.block([np.arange(2), 7, np.array([8.5])]))
print(repr(np.block(5)))
print(np.block([[np.array([1, 2], dtype=np.int8)], [np.array([3, 4], dtype=np.int8)]]).dtype)
