# An image with a colorbar, its extent and the axes it sets.
import numpy as np
import matplotlib.pyplot as plt

z = np.arange(30.0).reshape(5, 6)
fig, ax = plt.subplots()
im = ax.imshow(z, cmap='hot')
print(ax.get_xlim(), ax.get_ylim())
fig.colorbar(im, ax=ax)
print(ax.get_xticks())
print(ax.get_yticks())
fig2, ax2 = plt.subplots()
ax2.imshow(z, extent=(-3, 3, -2, 2), origin='lower', aspect='auto')
print(ax2.get_xlim(), ax2.get_ylim())
print(ax2.get_xticks())
