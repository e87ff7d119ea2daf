# np.fromregex: the matches of a regular expression in a text file as
# records (groups into fields in order, one group filling the first field
# and seen as the dtype's records), from a path or an open file; errors.
import numpy as np

p = '_xpush_tmp_struct_io_fromregex.txt'
with open(p, 'w') as f:
    f.write('alice 30 1.5\nbob 25 2\n# carol x 3\n')


def show(rx, dt, **kw):
    try:
        print(repr(np.fromregex(p, rx, dt, **kw)))
    except Exception as e:
        print(type(e).__name__, e)


show(r'(\w+) (\d+) ([\d.]+)', [('name', 'U5'), ('age', 'i4'), ('score', 'f8')])
show(r'(\w+) (\d+)', [('name', 'U5'), ('age', 'i4')])
show(r'(\d+)', [('n', 'i8')])
show(r'\d+', [('n', 'i4')])
show(r'(\d+)', [('a', 'i2'), ('b', 'i2')])
show(r'(\d+)', [('a', 'i4'), ('b', 'i4')])
show(r'(\d+)', 'i8')
show(r'(\w+) (\d+) ([\d.x]+)', [('name', 'U5'), ('age', 'i4'), ('score', 'f8')])
show(r'(\w+) (\d+) ([\d.]+)', [('name', 'S3'), ('age', 'u1'), ('score', 'f4')])
show(r'(\w+) (\d+)', [('name', 'U5'), ('age', 'i4'), ('x', 'f4')])
show(r'(\d+)\.(\d+)', [('a', 'i4'), ('b', '?')])
show(r'(zz)', [('a', 'i4')])
show(r'(\w+) (\d*)', [('n', 'U5'), ('a', 'U2')])
show(r'(\w)(\w+) (x)', [('a', 'U1'), ('b', 'U5'), ('c', 'i4')])
with open(p) as f:
    print(np.fromregex(f, r'(\w+) (\d+)', np.dtype([('name', 'U5'), ('age', 'i4')])))
people = np.fromregex(p, r'(\w+) (\d+) ([\d.]+)', [('name', 'U5'), ('age', 'i4'), ('score', 'f8')])
print(people['name'], people['age'] * 2, people[people['score'] > 1.7])
print(np.fromregex(p, '(\\d+)', 'i8,i8'))
np.fromregex('_xpush_tmp_struct_io_fromregex_missing.txt', '(x)', [('a', 'i4')])
