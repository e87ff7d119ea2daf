# Axes placed by hand: plt.axes(rect), fig.add_axes for an inset, and
# the figure's background colour.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 10, 100)
fig = plt.figure()
fig.patch.set_facecolor('lightgray')
main = fig.add_axes([0.1, 0.1, 0.8, 0.8])
main.plot(x, np.sin(x))
inset = fig.add_axes([0.6, 0.6, 0.25, 0.25])
inset.plot(x, np.cos(x), 'r')
print(main)
print(inset)
print(fig)
print(plt.gca() is inset)
print(inset.get_xlim(), inset.get_xticks())
fig.savefig('_xpush_tmp_inset_axes.png')

plt.figure()
ax = plt.axes([0.2, 0.2, 0.6, 0.5])
print(ax, plt.gcf())
full = plt.axes()
print(full)
plt.sca(ax)
print(plt.gca() is ax)
