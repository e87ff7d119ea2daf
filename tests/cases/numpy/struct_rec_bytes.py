# np.rec.fromstring and np.rec.fromfile, record arrays through .npy, and
# records whose fields broadcast a value (np.ones with a subarray field).
import numpy as np

print(repr(np.array((1, True), dtype='i4,?')), np.array((1, True), dtype='i4,?'))
print(repr(np.zeros(2, dtype='i4,?')[0]), repr(np.ones(1, dtype=[('b', '?', (2,))])[0]))
print(repr(np.full(2, 3, dtype=[('m', 'i2', (2, 2)), ('s', 'U2', (2,))])))
r = np.rec.array([(1, 2.0)], names='a,b')
path = '_xpush_tmp_struct_rec_bytes.npy'
np.save(path, r)
print(open(path, 'rb').read()[:80])
print(repr(np.load(path)))
d = np.dtype({'names': ['a', 'b'], 'formats': ['i4', 'f8']})
z = np.zeros(2, d)
z['a'] = [1, 2]
print(z)
buf = b'\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00@' * 2
print(repr(np.rec.fromstring(buf, dtype='i4,f8')))
print(repr(np.rec.fromstring(buf, formats='i4,f8', names='x,y', shape=1)))
print(repr(np.rec.fromstring(buf, dtype='i4,f8', offset=12)), np.rec.fromstring(buf, dtype='i4,f8').f1)
raw = '_xpush_tmp_struct_rec_bytes.bin'
with open(raw, 'wb') as f:
    f.write(np.array([(7, 0.5), (8, 1.5)], dtype='i4,f8').tobytes())
print(repr(np.rec.fromfile(raw, dtype='i4,f8')), np.rec.fromfile(raw, formats='i4,f8', names='k,v').v)
for g in [lambda: np.rec.fromstring(buf), lambda: np.rec.fromstring(buf, dtype='i4,f8', shape=3)]:
    try:
        print(repr(g()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
