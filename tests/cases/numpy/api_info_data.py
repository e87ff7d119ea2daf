# np.info of arrays (every line but the data pointer, which is an address),
# ndarray.data (a memoryview of the buffer), np.ma.ids, and the numpy.ma.core
# and numpy.ma.extras submodules.
import numpy as np
import numpy.ma.core
import numpy.ma.extras
from numpy.ma.extras import median


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


def info_lines(a):
    buf = Sink()
    np.info(a, output=buf)
    lines = "".join(buf.parts).splitlines()
    for line in lines:
        if line.startswith("data pointer: "):
            print("data pointer:", line.split(": ")[1].startswith("0x"))
        else:
            print(line)


a = np.arange(6.0).reshape(2, 3)
for x in [a, a.T, np.arange(3)[::2], np.zeros((2, 2), dtype=np.float32, order="F"), np.array(5, dtype=np.int8), np.ones((2, 3), dtype=np.uint16)[:, 1:], np.array([True, False])]:
    info_lines(x)
info_lines(np.matrix([[1.5, 2.0], [3.0, 4.0]]))
info_lines(np.ma.array([1, 2, 3], mask=[0, 1, 0]))
b = np.arange(6).reshape(2, 3)
d = b.data
print(type(d).__name__, d.nbytes, d.format, d.itemsize, d.shape, d.strides, d.readonly, d.ndim, d.tolist(), len(d))
print(bytes(d)[:16], d.tobytes()[:8], d.c_contiguous, d.f_contiguous, d.contiguous, d.obj is b)
print(repr(d)[:12])
for dt in [np.float64, np.float32, np.bool_, np.uint8, np.complex128, np.complex64, np.int32, np.float16, np.uint64, np.int16, np.int8, np.uint16, np.uint32, np.int64]:
    v = np.zeros(3, dtype=dt).data
    print(np.dtype(dt).name, v.format, v.itemsize, v.nbytes)
t = b.T.data
print(t.strides, t.c_contiguous, t.f_contiguous, t.shape)
s = np.arange(6)[::2].data
print(s.strides, s.contiguous, s.tolist(), s[1], s[-1])
r = np.arange(3)
r.flags.writeable = False
print(r.data.readonly, np.array(2.5).data.shape, np.array(2.5).data.tolist(), np.array(2.5).data.ndim)
print(bytes(np.array([1, 2], dtype=np.uint16).data), np.array([1, 255], dtype=np.uint8).data.hex())
try:
    d[0]
except NotImplementedError as e:
    print(type(e).__name__, e)
m = np.ma.array([1, 2, 3], mask=[0, 1, 0])
ids = np.ma.ids(m)
print(type(ids).__name__, len(ids), all(isinstance(i, int) for i in ids), ids[0] != ids[1])
n = np.ma.array([1.0, 2.0])
print(np.ma.ids(n)[1] == np.ma.ids(np.ma.array([5]))[1], np.ma.ids(n)[0] != np.ma.ids(m)[0])
print(np.ma.core.MaskedArray is np.ma.MaskedArray, np.ma.core.masked_where is np.ma.masked_where, np.ma.extras.median is np.ma.median)
print(hasattr(np.ma.core, "median"), hasattr(np.ma.extras, "masked_where"), hasattr(np.ma.core, "dot"), hasattr(np.ma.extras, "dot"))
print(np.ma.core.sum(np.ma.array([1, 2, 3], mask=[0, 1, 0])), median(np.ma.array([1, 2, 9], mask=[0, 0, 1])))
print(numpy.ma.extras.notmasked_edges(np.ma.array([1, 2, 3], mask=[1, 0, 0])), numpy.ma.core.getmask(m))
print(isinstance(b.data, memoryview), type(b.data), memoryview(b'ab').tolist(), memoryview(b'ab').readonly, memoryview(b'ab').format, bytes(memoryview(b'xy')))
print(memoryview(b).shape, memoryview in np.ScalarType, np.ScalarType[:7])
