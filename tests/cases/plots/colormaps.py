# Colormaps as tutorials use them: plt.cm.NAME, plt.get_cmap,
# matplotlib.colormaps[...], reversed maps, called on values.
import numpy as np
import matplotlib
import matplotlib.pyplot as plt

cmap = plt.cm.viridis
print(cmap.name, cmap.N)
print(cmap(0.5))
print(cmap(np.linspace(0, 1, 5)))
jet = plt.get_cmap('jet')
print(jet(0.3), jet(-1), jet(2.0), jet(5))
print(matplotlib.colormaps['RdBu_r'](0.3))
print(matplotlib.colormaps['Blues'](0.5))
print(plt.get_cmap('gray').reversed().name, plt.cm.hot_r(0.25))
colors = plt.cm.plasma(np.array([0.0, 0.5, 1.0]))
print(colors.shape)
fig, ax = plt.subplots()
for i, c in enumerate(plt.cm.coolwarm(np.linspace(0, 1, 4))):
    ax.plot([0, 1], [i, i + 1], color=tuple(c))
im = ax.imshow([[0, 1], [2, 3]], cmap=plt.cm.magma, extent=(0, 1, 0, 3))
print(ax.get_ylim())
fig.savefig('_xpush_tmp_colormaps.png')
try:
    matplotlib.colormaps['nope']
except KeyError as e:
    print('KeyError', e)
