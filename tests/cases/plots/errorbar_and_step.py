# Measurements with error bars, and a staircase.
import numpy as np
import matplotlib.pyplot as plt

x = np.array([1, 2, 3, 4, 5])
y = np.array([2.0, 2.8, 3.1, 4.2, 4.8])
fig, ax = plt.subplots()
print(ax.errorbar(x, y, yerr=0.3, fmt='o', capsize=4))
print(ax.get_xlim(), ax.get_ylim())
print(ax.errorbar(x, y + 2, yerr=[[0.1] * 5, [0.5] * 5], xerr=0.2, fmt='s-'))
print(ax.get_xlim(), ax.get_ylim())
fig2, ax2 = plt.subplots()
for where in ['pre', 'post', 'mid']:
    lines = ax2.step(x, y, where=where, label=where)
    print(where, len(lines))
print(ax2.get_xlim(), ax2.get_ylim())
