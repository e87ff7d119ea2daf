# Bars, histograms and points with the edge and hatch keywords tutorials add.
import numpy as np
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
print(ax.bar([1, 2, 3], [3, 5, 4], edgecolor='black', linewidth=1.2, alpha=0.8))
counts, edges, _ = ax.hist([1, 2, 2, 3, 3, 3, 4], bins=4, edgecolor='white', histtype='bar')
print(counts, edges)
ax.scatter([1, 2], [2, 3], s=50, edgecolors='k', linewidths=0.5, zorder=3)
print(ax.get_xlim(), ax.get_ylim())
try:
    ax.bar([1], [1], colour='r')
except AttributeError as e:
    print('AttributeError:', e)
try:
    ax.scatter([1], [1], colour='r')
except AttributeError as e:
    print('AttributeError:', e)
