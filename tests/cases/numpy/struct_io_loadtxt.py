# np.loadtxt with a structured dtype: a record a row, columns filling the
# fields in order (subarray and nested fields take several), usecols,
# delimiter, skiprows, max_rows, ndmin and unpack; NumPy's errors.
import numpy as np

src = '_xpush_tmp_struct_io_loadtxt.txt'


def text(s):
    with open(src, 'w') as f:
        f.write(s)
    return src


dt = [('i', 'i4'), ('f', 'f8'), ('s', 'U3'), ('p', 'i2', (2,))]
a = np.loadtxt(text('# comment\n1 2.5 ab 3 4\n-3 7 xyz 5 6\n'), dtype=dt)
print(repr(a))
print(a['p'].sum(), a['s'], a.dtype == np.dtype(dt))
print(np.loadtxt(src, dtype=dt, unpack=True))
i, f, s, p = np.loadtxt(src, dtype=np.dtype(dt), unpack=True)
print(repr(i), repr(s), p.shape)
print(repr(np.loadtxt(src, dtype=[('a', 'i4'), ('b', 'U3')], usecols=(0, 2))))
print(repr(np.loadtxt(src, dtype=[('a', 'U3'), ('b', 'i8')], usecols=(2, -1))))
print(repr(np.loadtxt(src, dtype=dt, skiprows=2)))
print(repr(np.loadtxt(src, dtype=dt, skiprows=1, max_rows=1, ndmin=1)))
print(repr(np.loadtxt(src, dtype=dt, skiprows=1, max_rows=1, ndmin=2)))
print(repr(np.loadtxt(src, dtype=dt, ndmin=2)))

csv = text('name,age,score,ok\nalice,30,1.5,1\nbob,25,2,0\n')
people = np.loadtxt(csv, delimiter=',', skiprows=1,
                    dtype=[('name', 'U5'), ('age', 'i4'), ('score', 'f4'), ('ok', '?')])
print(repr(people))
print(people[people['age'] > 26]['name'], people['score'].mean())
print(repr(np.loadtxt(csv, delimiter=',', skiprows=1, dtype=np.dtype([('n', 'S3'), ('a', 'u1')]),
                      usecols=[0, 1])))
print(repr(np.loadtxt(text('1 2 3\n4 5 6\n'), dtype=[('a', 'i4'), ('b', [('x', 'f4'), ('y', 'i1')])])))
print(repr(np.loadtxt(text('1 2 3 4 5\n'), dtype=[('m', 'i4', (2, 2)), ('n', 'f8')])))
print(repr(np.loadtxt(text('7 2020-01-02\n'), dtype=[('k', 'i2'), ('d', 'M8[D]')])))
print(repr(np.loadtxt(text('x 1\ny 2\n'), dtype='U1,i4')))
with open(src) as fh:
    print(repr(np.loadtxt(fh, dtype=[('s', 'U1'), ('v', 'f8')])))

errors = [
    ('1 2 3\n4 5 6\n', dict(dtype=[('a', 'i4'), ('b', 'f4')])),
    ('1 2\n4 5 6\n', dict(dtype=[('a', 'i4'), ('b', 'f4')])),
    ('h\n\n1 2\n# c\n3 x\n', dict(dtype=[('a', 'i4'), ('b', 'f4')], skiprows=1)),
    ('1 2.5\n', dict(dtype=[('a', 'f4'), ('b', 'i4')])),
    ('1 True\n', dict(dtype=[('a', 'f4'), ('b', '?')])),
    ('1 2 3\n', dict(dtype=[('a', 'i4'), ('b', 'f4')], usecols=(0,))),
    ('1 2 3\n', dict(dtype=[('a', 'i4'), ('b', 'f4')], usecols=(0, 1, 2))),
    ('1,2\n4,x\n', dict(dtype=[('a', 'i4'), ('b', 'f4')], delimiter=',', usecols=(1, 0))),
    ('1 2 3\n', dict(dtype=[('a', 'i4'), ('b', 'f4')], usecols=(0, 5))),
]
for body, kw in errors:
    try:
        np.loadtxt(text(body), **kw)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
