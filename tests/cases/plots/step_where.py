# step's three placements and plot's drawstyle-free line side by side.
import numpy as np
import matplotlib.pyplot as plt

x = np.arange(1, 8)
y = np.array([1, 3, 2, 5, 4, 6, 5])
fig, ax = plt.subplots()
ax.plot(x, y, 'o--', color='gray', alpha=0.5)
for w, off in [('pre', 0), ('mid', 2), ('post', 4)]:
    lines = ax.step(x, y + off, where=w, label=w)
    print(w, len(lines))
ax.legend(title='where')
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_yticks())
