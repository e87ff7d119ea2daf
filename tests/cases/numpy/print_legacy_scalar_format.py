# xpush: skip-device=npu
# legacy= with NumPy scalars in f-strings, format(), % and str.format (which keep float's own format), scalars from indexing and reductions, 0-d object arrays; override_repr= for string, record, time and object arrays in a list.
import numpy as np
x = np.float64(0.1 + 0.2)
for leg in ['1.13', '1.25', False]:
    np.set_printoptions(legacy=leg)
    print(f"{x} {x!r} {x!s}", format(x), '%s %r' % (x, x), '{} {!r}'.format(x, np.int8(4)))
    print(repr(np.array([1, 2])[0]), repr(np.arange(3.).sum()), repr(np.float32(2.5).item()), repr(np.array([1.5]).max()))
    print(repr(np.array(None, dtype=object)), repr(np.array(np.float64(2.5), dtype=object)))
np.set_printoptions(override_repr=lambda a: 'R' + str(a.dtype))
print([np.array(['a']), np.array([1.5]), np.array([(1, 2)], dtype='i4,i4'), np.array(['2020-01-01'], dtype='M8[D]'), np.array([None])])
print(np.array_repr(np.array([2.0])), repr(np.array([1.5])[0]))
np.set_printoptions(override_repr=None)
print(repr(np.array(['a'])))
