# numpy.polynomial.polyutils: as_series, trimseq, trimcoef, getdomain,
# mapparms, mapdomain.
import numpy as np
from numpy.polynomial import polyutils as pu

print(pu.as_series([[1, 2, 0], [3], np.array([1.5, 0])]))
print(pu.as_series([[1, 0, 0]], trim=False), pu.as_series([[1, 2], [1j]]))
print(pu.trimseq([1, 2, 0, 0]), pu.trimseq(np.array([0.0, 0.0])), pu.trimseq([]))
print(pu.trimcoef([1, 2, 1e-3, 1e-9]), pu.trimcoef([1, 2, 1e-3, 1e-9], 1e-2), pu.trimcoef([1e-9], 1))
print(pu.getdomain([3, -1, 2]), pu.getdomain([1 + 2j, -1, 3j]))
print(pu.mapparms([0, 2], [-1, 1]), pu.mapparms([-1, 1], [0, 10]))
print(pu.mapdomain([0, 1, 2], [0, 2], [-1, 1]), pu.mapdomain(1.5, [0, 2], [-1, 1]))
print(pu.mapdomain(np.arange(4).reshape(2, 2), [0, 3], [0, 1]))
for bad in ([[]], [[[1, 2]]]):
    try:
        pu.as_series(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    pu.trimcoef([1, 2], -1)
except ValueError as e:
    print("ValueError", e)
print(pu.format_float(np.float64(1.5e-05)), pu.format_float(np.float64(1.5e-05), parens=True), pu.format_float(1.5e-05, parens=True))
print(pu.format_float(np.float64(123456789.0)), pu.format_float(np.float32(0.1)), pu.format_float(np.float64(np.nan)), pu.format_float(3))
with np.printoptions(precision=3):
    print(pu.format_float(np.float64(2 / 3)), pu.format_float(np.float64(0.002)), pu.format_float(np.float64(0.0123456)))
