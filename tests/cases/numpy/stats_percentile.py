import numpy as np
a = np.array([[10, 7, 4], [3, 2, 1]])
print(np.percentile(a, 50))
print(np.percentile(a, [25, 75], axis=0))
print(np.percentile(a, 40, axis=1, method='nearest'))
print(np.percentile(a, 100, keepdims=True))
print(np.percentile(np.arange(5), 30))
