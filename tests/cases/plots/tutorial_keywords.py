# The boilerplate of tutorials: a backend, interactive mode, figure
# options and image keywords.
import numpy as np
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt

plt.ion()
print(plt.isinteractive())
plt.ioff()
print(plt.isinteractive())
plt.pause(0.001)
fig = plt.figure(num=2, figsize=(5, 4), dpi=80, facecolor='white')
print(fig)
data = np.arange(20.0).reshape(4, 5)
plt.imshow(data, extent=[0, 10, 0, 8], origin='lower', vmin=0, vmax=25,
           aspect='auto', interpolation='nearest', cmap='viridis')
print(plt.xlim(), plt.ylim())
plt.colorbar()
fig.tight_layout()
fig, ax = plt.subplots()
ax.imshow(data)
print(ax.get_xlim(), ax.get_ylim())
ax.imshow(data, origin='lower')
print(ax.get_xlim(), ax.get_ylim())
