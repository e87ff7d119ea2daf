# A vector field with quiver, autoscaled and in data units.
import numpy as np
import matplotlib.pyplot as plt

X, Y = np.meshgrid(np.arange(0, 2 * np.pi, 0.5), np.arange(0, 2 * np.pi, 0.5))
U, V = np.cos(X), np.sin(Y)
fig, ax = plt.subplots()
q = ax.quiver(X, Y, U, V)
print(ax.get_xlim(), ax.get_ylim())
fig.savefig('_xpush_tmp_quiver_field.png')

fig2, ax2 = plt.subplots()
ax2.quiver([0, 0], [0, 0], [1, -2], [2, 1], angles='xy', scale_units='xy', scale=1, color=['r', 'b'][0])
ax2.set_xlim(-3, 3)
ax2.set_ylim(-3, 3)
print(ax2.get_xlim())
fig3, ax3 = plt.subplots()
ax3.quiver([1, 2, 3], [1, 0, -1])
print(ax3.get_xlim(), ax3.get_ylim())
