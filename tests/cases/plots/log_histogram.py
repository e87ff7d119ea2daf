# Counts spanning decades: a histogram on a log y axis.
# matplotlib's x limits pass through its transforms and back
# (-0.20000000000000007 for -0.2):
# xpush: atol=1e-12
import numpy as np
import matplotlib.pyplot as plt

data = np.repeat(np.arange(5.0), [1, 10, 100, 1000, 30])
counts, edges, _ = plt.hist(data, bins=5)
plt.yscale('log')
print(counts)
ax = plt.gca()
print(ax.get_ylim())
print(ax.get_yticks())
print(ax.get_xlim())
