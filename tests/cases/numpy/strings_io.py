# String arrays through loadtxt(dtype=str), savetxt(fmt='%s') and .npy
# files, both ways with NumPy's formats.
import numpy as np

src = '_xpush_tmp_strings_io_in.txt'


def text(s):
    with open(src, 'w') as f:
        f.write(s)
    return src


print(repr(np.loadtxt(text('a, b\nc, dd\n'), dtype=str, delimiter=',')))
print(repr(np.loadtxt(text('a b\nc dd\n'), dtype=str)))
print(repr(np.loadtxt(text('a b\nc dd\n'), dtype='U1')))
print(repr(np.loadtxt(text('a b\n'), dtype=str)))
print(repr(np.loadtxt(text('a\nb\n'), dtype=str)))
print(repr(np.loadtxt(text('x,1\ny,2\n'), dtype=str, delimiter=',', usecols=0)))
print(repr(np.loadtxt(text('x 1 # names\ny 2\n'), dtype=str, unpack=True)))
print(repr(np.loadtxt(text('a b\n'), dtype=bytes)))
names = np.loadtxt(text('alice 3\nbob 5\n'), dtype=str, usecols=0)
scores = np.loadtxt(text('alice 3\nbob 5\n'), usecols=1)
print(names[scores > 4], repr(np.unique(names)))

path = '_xpush_tmp_strings_io.txt'
np.savetxt(path, np.array([['a', 'bb'], ['c', 'd']]), fmt='%s')
print(open(path).read(), end='')
np.savetxt(path, np.array(['a', 'bb']), fmt='%s', delimiter=',')
print(open(path).read(), end='')
np.savetxt(path, np.array([['x', 'y']]), fmt='%s', delimiter=';')
print(repr(np.loadtxt(path, dtype=str, delimiter=';')))

npy = '_xpush_tmp_strings_io.npy'
for a in [np.array(['a', 'bcd', 'é€']), np.array([[b'x', b'yz']]), np.array(['p', 'q'], dtype='U5')]:
    np.save(npy, a)
    b = np.load(npy)
    print(repr(b), b.dtype, open(npy, 'rb').read()[:70])
with open(npy, 'wb') as f:
    np.save(f, np.array(['one', 'two']))
    np.save(f, np.arange(2))
with open(npy, 'rb') as f:
    print(repr(np.load(f)), repr(np.load(f)))
