import numpy as np
data = np.array([2.5, 3.1, 4.7, 1.2, 8.9, 3.3, 5.0, 4.1])
print(np.median(data), np.percentile(data, [25, 75]))
h, e = np.histogram(data, bins=4)
print(h)
print(e)
q1, q3 = np.percentile(data, [25, 75])
iqr = q3 - q1
print(data[(data < q1 - 1.5 * iqr) | (data > q3 + 1.5 * iqr)])
