# Error bars cannot be negative.
import matplotlib.pyplot as plt

plt.errorbar([1, 2, 3], [2, 4, 3], yerr=[0.5, -0.5, 0.5])
