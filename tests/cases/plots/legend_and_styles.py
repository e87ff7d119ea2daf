# Styled lines with a legend, reference lines and a shaded band.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-3, 3, 61)
plt.plot(x, np.exp(-x ** 2), color='k', linewidth=2, label='gauss')
plt.plot(x, 1 / (1 + x ** 2), ls=':', label='lorentz')
plt.axvspan(-1, 1, color='yellow', alpha=0.3, label='core')
plt.axhline(0.5, color='r', lw=1, label='half')
print(plt.legend())
print(plt.xlim(), plt.ylim())
print(plt.xticks()[0])
print(plt.yticks()[0])
