import numpy as np
a = np.arange(10)
m = (a > 2) & (a < 7) | (a == 9)
print(m, a[m], np.count_nonzero(m), m.any(), m.all())
print(a[~m])
