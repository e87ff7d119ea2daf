# Cell edges one too few for shading='flat'.
import numpy as np
import matplotlib.pyplot as plt

plt.pcolormesh(np.arange(4), np.arange(3), np.ones((3, 4)), shading='flat')
