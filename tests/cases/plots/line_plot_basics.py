# The first plot of every tutorial: lines, labels, limits.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(0, 10, 101)
plt.figure(figsize=(8, 4))
lines = plt.plot(x, np.sin(x), 'r-', x, np.cos(x), 'b--')
print(len(lines))
print(plt.title('Trigonometry'))
print(plt.xlabel('x'), plt.ylabel('y'))
print(plt.xlim(), plt.ylim())
print(plt.xlim(0, 5))
print(plt.ylim(bottom=-2))
print(plt.gca().get_xticks())
print(plt.gca().get_yticks())
print(plt.gcf())
