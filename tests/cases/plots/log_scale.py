# Power laws on log axes.
import numpy as np
import matplotlib.pyplot as plt

x = np.array([1.0, 10.0, 100.0, 1000.0])
fig, ax = plt.subplots()
ax.loglog(x, x ** 2, 'o-')
print(ax.get_xscale(), ax.get_yscale())
print(ax.get_xlim())
print(ax.get_xticks())
fig, ax = plt.subplots()
ax.semilogy([0, 1, 2, 3], [1, 10, 100, 1000])
print(ax.get_xscale(), ax.get_yscale(), ax.get_ylim())
fig, ax = plt.subplots()
ax.semilogx([1, 10, 100], [0, 1, 2])
print(ax.get_xscale(), ax.get_xlim())
plt.figure()
plt.plot([1, 2, 3], [1, 100, 10000])
plt.yscale('log')
print(plt.gca().get_yscale(), plt.ylim())
plt.gca().set_yscale('linear')
print(plt.gca().get_yscale(), plt.ylim())
