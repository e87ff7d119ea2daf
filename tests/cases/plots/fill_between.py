# Shaded areas: a confidence band, a region picked by where=, and a
# horizontal fill.
import numpy as np
import matplotlib.pyplot as plt

x = np.arange(10)
y = np.array([2.0, 3.5, 3.0, 4.5, 4.0, 6.0, 5.5, 7.0, 6.5, 8.0])
fig, ax = plt.subplots()
ax.plot(x, y, label='mean')
ax.fill_between(x, y - 1, y + 1, alpha=0.3, label='band')
print(ax.get_xlim(), ax.get_ylim())
ax.fill_between(x, 0, y, where=y > 5, color='orange', alpha=0.5)
print(ax.get_ylim())
fig2, ax2 = plt.subplots()
ax2.fill_betweenx([0, 1, 2, 3], [1, 2, 2, 1], [3, 3, 4, 3])
print(ax2.get_xlim(), ax2.get_ylim())
