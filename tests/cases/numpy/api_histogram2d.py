# np.histogram2d and np.histogramdd: counts, edges, ranges, weights, density.
import numpy as np

rng = np.random.default_rng(7)
x = rng.random(50)
y = rng.random(50)
h, xe, ye = np.histogram2d(x, y, bins=4)
print(h, xe, ye)
h, xe, ye = np.histogram2d(x, y, bins=[3, 2], range=[[0, 1], [0, 1]])
print(h, xe, ye)
h, xe, ye = np.histogram2d([0, 1, 2, 2], [0, 0, 1, 2], bins=[[0, 1, 2, 3], [0, 1.5, 3]], weights=[1, 2, 3, 4])
print(h, xe, ye)
h, xe, ye = np.histogram2d([1, 2, 3], [3, 2, 1], bins=3, density=True)
print(h, xe, ye, h.sum())
h, xe, ye = np.histogram2d([5, 5], [1, 1], bins=2)
print(h, xe, ye)
s = np.stack([x, y, rng.random(50)], axis=1)
H, edges = np.histogramdd(s, bins=(2, 3, 2))
print(H.shape, H.sum(), [e.round(6) for e in edges])
H, edges = np.histogramdd(np.array([0.5, 1.5, 1.5, 2.5]), bins=[[0, 1, 2, 3]])
print(H, edges)
H, edges = np.histogramdd((np.array([1.0, 2.0]), np.array([3.0, 4.0])), bins=2)
print(H, edges)
print(np.histogram2d([], [], bins=2))
for bad in [lambda: np.histogram2d([1, 2], [1], bins=2), lambda: np.histogram2d([1, 2], [1, 2], bins=0),
            lambda: np.histogram2d([1, 2], [1, 2], bins=2, range=[[2, 1], [0, 1]]),
            lambda: np.histogram2d([1, 2], [1, 2], bins=[[0, 2, 1], [0, 1]]),
            lambda: np.histogramdd(np.ones((3, 2)), bins=[2, 2, 2]), lambda: np.histogram2d([1, np.inf], [1, 2])]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
