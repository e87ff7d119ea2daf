# A colour mesh over a grid: cell edges given (flat) or centres given
# (nearest), with a colour bar and colour limits.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 4, 5)
y = np.linspace(0, 2, 3)
Z = np.arange(8.0).reshape(2, 4)
fig, ax = plt.subplots()
mesh = plt.pcolormesh(x, y, Z, cmap='plasma', shading='flat')
fig.colorbar(mesh, ax=ax)
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks())
plt.clim(2, 6)
fig.savefig('_xpush_tmp_pcolormesh_grid.png')

fig2, ax2 = plt.subplots()
X, Y = np.meshgrid(np.arange(3.0), np.arange(4.0) * 2)
ax2.pcolormesh(X, Y, X + Y)
print(ax2.get_xlim(), ax2.get_ylim())
fig3, ax3 = plt.subplots()
ax3.pcolor(np.ones((3, 5)))
print(ax3.get_xlim(), ax3.get_ylim())
