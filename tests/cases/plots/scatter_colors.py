# Points coloured by value, and the axes they autoscale.
import numpy as np
import matplotlib.pyplot as plt

x = np.array([0.5, 1.5, 2.0, 3.5, 4.0])
y = np.array([2.0, 1.0, 3.0, 2.5, 4.0])
fig, ax = plt.subplots()
ax.scatter(x, y, c=y, cmap='viridis')
print(ax.get_xlim(), ax.get_ylim())
ax.axhline(y.mean(), color='gray')
ax.set_xlim(0, 5)
print(ax.get_xticks())
print(ax.get_yticks())
