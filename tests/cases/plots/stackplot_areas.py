# Stacked areas of three series with a legend.
import numpy as np
import matplotlib.pyplot as plt

year = [1950, 1960, 1970, 1980, 1990, 2000]
pops = np.array([[2.2, 2.6, 3.0, 3.5, 4.0, 4.5],
                 [0.5, 0.6, 0.8, 1.0, 1.2, 1.3],
                 [0.3, 0.4, 0.5, 0.6, 0.7, 0.8]])
fig, ax = plt.subplots()
areas = ax.stackplot(year, pops, labels=['Asia', 'Europe', 'Americas'], alpha=0.8)
print(len(areas))
ax.legend(loc='upper left')
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_yticks())
fig.savefig('_xpush_tmp_stackplot_areas.png')

fig2, ax2 = plt.subplots()
print(len(ax2.stackplot([1, 2, 3], [1, 2, 3], [3, 2, 1], colors=['C2', 'C3'])))
print(ax2.get_ylim())
