# numpy.emath: complex results where the real functions have none.
import numpy as np

print(np.emath.sqrt(-4), np.emath.sqrt(4), np.emath.sqrt([-4, 9]), np.emath.sqrt(np.array([-1.0], dtype=np.float32)))
print(np.emath.log(-1), np.emath.log(np.e), np.emath.log([-np.e, 1]), np.emath.log2(-8), np.emath.log10([-100, 10]))
print(np.emath.logn(2, 8), np.emath.logn(2, -8), np.emath.logn(-2, 8), np.emath.logn([2, 3], 9))
print(np.emath.power(-4, 0.5), np.emath.power(2, -2), np.emath.power([2, 4], 2), np.emath.power([-1, 4], [0.5, 2]))
print(np.emath.arccos(2), np.emath.arccos([1, -1]), np.emath.arcsin(2), np.emath.arctanh(2), np.emath.arctanh([0.5]))
print(np.emath.sqrt(-1 + 0j), np.emath.sqrt(np.array([-4], dtype=np.int8)).dtype, np.emath.sqrt(np.array([-4], dtype=np.int32)).dtype)
