# Box plots of three samples: the dict of artists, the ticks at the
# positions, limits padded by half a unit.
import numpy as np
import matplotlib.pyplot as plt

data = [np.array([1.0, 2.0, 2.5, 3.0, 3.5, 4.0, 12.0]),
        np.array([2.0, 3.0, 4.0, 5.0, 6.0]),
        np.array([0.5, 1.5, 1.0, 2.0, -4.0, 1.2])]
fig, ax = plt.subplots()
bp = ax.boxplot(data, tick_labels=['a', 'b', 'c'])
print(sorted(bp.keys()))
print({k: len(v) for k, v in bp.items()})
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks())
fig.savefig('_xpush_tmp_boxplot_stats.png')

fig2, ax2 = plt.subplots()
bp2 = ax2.boxplot(np.arange(20.0).reshape(5, 4), patch_artist=True)
print(len(bp2['boxes']), len(bp2['medians']))
print(ax2.get_xticks(), ax2.get_xlim(), ax2.get_ylim())
fig3, ax3 = plt.subplots()
ax3.boxplot([[1, 2, 3, 4, 10]], orientation='horizontal')
print(ax3.get_ylim(), ax3.get_xlim(), ax3.get_yticks())
fig4, ax4 = plt.subplots()
bp4 = ax4.boxplot(data, showmeans=True, showfliers=False)
print({k: len(v) for k, v in bp4.items()})
print(ax4.get_ylim())
