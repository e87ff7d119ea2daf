# np.savetxt of structured arrays: a line a record, the fields through
# fmt (one format for every field, a list, or one string), header and
# footer; NumPy's errors when fmt does not fit the fields.
import numpy as np

p = '_xpush_tmp_struct_io_savetxt.txt'


def show(r, **kw):
    try:
        np.savetxt(p, r, **kw)
        print(repr(open(p).read()))
    except Exception as e:
        print(type(e).__name__, e)


r = np.array([(1,.5),(2,1.25)], dtype=[('a','i4'),('b','f8')])
show(r)
show(r, fmt='%d %.2f')
show(r, fmt=['%d','%.1f'], delimiter=',')
show(r, fmt=('%d','%.1f'), delimiter=',', header='x,y\nz', footer='end', comments='## ')
show(r, fmt=['%d'])
show(r, fmt='%d')
show(r, fmt='%d %d %d')
show(r, fmt=3)
r2 = np.array([(1,'x'),(0,'yy')], dtype=[('a','i4'),('s','U3')])
show(r2, fmt='%s')
show(r2, fmt='%d|%s')
show(r2)
r3 = np.array([(1,[1,2])], dtype=[('a','i4'),('p','f8',(2,))])
show(r3)
show(r3, fmt='%s')
show(np.array([[(1,2.)]], dtype='i4,f8'), fmt='%s')
show(np.array((1,2.), dtype='i4,f8'))
r4 = np.array([(True, b'ab', np.datetime64('2020-01-01'))], dtype=[('t','?'),('b','S2'),('d','M8[D]')])
show(r4, fmt='%s')
show(r4, fmt='%d %s %s')

# What savetxt writes loadtxt reads back.
np.savetxt(p, r, fmt='%d,%.3f')
print(repr(np.loadtxt(p, delimiter=',', dtype=r.dtype)))
with open(p, 'w') as fh:
    np.savetxt(fh, r2, fmt='%s', header='a s')
print(open(p).read(), end='')
print(repr(np.loadtxt(p, dtype=r2.dtype)))
