# xpush: rtol=1e-9 atol=1e-12
# np.ma's cov, corrcoef and polyfit: statistics over the unmasked observations.
import numpy as np
import numpy.ma as ma
x = ma.array([[0.0, 1.0, 2.0, 4.0], [2.0, 1.5, 0.5, 0.0], [1.0, 3.0, 2.0, 7.0]], mask=[[0, 0, 1, 0], [0, 0, 0, 0], [0, 1, 0, 0]])
print(repr(ma.cov(x)))
print(repr(ma.cov(x, rowvar=False)))
print(repr(ma.cov(x, bias=True)))
print(repr(ma.cov(x[0], x[1])))
print(repr(ma.cov([1.0, 2.0, 4.0])))
print(repr(ma.cov(x, ddof=0)))
print(repr(ma.corrcoef(x)))
print(repr(ma.corrcoef(x[0], x[2])))
print(repr(ma.corrcoef([1.0, 2.0, 4.0])))
print(repr(ma.cov(ma.array([[1.0, 2.0], [3.0, 4.0]], mask=[[1, 1], [0, 0]]))))
try:
    ma.cov(x, allow_masked=False)
except ValueError as e:
    print("ValueError:", e)
px = ma.array([0.0, 1.0, 2.0, 3.0, 4.0], mask=[0, 0, 0, 1, 0])
py = np.array([1.0, 3.1, 4.9, 100.0, 9.2])
print(np.round(ma.polyfit(px, py, 1), 8))
print(np.round(ma.polyfit([0.0, 1.0, 2.0, 3.0], ma.array([1.0, 2.0, 5.0, 10.0], mask=[0, 1, 0, 0]), 2), 8) + 0.0)
py2 = ma.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0], [0.0, 0.0]], mask=[[0, 0], [0, 0], [0, 0], [0, 1]])
print(np.round(ma.polyfit([0.0, 1.0, 2.0, 3.0], py2, 1), 8))
print(np.round(ma.polyfit(px, py, 1, w=ma.array([1.0, 2.0, 1.0, 1.0, 1.0], mask=[0, 0, 0, 0, 1])), 8))
try:
    ma.polyfit([1.0, 2.0], np.ones((2, 2, 2)), 1)
except TypeError as e:
    print("TypeError:", e)
