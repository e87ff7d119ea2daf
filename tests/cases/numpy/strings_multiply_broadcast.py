# xpush: skip-device=npu
# np.strings.multiply: counts broadcast as arrays, width of the longest result
import numpy as np
a = np.array(['a', 'bb', 'ccc'])
print(repr(np.strings.multiply(a, np.array([1, 2, 3]))), repr(np.strings.multiply(a, 0)), repr(np.strings.multiply(a, -2)))
print(repr(np.strings.multiply(np.array(['ab', 'c']), np.array([[1], [3]]))))
print(repr(np.strings.multiply(np.array(['a', 'bb']), 2)))
print(repr(np.strings.multiply(np.array(['a'], dtype='U5'), 2)))
print(repr(np.strings.multiply(np.array([b'a', b'xy']), [2, 1])))
print(repr(np.strings.multiply('ab', 2)), repr(np.char.multiply(np.array(['ab']), np.int8(3))))
print(repr(np.char.multiply(np.array(['é', 'ab']), np.array([3, 1], dtype=np.uint8))))
a = np.array(['a', 'b', 'c', 'd', 'e', 'f']).reshape((2, 3))
print(repr(np.strings.multiply(a, np.array([1, 2, 3]))))
try:
    np.strings.multiply(a, 1.5)
except Exception as e:
    print(type(e).__name__, e)
try:
    np.strings.multiply(np.array(['a', 'b', 'c']), np.array([1, 2]))
except Exception as e:
    print(type(e).__name__, e)
