# Violin plots of two samples.
import numpy as np
import matplotlib.pyplot as plt

a = np.array([1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0, 4.0, 5.0])
b = np.array([2.0, 2.5, 3.0, 6.0, 6.5, 7.0])
fig, ax = plt.subplots()
parts = ax.violinplot([a, b])
print(sorted(parts.keys()))
print(len(parts['bodies']))
print(ax.get_xlim(), ax.get_ylim())
fig.savefig('_xpush_tmp_violin_plot.png')

fig2, ax2 = plt.subplots()
ax2.violinplot([a], positions=[3], widths=1.0)
print(ax2.get_xlim(), ax2.get_ylim())
fig3, ax3 = plt.subplots()
print(sorted(ax3.violinplot([a, b], showmeans=True, showmedians=True)))
print(sorted(ax3.violinplot([a], showextrema=False)))
