# formatter= of np.set_printoptions, np.printoptions and np.array2string:
# NumPy's keys, their groups and 'all', for every kind of array.
import numpy as np

a = np.array([1.5, 2.25, -3.0])
print(np.array2string(a, formatter={'float': lambda x: '%.3f' % x}))
print(np.array2string(a, formatter={'float_kind': '{:.2f}'.format}, separator=', '))
print(np.array2string(np.arange(4), formatter={'int': lambda x: hex(x)}))
print(np.array2string(np.arange(4), formatter={'all': lambda x: 'v' + str(x)}))
print(np.array2string(np.arange(4), formatter={'all': lambda x: 'v', 'int_kind': lambda x: 'i', 'int': None}))
print(np.array2string(np.arange(4), formatter={'float': lambda x: 'f'}))
print(np.array2string(np.array([True, False]), formatter={'bool': lambda x: 'T' if x else 'F'}))
print(np.array2string(np.array([1+2j, 3j]), formatter={'complex_kind': lambda x: f'{x.real}|{x.imag}'}))
print(np.array2string(np.array([1+2j, 3j]), formatter={'complexfloat': lambda x: type(x).__name__}))
print(np.array2string(np.arange(6).reshape(2, 3), formatter={'int': lambda x: f'<{x}>'}, prefix='x = '))
print(np.array2string(np.array(7), formatter={'int': lambda x: f'<{x}>'}))
print(np.array2string(np.arange(2000), formatter={'int': lambda x: str(x * 2)}, threshold=10))
print(np.array2string(np.array([0.5, 1.5], dtype=np.float32), formatter={'float_kind': lambda x: type(x).__name__}))

np.set_printoptions(formatter={'float': lambda x: f'<{x:.1f}>'})
print(a)
print(repr(a))
print(np.array(2.5), repr(np.array(2.5)), np.float64(2.5), repr(np.float64(2.5)))
print(np.arange(3), [np.array([0.25])])
print(np.array_repr(np.array([1.5]), precision=2), np.array_str(np.array([2.5])))
print(f'{a}', str(a.reshape(3, 1)))
print(np.get_printoptions()['formatter'] is not None)
np.set_printoptions(precision=4)
print(a, np.get_printoptions()['formatter'])
with np.printoptions(formatter={'int_kind': lambda x: '#' * (x + 1)}) as opts:
    print(np.arange(5))
    print(repr(np.arange(5, dtype=np.uint8)))
    print(sorted(opts['formatter']))
print(np.arange(5))

np.set_printoptions(formatter={'numpystr': lambda s: s.upper(), 'datetime': lambda d: 'D',
                               'timedelta': lambda t: str(t), 'object': lambda o: 'obj'})
print(np.array(['ab', 'c']), repr(np.array(['ab', 'c'])))
print(np.array(['2020-01-01', '2021-02-03'], dtype='M8[D]'))
print(repr(np.array([1, 20], dtype='m8[s]')))
print(repr(np.array([1, 'x'], dtype=object)), np.array([1, 'x'], dtype=object))
print(np.array('ab'), repr(np.array('ab')))
np.set_printoptions(formatter={'str_kind': lambda s: '<' + s + '>', 'str': lambda s: 'no'})
print(np.array(['ab', 'c']))
np.set_printoptions(formatter={'int_kind': lambda x: 'i'})
print(repr(np.array([1, 20], dtype='m8[s]')), np.array([True]))
np.set_printoptions(formatter={'all': lambda x: 'x' * 30})
print(np.arange(6))
print(np.array(['a']), np.array([None], dtype=object))
np.set_printoptions(formatter={'all': lambda x: '\u00e9' * 20})
print(np.arange(5))
np.set_printoptions(formatter={'float': lambda x: 5})
try:
    print(np.array([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__, e)
np.set_printoptions(formatter={'float': lambda x: 1 / 0})
try:
    print(repr(np.array([1.0, 2.0])))
except Exception as e:
    print(type(e).__name__, e)
np.set_printoptions()
print(np.linspace(0, 1, 3), np.get_printoptions()['formatter'])
