# Contour lines and filled contours of a Gaussian bump, with levels
# chosen automatically, by count and by value.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-3, 3, 40)
y = np.linspace(-2, 2, 30)
X, Y = np.meshgrid(x, y)
Z = np.exp(-X**2 - Y**2) - 0.5 * np.exp(-(X - 1.5)**2 - (Y + 0.5)**2)
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
cs = ax1.contour(X, Y, Z)
print(cs.levels)
print(ax1.clabel(cs, inline=True, fontsize=8))
print(ax1.get_xlim(), ax1.get_ylim())
cf = ax2.contourf(X, Y, Z, levels=12, cmap='coolwarm')
print(cf.levels)
fig.colorbar(cf, ax=ax2)
print(ax2.get_xlim(), ax2.get_ylim())
fig.savefig('_xpush_tmp_contour_levels.png')

plt.figure()
print(plt.contour(Z, levels=[-0.2, 0.0, 0.5], colors='k').levels)
print(plt.gca().get_xlim(), plt.gca().get_ylim())
print(plt.contourf(Z, 4).levels)
