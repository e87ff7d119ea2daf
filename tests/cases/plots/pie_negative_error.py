# A pie of a negative size.
import matplotlib.pyplot as plt

plt.pie([3, -1, 2])
