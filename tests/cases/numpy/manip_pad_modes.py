import numpy as np
a = np.array([1, 2, 3, 4, 5])
for mode in ['edge', 'reflect', 'symmetric', 'wrap']:
    print(mode, np.pad(a, (2, 3), mode=mode))
    print(mode, np.pad(a, 7, mode=mode))
b = np.arange(6).reshape(2, 3)
print(np.pad(b, 1, mode='edge'))
print(np.pad(b, ((1, 2), (2, 1)), mode='reflect'))
print(np.pad(b, ((2, 0), (0, 4)), 'symmetric'))
print(np.pad(b, 2, 'wrap'))
print(np.pad(np.array([7]), 3, mode='reflect'))
print(np.pad(np.array([1.5, 2.5], dtype=np.float32), 1, mode='symmetric'))
print(np.pad(a, (0, 0), mode='wrap'))
