# NumPy's text scalars: indexing or iterating a string array gives np.str_
# (np.bytes_ for bytes), a str (bytes) subclass that prints as np.str_('x')
# in reprs and containers and is a str everywhere else: operators,
# methods, hashing, dict keys, join, formatting, json. Their methods give
# scalars back.
import json
import numpy as np

a = np.array(['x', 'yy'])
print(repr(a[0]), type(a[0]), a[0], str(a[0]))
b = np.array([b'x', b'yy'])
print(repr(b[0]), type(b[0]), b[0])
print(list(a), a.tolist(), [s for s in a], a[1] == 'yy', a[1] in ['yy'], 'y' in a[1])
print(repr(np.str_('abc')), repr(np.bytes_('ab')), repr(np.str_(3.5)), repr(np.str_(b'ab')))
print(np.str_('ab').dtype, a[0].dtype, a[1].dtype, a[0].itemsize, a[0].shape, a[0].ndim)
# isinstance and type
print(isinstance(a[0], str), isinstance(b[0], bytes), isinstance(a[0], bytes))
print(isinstance(a[0], np.generic), isinstance(a[0], np.character), isinstance(a[0], np.flexible))
print(isinstance(a[0], np.str_), isinstance(a[0], np.ndarray), isinstance(b[0], np.bytes_))
print(type(a[0]) is np.str_, type(b[0]).__name__)
# str's operations
print(repr(np.str_('a') + 'b'), repr('b' + np.str_('a')), repr(np.str_('a') * 2), repr(a[0] + a[1]))
try:
    np.str_('a') + 1
except TypeError as e:
    print('TypeError:', e)
print(repr(np.str_('ab')[0]), repr(np.str_('abc')[1:]), len(np.str_('abc')), list(np.str_('ab')))
print(repr(np.str_('b') > 'a'), repr(a[0] < a[1]), repr(max(np.array(['a', 'c', 'b']))))
print(sorted(np.array(['b', 'a'])), min(a), sorted(a, key=len, reverse=True))
print(repr(np.str_('abc').upper()), repr(np.str_('a,b').split(',')), a[0].startswith('x'))
print(a[1].replace('y', 'z'), a[1].count('y'), a[1].center(6, '*'), repr(b[1].decode()))
print(repr(' '.join(np.array(['x', 'y']))), ', '.join(list(a)), '-'.join([a[0], 'z']), repr(b'+'.join(b)))
print(bool(np.str_('')), bool(a[0]), int(np.str_('12')) + 1, float(np.str_('1.5')))
# as dict keys and set items
d = {}
for s in a:
    d[s] = len(s)
print(d, d['x'], d.get('yy'), 'x' in d, {'x': 1}[a[0]])
print(set(a) == {'x', 'yy'}, sorted(set(a)), hash(a[0]) == hash('x'))
# formatting
print(f"{a[0]}-{a[1]!r}-{a[1]:>4}|", "%s/%s" % (a[0], a[1]), "{}".format(a[1]), format(a[0], '^5'))
print(json.dumps([a[0], 'z']), json.dumps({a[1]: 1}))
# NumPy's functions take them as 0-d arrays
print(np.array([a[0], a[1]]), repr(np.asarray(a[0])), repr(np.char.upper(np.str_('ab'))))
print(repr(np.str_('a') + np.array(['x'])), repr(np.array(['x']) + np.str_('a')))
print(np.where(a == a[0], 1, 0), repr(np.unique(a)[0]), repr(a[np.argmax(np.char.str_len(a))]))
# a scalar's methods give scalars
s = np.str_('ab')
print(repr(s.astype('U1')), repr(s.astype(object)), repr(s.copy()), repr(s.item()), repr(s.T))
print(repr(s.reshape(1)), repr(s.astype(np.bytes_)), repr(np.bytes_(b'ab').astype(str)))
t = np.datetime64('2020-01-02')
print(repr(t.copy()), repr(t.astype(object)), repr(t.astype('M8[M]')), repr(t.astype(np.int64)))
print(type(t), type(np.timedelta64(3, 'D')), isinstance(t, np.generic), isinstance(np.timedelta64(1, 'D'), np.signedinteger))
print(type(np.array(['2020-01-01'], dtype='M8[D]')[0]), isinstance(t, np.ndarray))
