# Two quantities over one x: a second y axis on the right with twinx.
import numpy as np
import matplotlib.pyplot as plt

t = np.arange(1, 6)
fig, ax = plt.subplots()
ax.plot(t, t ** 2, 'b-')
ax.set_ylabel('squares')
ax2 = ax.twinx()
print(ax2)
ax2.plot(t + 2, np.sqrt(t), 'r--')
ax2.set_ylabel('roots')
print(ax.get_xlim(), ax2.get_xlim())
print(ax.get_ylim())
print(ax2.get_ylim())
ax.set_xlim(0, 8)
print(ax2.get_xlim())
plt.figure()
plt.plot([0, 1], [0, 1])
other = plt.twinx()
plt.plot([0, 2], [5, 6])
print(repr(other), other.get_xlim(), other.get_ylim())
