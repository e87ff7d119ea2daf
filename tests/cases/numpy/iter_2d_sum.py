import numpy as np
m = np.arange(6).reshape(2, 3)
t = 0
for row in m:
    for x in row:
        t = t + x
print(repr(t))
print(sum(np.arange(4)), max(np.array([3, 9, 2])), min(np.array([1.5, -2.0])))
