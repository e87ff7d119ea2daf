# NumPy semantics the npu's aclnn mappings must keep (issue 28): NaN
# propagation of maximum/minimum against fmax/fmin, signed zeros, the sign
# of integers and of NaN, fmod's dividend sign, isinf of complex parts.
import numpy as np

a = np.array([1.0, np.nan, 3.0, np.nan, -2.0, 0.0])
b = np.array([np.nan, 2.0, 1.0, np.nan, -2.0, -0.0])
for f in (np.maximum, np.minimum, np.fmax, np.fmin):
    r = f(a, b)
    print(f.__name__, r, np.signbit(r))
print(np.maximum(np.array([0.0, -0.0]), np.array([-0.0, 0.0])))
print(np.clip(np.array([-3.0, np.nan, 0.5, 7.0]), -1.0, 1.0))

i = np.array([-7, -1, 0, 1, 9], dtype=np.int32)
k = np.array([2, -3, 5, 0, -4], dtype=np.int32)
print(np.sign(i), np.sign(i.astype(np.int64)), np.sign(i.astype(np.int8)))
print(np.sign(np.array([-2.5, -0.0, 0.0, np.nan, np.inf, -np.inf])))
print(np.sign(np.array([-1.5, np.nan], dtype=np.float32)))
print(np.sign(np.array([-1 + 1j, 3 - 4j, 0j])))
print(np.maximum(i, k), np.minimum(i, k), np.fmax(i, k), np.fmin(i, k))
print(np.maximum(np.array([True, False]), np.array([False, False])))

x = np.array([5.0, -5.0, 5.0, -5.0, 7.5, -0.0])
y = np.array([3.0, 3.0, -3.0, -3.0, 2.0, 1.0])
r = np.fmod(x, y)
print(r, np.signbit(r))
print(np.fmod(i, np.array([3, 3, 3, -3, -3], dtype=np.int32)))

z = np.array([complex(np.inf, 0), complex(np.nan, np.inf), complex(np.nan, 0), 1 + 1j])
print(np.isinf(z), np.isinf(np.array([np.inf, -np.inf, np.nan, 0.0])), np.isinf(i))
print(np.signbit(np.array([-0.0, 0.0, -np.inf, np.nan])))
print(np.floor(i), np.floor(np.array([-1.5, 1.5])), np.ceil(np.array([-1.5, 1.5])), np.trunc(np.array([-1.5, 1.5], dtype=np.float32)))
print(np.gcd(np.array([-12, 0, 7, 0], dtype=np.int64), np.array([18, -5, 0, 0], dtype=np.int64)))
print(np.invert(np.array([True, False])), np.invert(np.array([0, -1, 5], dtype=np.int16)))
print(np.bitwise_and(i, k), np.bitwise_or(i, k), np.bitwise_xor(i, k))
print(np.logical_xor(np.array([0.0, 1.0, np.nan, 0.0]), np.array([0.0, 0.0, 1.0, 2.0])))
print(np.reciprocal(np.array([2, -1, 1], dtype=np.int32)), np.reciprocal(np.array([2.0, -4.0])))
print(np.arctan2(np.array([0.0, -0.0, 1.0]), np.array([-1.0, -1.0, 0.0])))
