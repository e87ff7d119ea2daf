# A histogram of fixed data and its counts.
import numpy as np
import matplotlib.pyplot as plt

data = np.array([1.0, 2.0, 2.5, 3.0, 3.2, 3.3, 4.0, 4.5, 5.0, 7.0])
counts, edges, bars = plt.hist(data, bins=4)
print(counts)
print(edges)
print(bars)
ax = plt.gca()
print(ax.get_xlim(), ax.get_ylim())
plt.axvline(data.mean(), color='k', linestyle='--')
print(ax.get_xlim())
