# One label per tick.
import matplotlib.pyplot as plt

fig, ax = plt.subplots()
ax.set_xticks([0, 1, 2])
ax.set_xticklabels(['a', 'b'])
