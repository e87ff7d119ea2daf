# A grid of panels, each with its own kind of plot.
import numpy as np
import matplotlib.pyplot as plt

fig, axs = plt.subplots(2, 2, figsize=(8, 6))
x = np.arange(5)
axs[0, 0].plot(x, x ** 2)
axs[0, 1].bar(x, x + 1)
axs[1, 0].step(x, x, where='mid')
axs[1, 1].fill_between(x, x, 2 * x, alpha=0.5)
for ax in axs.flat:
    print(ax.get_xlim(), ax.get_ylim())
print(axs[0, 0].get_xticks())
print(axs[1, 1].get_yticks())
fig.suptitle('Four panels')
fig.tight_layout()
print(fig)
