# Contour levels must increase.
import numpy as np
import matplotlib.pyplot as plt

Z = np.arange(12.0).reshape(3, 4)
plt.contour(Z, levels=[5, 2, 8])
