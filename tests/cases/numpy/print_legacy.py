# xpush: skip-device=npu
# legacy= of set_printoptions/printoptions/array2string: scalar reprs without the type up to '1.25' (in lists, tuples, dicts), NumPy 1.13's arrays and scalars, unknown values warn.
import numpy as np
vals = [np.float64(1.5), np.float32(0.1), np.float16(2), np.int8(3), np.int64(-7), np.uint64(5),
        np.True_, np.False_, np.str_('a'), np.bytes_(b'x'), np.complex64(1+2j), np.complex128(-1.5j),
        np.float64(1e20), np.float64(np.nan), np.float64(-np.inf), np.datetime64('2020-01-01'),
        np.timedelta64(3, 's'), np.float64(0.1 + 0.2)]
for leg in [False, '1.25', '1.21', '2.1', '2.2', '1.13']:
    np.set_printoptions(legacy=leg)
    print(leg, np.get_printoptions()['legacy'], np.get_printoptions()['sign'])
    print(vals)
    print((np.float64(2.5), {'k': np.int32(4)}), [str(v) for v in vals])
    print(repr(np.array(1.5)), str(np.array(1.5)), repr(np.array([1.5, -2, np.nan])), np.array([1.5, 2]))
    print(repr(np.array([True, False])), repr(np.arange(2000.)), repr(np.arange(3000)))
    print(repr(np.array([1+2j, 3-4j])), np.array2string(np.array(2.5)), repr(np.array(3)), repr(np.array(True)))
    print(repr(np.array([0.5, 100.0, 1e-6])), repr(np.array([1e-3, 1e5], dtype=np.float32)), repr(np.array([1.0, 2000.0], dtype=np.float16)))
    print(repr(np.arange(12.).reshape(3, 4) / 7))
    print(np.arange(30.).reshape(3, 10) * 1.5)
    print(repr(np.linspace(0, 1, 25)))
    print(repr(np.array([1e10, -1e-10])), repr(np.array(np.float32(1/3))), str(np.array(np.complex64(1j))))
    print(repr(np.arange(2000).reshape(2, 1000)))
    print(repr(np.array([], dtype=np.float32)), repr(np.zeros((2, 0))))
    print(np.array2string(np.arange(5.), separator=', ', suffix=')', prefix='array('))
np.set_printoptions(legacy=False)
print(np.get_printoptions()['legacy'])
for bad in ['1.14', 'x']:
    import warnings
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        np.set_printoptions(legacy=bad)
        # NumPy keeps the unknown value (get_printoptions then fails), so
        # set a known one before printing anything.
        np.set_printoptions(legacy=False)
        print([str(x.message) for x in w], [x.category.__name__ for x in w])
    print(np.get_printoptions()['legacy'])
np.set_printoptions(legacy='1.25')
with np.printoptions(legacy=False):
    print(np.float64(1.5))
    print(repr(np.float64(1.5)))
print(repr(np.float64(1.5)))
np.set_printoptions(legacy=False)
print(np.array2string(np.array([1.0, 2.0]), legacy='1.13'), np.array2string(np.array(1.0), legacy='1.13'))
print(np.array2string(np.array([1.0, 2.0]), legacy='1.25'))
