# Text anchored by its alignment, in data and axes coordinates.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.set_xlim(0, 10)
ax.set_ylim(0, 10)
for ha in ['left', 'center', 'right']:
    print(ax.text(5, 5, ha, ha=ha, va='center', fontsize='large'))
print(ax.text(0.5, 0.02, 'bottom', transform=ax.transAxes, ha='center', va='bottom'))
print(ax.text(1, 9, 'big', fontsize=20, rotation=90))
print(ax.annotate('corner', xy=(1, 1), xycoords='axes fraction', ha='right', va='top'))
print(ax.get_xlim(), ax.get_ylim())
try:
    ax.text(1, 1, 'x', fontsize='huge')
except ValueError as e:
    print('ValueError:', e)
