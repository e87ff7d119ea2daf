# The decorations tutorials set with keywords: title and label fonts,
# title placement, a styled grid.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2, 3], [2, 4, 3])
print(ax.set_title('Left title', loc='left', fontsize=14, fontweight='bold'))
print(plt.title('Centre', pad=12))
print(ax.set_xlabel('time [s]', fontsize=12, labelpad=8))
print(plt.ylabel('value', color='gray', fontdict={'size': 11}))
print(ax.grid(True, alpha=0.3, linestyle='--'))
print(plt.grid(color='0.8', lw=0.5))
print(repr(ax))
try:
    plt.title('x', loc='middle')
except ValueError as e:
    print('ValueError:', e)
try:
    ax.set_xlabel('x', foo=1)
except AttributeError as e:
    print('AttributeError:', e)
