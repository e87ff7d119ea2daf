# Field access on structured arrays: a['x'] is a view (writes reach the
# records), a[['x', 'y']] a multi-field view, assignment by field, by
# record (tuples, voids), by slice and by mask; voids view their record.
import numpy as np

dt = np.dtype([('name', 'U10'), ('age', 'i4'), ('pos', 'f8', (2,))])
a = np.array([('Alice', 25, [1.0, 2.0]), ('Bob', 30, [3.5, 4.0]), ('Carol', 7, [-1, 0.25])], dtype=dt)
ages = a['age']
print(repr(ages), ages.dtype, ages.shape)
ages[0] = 26
print(a[0])
a['age'] += 1
print(repr(a['age']), a['age'].mean(), a['age'].sum())
print(repr(a['pos']), a['pos'].shape)
a['pos'][:, 1] = 9
print(repr(a['pos']))
print(repr(a['name']))
a['name'][1] = 'Robert the Great'
print(repr(a['name']))
a['name'] = 'X'
print(a)
print(repr(a[['age', 'name']]))
m = a[['age', 'pos']]
m['age'] = 100
print(repr(a['age']))
print(repr(a[['pos', 'age']]))

v = a[1]
print(type(v).__name__, repr(v), v)
print(repr(v['age']), repr(v[1]), repr(v[-1]), v['name'], len(v))
v['age'] = 55
print(repr(a['age']))
v[0] = 'Zed'
print(repr(a[1]))
a[2] = ('Dora', 41, [0.5, 0.75])
print(repr(a[2]))
a[0] = a[2]
print(a)
a[:2] = ('Same', 1, [2, 3])
print(a)
a[a['age'] > 5] = ('Big', 99, [0, 0])
print(a)
a[[0, 2]] = [('P', 1, [1, 1]), ('Q', 2, [2, 2])]
print(a)
s = a[1:]
s['age'] = -5
print(repr(a['age']))
f = a[[0, 1]]
f['age'] = 1000
print(repr(a['age']), repr(f['age']))
print(repr(a[::-1]), repr(a.reshape(3, 1)), repr(a.reshape(3, 1)['age']))
t = np.zeros((2, 3), dtype='i4,f8')
t['f1'] = np.arange(6).reshape(2, 3) / 2
print(repr(t), repr(t.T), repr(t.T['f1']), repr(t[1, 2]), repr(t[:, 1]))
print(t['f0'].flags['WRITEABLE'], t['f1'].shape)
print(repr(t.ravel()), repr(t.flatten()[3]), repr(t.copy()))
for r in np.array([(1, 2.0), (3, 4.0)], dtype='i4,f8'):
    print(repr(r), r['f0'] + r['f1'])
x, y = np.array([(1, 2.0), (3, 4.0)], dtype=[('x', 'i4'), ('y', 'f8')])
print(x, y)
