# np.memmap: reading a file tofile wrote (modes r, r+, c, w+, dtype, shape,
# offset, order), writing through it and flush() then reading it back, views
# and copies, and NumPy's errors. The files are written and removed here,
# under names of their own for each run (the runner runs the device modes at
# once in this folder).
import os
import random
import numpy as np
tag = '_mm%d_' % random.randrange(10 ** 12)
a = np.arange(12, dtype=np.float32).reshape(3, 4)
a.tofile(tag + 'a.bin')
m = np.memmap(tag + 'a.bin', dtype=np.float32, mode='r', shape=(3, 4))
print(repr(m))
print(m)
print(type(m), isinstance(m, np.ndarray), isinstance(m, np.memmap), m.shape, m.dtype, m.mode, m.offset, m.ndim, m.size, len(m))
print(os.path.basename(m.filename) == tag + 'a.bin', os.path.isabs(m.filename), m.flags.writeable)
info = []
class Sink:
    def write(self, text):
        info.append(text)
np.info(m, output=Sink())
print([line for line in "".join(info).splitlines() if not line.startswith("data pointer")])
print(repr(m[0]), repr(m[0, 1]), repr(m.sum()), repr(m + 1), repr(m.mean(axis=0)), type(m + 1), type(m[1:]), type(m.sum(axis=0)))
print(repr(m.T), type(m.T), repr(m[[0, 2]]), type(m[[0, 2]]), repr(np.asarray(m)), type(np.asarray(m)))
print(repr(np.add(m, 1)[0]), type(np.add(m, 1)), repr(m.reshape(2, 6)), repr(m.astype(int)), repr(m.copy()[0]))
print([float(x.sum()) for x in m], repr(m > 5), repr(m * 2), repr(np.dot(m, np.ones(4, dtype=np.float32))))
try:
    m[0, 0] = 5
except ValueError as e:
    print(type(e).__name__, e)
w = np.memmap(tag + 'b.bin', dtype='int16', mode='w+', shape=(2, 3))
print(repr(w))
w[0] = [1, 2, 3]
w.flush()
print(np.fromfile(tag + 'b.bin', dtype='int16'), os.path.getsize(tag + 'b.bin'))
rp = np.memmap(tag + 'b.bin', dtype='int16', mode='r+')
print(repr(rp))
rp[4] = 7
rp += 1
rp.flush()
print(np.fromfile(tag + 'b.bin', dtype='int16'))
v = rp[2:4]
v[:] = 40
v.flush()
print(type(v), np.fromfile(tag + 'b.bin', dtype='int16'))
c = np.memmap(tag + 'b.bin', dtype='int16', mode='c', shape=(2, 3))
c[0, 0] = 99
c.flush()
print(repr(c), np.fromfile(tag + 'b.bin', dtype='int16'))
o = np.memmap(tag + 'a.bin', dtype=np.float32, mode='r', offset=16, shape=(2,))
print(repr(o), o.offset)
f = np.memmap(tag + 'a.bin', dtype=np.float32, mode='r', shape=(4, 3), order='F')
print(repr(f))
print(repr(np.memmap(tag + 'a.bin', dtype=np.float32)))
print(repr(np.memmap(tag + 'a.bin', dtype=np.float32, mode='readonly', shape=(2,))))
u = np.memmap(tag + 'a.bin', mode='r', shape=(8,))
print(repr(u))
big = np.memmap(tag + 'b.bin', dtype='int16', mode='r+', shape=(10,))
print(repr(big), os.path.getsize(tag + 'b.bin'))
wf = np.memmap(tag + 'c.bin', dtype=np.float64, mode='w+', shape=(2, 2), order='F')
wf[0, 1] = 5.0
wf.flush()
print(np.fromfile(tag + 'c.bin'))
for bad in [lambda: np.memmap(tag + 'nonexist.bin', mode='r'),
            lambda: np.memmap(tag + 'a.bin', mode='x'),
            lambda: np.memmap(tag + 'new.bin', mode='w+'),
            lambda: np.memmap(tag + 'a.bin', dtype=np.float32, mode='r', shape=(100,)),
            lambda: np.memmap(tag + 'a.bin', dtype=np.float64, mode='r', offset=4)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, str(e).replace(tag, ''))
del m, w, rp, v, c, o, f, u, big, wf
for name in [tag + 'a.bin', tag + 'b.bin', tag + 'c.bin']:
    os.remove(name)
