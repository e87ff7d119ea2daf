# A hexagonal 2-d histogram of correlated points.
import numpy as np
import matplotlib.pyplot as plt

rng = np.random.default_rng(0)
x = rng.standard_normal(500)
y = 0.5 * x + 0.3 * rng.standard_normal(500)
fig, ax = plt.subplots()
hb = ax.hexbin(x, y, gridsize=15, cmap='Blues')
fig.colorbar(hb, ax=ax)
print(ax.get_xlim(), ax.get_ylim())
fig.savefig('_xpush_tmp_hexbin_density.png')

fig2, ax2 = plt.subplots()
ax2.hexbin([0, 1, 2, 3], [0, 10, 20, 30], gridsize=4, mincnt=1)
print(ax2.get_xlim(), ax2.get_ylim())
