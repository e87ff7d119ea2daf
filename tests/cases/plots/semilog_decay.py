# An exponential decay on a log y axis, with error bars.
import numpy as np
import matplotlib.pyplot as plt

t = np.arange(0, 10, 2.0)
n = 1000 * np.exp(-t / 2)
plt.errorbar(t, n, yerr=0.1 * n, fmt='o', capsize=2)
plt.yscale('log')
ax = plt.gca()
print(ax.get_yscale(), ax.get_xlim())
print(ax.get_ylim())
print(ax.get_yticks())
plt.grid(True)
plt.xlabel('t')
print(repr(ax))
