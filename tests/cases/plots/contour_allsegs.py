# Contour lines where matplotlib's run: the vertices of cs.allsegs (its
# default algorithm, contourpy's mpl2014 marching squares), compared as
# sets rounded to 6 digits, and how many lines each level has.
import numpy as np
import matplotlib.pyplot as plt

x = np.linspace(-2, 2, 9)
y = np.linspace(-1.5, 1.5, 7)
X, Y = np.meshgrid(x, y)
Z = np.exp(-X**2 - Y**2) - 0.6 * np.exp(-(X - 1.2)**2 - (Y + 0.4)**2 * 2)
cs = plt.contour(X, Y, Z, levels=[-0.3, 0.0, 0.25, 0.6])
print(cs.levels)
print([len(segs) for segs in cs.allsegs])
for level, segs in zip(cs.levels, cs.allsegs):
    pts = sorted({(round(float(a), 6), round(float(b), 6)) for seg in segs for a, b in seg})
    print(level, len(pts), pts[:4], pts[-2:])
# A saddle: the mean of the corners decides how the lines pass.
S = np.array([[1.0, 0.0, 1.0], [0.0, 0.9, 0.0], [1.0, 0.0, 1.0]])
cs = plt.contour(S, levels=[0.5])
print([len(segs) for segs in cs.allsegs])
print(sorted({(round(float(a), 6), round(float(b), 6)) for seg in cs.allsegs[0] for a, b in seg}))
