# Side-by-side panels with the tutorial's usual decorations.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 1, 11)
fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.5))
a.plot(x, x ** 2, lw=2, c='C3', label='quadratic')
a.fill_between(x, x ** 2, x, alpha=0.2, label='gap')
a.legend(loc='upper left')
a.set(title='Growth', xlabel='x', ylabel='y')
a.grid(True)
b.errorbar(x[::2], np.sqrt(x[::2]), xerr=0.05, fmt='none', ecolor='gray')
b.axhline(0.5, ls=':', c='k')
b.set_xlim(-0.1, 1.1)
for ax in (a, b):
    print(repr(ax))
    print(ax.get_xlim(), ax.get_ylim())
    print(ax.get_xticks(), ax.get_yticks())
