# Where the ticks go, and naming them.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.plot([1, 2, 3, 4], [10, 30, 20, 40])
print(ax.get_xticks())
print(ax.get_yticks())
print(plt.xticks()[1][:2])
ax.set_xticks([1, 2, 3, 4])
print(ax.set_xticklabels(['Q1', 'Q2', 'Q3', 'Q4']))
print(ax.get_xticks())
locs, labels = plt.yticks([10, 25, 40], ['low', 'mid', 'high'], rotation=30)
print(len(locs), labels)
print(plt.yticks()[0])
fig, ax = plt.subplots()
ax.set_xlim(0, 3)
print(ax.get_xticks())
ax.set_ylim(-1, 1)
print(ax.get_yticks())
