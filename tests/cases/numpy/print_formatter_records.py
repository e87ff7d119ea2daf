# formatter= for string, time, object and structured arrays, subclasses,
# and np.array2string of them; the dict is read when printing.
import numpy as np


def t(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)


t(lambda: np.array2string(np.array(['a', 'bc'])))
t(lambda: np.array2string(np.array(['a', 'bc']), formatter={'numpystr': lambda s: s * 2}))
t(lambda: np.array2string(np.array([1, 2], dtype='m8[s]'), separator=', '))
t(lambda: np.array2string(np.array(['2020-01-01', 'NaT'], dtype='M8[D]')))
t(lambda: np.array2string(np.array([1, None], dtype=object)))
t(lambda: np.array2string(np.array(['x', 'y'], dtype=object), formatter={'object': lambda o: o + '!'}))
t(lambda: np.array2string(np.array(list('abcdefgh')), threshold=4, edgeitems=1))
t(lambda: np.array2string(np.array('ab')))

fmt = {'int': lambda x: f'i{x}', 'float': lambda x: 'f'}
np.set_printoptions(formatter=fmt)
t(lambda: repr(np.matrix([[1, 2]])))
t(lambda: repr(np.ma.masked_array([1, 2], mask=[0, 1])))
r = np.array([(1, 2.5, 'ab'), (3, 4.0, 'c')], dtype=[('a', 'i8'), ('b', 'f8'), ('c', 'U2')])
t(lambda: repr(r))
t(lambda: str(r))
fmt['int'] = lambda x: f'j{x}'
t(lambda: repr(np.arange(2)))
np.set_printoptions(formatter={'float_kind': lambda x: 'F', 'numpystr': lambda s: 'S'})
t(lambda: repr(r))
t(lambda: str(r))
t(lambda: repr(r[0]))
t(lambda: str(r[0]))
allfmt = {'all': lambda x: 'A'}
np.set_printoptions(formatter=allfmt)
t(lambda: repr(r))
t(lambda: repr(r[0]))
print(sorted(allfmt))
t(lambda: repr(r))
t(lambda: repr(np.array([((1, 2.0),)], dtype=[('n', [('x', 'i4'), ('y', 'f4')])])))
t(lambda: repr(np.array([(1, [2, 3])], dtype=[('a', 'i2'), ('b', 'i8', (2,))])))
np.set_printoptions()
t(lambda: repr(r))
