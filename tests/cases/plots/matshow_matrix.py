# matshow: a matrix in a figure shaped to it, ticked at whole rows and
# columns; fignum=0 draws on the current axes.
import numpy as np
import matplotlib.pyplot as plt
A = np.arange(6).reshape(2, 3)
plt.matshow(A)
print(plt.gcf(), plt.gca())
ax = plt.gca()
print(ax.get_xlim(), ax.get_ylim())
print(ax.get_xticks(), ax.get_yticks())
plt.colorbar()
plt.savefig('_xpush_tmp_matshow_matrix.png')
M = np.eye(12)
plt.matshow(M, cmap='gray')
print(plt.gcf(), plt.gca().get_xticks(), plt.gca().get_yticks())
fig, ax2 = plt.subplots()
ax2.matshow(np.ones((20, 5)))
print(ax2.get_xticks(), ax2.get_yticks(), ax2.get_xlim(), ax2.get_ylim())
plt.figure()
plt.matshow([[1.0, 2.0], [3.0, 4.0]], fignum=0)
print(plt.gcf(), plt.gca().get_xticks())
print(plt.matshow(np.ones((100, 10))) is not None, plt.gcf())
