# A small matrix shown with its values written in the cells.
import numpy as np
import matplotlib.pyplot as plt

m = np.array([[1, 2, 3], [4, 5, 6]])
fig, ax = plt.subplots()
ax.imshow(m, cmap='Blues' if False else 'gray', vmin=0, vmax=6)
for i in range(2):
    for j in range(3):
        ax.text(j, i, m[i, j], ha='center', va='center', color='red')
ax.set_xticks(range(3))
ax.set_yticks([0, 1])
print(ax.set_xticklabels(['a', 'b', 'c']))
print(ax.set_yticklabels(['row 0', 'row 1']))
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks(), ax.get_yticks())
