import numpy as np
x = np.zeros(3)
for i in range(5):
    x = x * 1.5 + i
print(x)
total = 0
for v in np.arange(5):
    total += v
print(repr(total))
