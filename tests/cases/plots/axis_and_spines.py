# The frame: axis limits in one call, equal units, margins, hidden spines.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([0, 2, 4], [0, 1, 0])
print(plt.axis())
print(ax.margins())
ax.margins(0.1)
print(ax.margins(), ax.get_xlim(), ax.get_ylim())
plt.margins(x=0, y=0.2)
print(ax.get_xlim(), ax.get_ylim())
print(plt.axis([0, 5, -1, 2]))
ax.set_aspect('equal')
print(ax.get_aspect())
ax.set_aspect(2)
print(ax.get_aspect())
ax.set_aspect('auto')
print(ax.get_aspect())
print(ax.axis('off') == ax.axis())
for side in ['top', 'right']:
    ax.spines[side].set_visible(False)
ax.spines[['left', 'bottom']].set_visible(True)
print(ax.spines['left'])
print(plt.axis(xmin=1, ymax=3))
