# np.ma.median, average and anom: statistics over the unmasked elements.
import numpy as np
import numpy.ma as ma

a = ma.array([1, 2, 3, 4], mask=[0, 0, 0, 1])
b = ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [1, 1, 1]])
c = ma.array([[1, 2, 3], [4, 5, 6]], mask=[[0, 1, 0], [1, 0, 1]])
print(repr(ma.median(a)), repr(ma.median(b)))
print(repr(ma.median(b, axis=1)))
print(repr(ma.median(b, axis=0)))
print(repr(ma.median(c, axis=1)), repr(ma.median(c, axis=0)))
print(repr(ma.median(ma.array([[1, 2], [3, 4]]), axis=0)))
print(repr(ma.median(ma.array([1, 2], mask=[1, 1]))), repr(ma.median([1, 2, 3])))
print(repr(ma.median(ma.array([5.0, 1.0, 9.0, 2.0], mask=[0, 0, 1, 0]))))
print(repr(ma.average(a)), repr(ma.average(a, weights=[1, 2, 3, 4])))
print(repr(ma.average(b, axis=1)))
print(repr(ma.average(c, axis=1, weights=[1, 1, 2])))
print(repr(ma.average(ma.array([[1, 2], [3, 4]]), axis=0)))
print(repr(ma.average(a, weights=[1, 2, 3, 4], returned=True)))
print(repr(ma.average(a, returned=True)))
print(repr(ma.anom(a)))
print(repr(ma.anom(b, axis=0)))
print(repr(ma.anomalies(ma.array([1.0, 2.0, 6.0]))))
