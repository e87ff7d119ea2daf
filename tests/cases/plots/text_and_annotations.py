# Labelling a curve: text in data and axes coordinates, annotations with
# and without an arrow, a figure title.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 2 * np.pi, 100)
fig, ax = plt.subplots()
ax.plot(x, np.sin(x))
print(ax.text(1, 0.5, 'rising'))
print(ax.text(0.02, 0.95, 'top left', transform=ax.transAxes, fontsize=9))
print(plt.text(4, -0.5, 'falling', ha='center', va='top', color='gray'))
peak = ax.annotate('peak', xy=(np.pi / 2, 1.0), xytext=(2.5, 0.8),
                   arrowprops=dict(arrowstyle='->', color='k'))
print(peak)
print(repr(peak))
print(ax.annotate('trough', (3 * np.pi / 2, -1)))
print(fig.suptitle('A sine wave'))
print(ax.get_xlim())
print(ax.get_ylim())
