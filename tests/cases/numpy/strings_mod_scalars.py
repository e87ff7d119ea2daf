# xpush: skip-device=npu
# np.strings.mod / np.char.mod format NumPy's elements: numbers (and lists
# of them) become NumPy scalars, so %r shows np.int64(1), text np.str_.
import numpy as np

print(repr(np.strings.mod('%r', np.arange(2))))
print(repr(np.strings.mod(['%r', '%s'], np.array([1.5, 2.0]))))
print(repr(np.strings.mod('%r', np.array([True]))))
print(repr(np.char.mod('%r', 7)))
print(repr(np.char.mod(['%r', '%.1f'], [3, 4])))
print(repr(np.strings.mod('%r', np.array(['a', 'bc']))))
print(repr(np.strings.mod('<%s>', np.array([b'x']))))
print(repr(np.strings.mod('%(k)s', {'k': 1})))
try:
    np.strings.mod('%s|%r', (1.5, True))
except TypeError as e:
    print("TypeError:", e)

# %c takes NumPy's integers by their __index__, in str and bytes formats.
print('%c' % np.int64(65), b'%c' % np.int64(66), b'%c' % np.uint8(67))
print(repr(np.strings.mod(np.array([b'%c', b'%x']), np.array([65, 255]))))
for fmt, v in [(b'%c', np.float64(1)), ('%c', np.float64(1)), ('%c', np.True_), (b'%c', np.int64(300))]:
    try:
        print(fmt % v)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__, e)
