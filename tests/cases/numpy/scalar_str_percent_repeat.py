# str's % and * with NumPy operands on the right: str's own operations.
import numpy as np

print('%.3f' % np.float64(1.5), '%d items' % np.int64(3), '%5.1f|' % np.float32(2.25))
print('%s' % np.array([1, 2]), '%r' % (np.float32(2),), '%s and %s' % (np.int8(1), np.bool_(True)))
print('%x' % np.uint16(255), '%e' % np.float16(0.5))
print('#' * np.int64(3), np.uint8(2) * 'ab', repr('-' * np.int32(0)), repr('ab' * np.int16(-1)))
for bad in [lambda: '%d' % np.array([1, 2]), lambda: 'x' * np.bool_(True), lambda: 'x' * np.float64(2)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
