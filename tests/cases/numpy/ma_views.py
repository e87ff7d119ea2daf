# xpush: skip-device=npu
# MaskedArray views and the ndarray attributes: view (sharing data and
# mask, another dtype, or the data as an ndarray), flat, mT, the memory
# attributes, and the mask's sharing (shrink_mask, unshare_mask,
# sharedmask, recordmask).
import numpy as np

m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])
v = m.view()
print(type(v).__name__, repr(v), v is m)
v[0] = 30; print(repr(m))
v[2] = np.ma.masked; print(repr(m))
d = m.view(np.ndarray); print(type(d).__name__, repr(d))
d[3] = 50; print(repr(m))
print(repr(m.view(type=np.ndarray)), type(m.view(np.ma.MaskedArray)).__name__)
print(repr(m.view(np.float64)), repr(m.view(np.uint64)))
print(repr(np.ma.array([3, 1]).view(np.int32)))
for f in [lambda: m.view(np.int32), lambda: m.view(np.ma.MaskedArray, np.ndarray)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(repr(m.view(fill_value=8).fill_value))
print(repr(m.fill_value))
print(repr(m.view(fill_value=8).fill_value), repr(m.view(np.int64, fill_value=5).fill_value), repr(m.view(np.uint64).fill_value))
print(repr(m.view().fill_value), repr(m.fill_value))
n = np.ma.array([1, 2], mask=[0, 1], hard_mask=True)
print(n.view().hardmask)

# flat
m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])
a = np.ma.array([[3, 1, 2], [0, 7, 4]], mask=[[0, 1, 0], [1, 0, 0]])
fl = m.flat
print(type(fl).__name__, repr(fl[1]), repr(fl[0]), list(fl), repr(fl[1:3]), repr(fl[[0, 1]]))
print(list(a.flat), repr(a.flat[4]), repr(a.flat[3]), repr(a.flat[:4]))
it = a.flat
print(repr(next(it)), repr(next(it)), repr(next(it)))
print([repr(x) for x in np.ma.array([1.5, 2.5]).flat])
g = m.copy(); g.flat[1] = 10; print(repr(g))
g.flat[0] = np.ma.masked; print(repr(g))
g.flat = [7, 8, 9, 6]; print(repr(g))
g.flat = 4; print(repr(g))
k = a.copy(); k.flat = np.ma.array([1, 2, 3, 4, 5, 6], mask=[1, 0, 0, 0, 0, 1]); print(repr(k))
try:
    g.flat = [7, 8]
except Exception as e:
    print(type(e).__name__, e)

# the ndarray attributes
print(m.nbytes, m.itemsize, m.strides, a.strides, a.T.strides, np.ma.array([1], dtype=np.int16).itemsize)
print(m.flags)
print(m.flags.owndata, m.flags.c_contiguous, a.T.flags.f_contiguous)
print(m.base is None, type(m.base).__name__, m.baseclass, a.T.base is None)
print(m.iscontiguous(), a.T.iscontiguous(), a[:, ::2].iscontiguous())
print(type(m.ids()), len(m.ids()), m.device)
print(repr(m.to_device("cpu")), repr(a.to_device("cpu").mask))

# mT
print(repr(a.mT), repr(np.ma.array([[1, 2], [3, 4]]).mT))
print(repr(np.ma.array(np.arange(8).reshape(2, 2, 2), mask=np.arange(8).reshape(2, 2, 2) % 3 == 0).mT))
try:
    m.mT
except Exception as e:
    print(type(e).__name__, e)

# the mask
s = np.ma.array([1, 2], mask=[0, 0]); print(repr(s.shrink_mask()), s.mask)
s = np.ma.array([1, 2], mask=[0, 1]); print(s.shrink_mask() is s, s.mask)
n = np.ma.array([3, 1])
print(m.sharedmask, n.sharedmask, np.ma.array([1, 2], mask=[0, 1], copy=True).sharedmask)
print((m + 1).sharedmask, m.copy().sharedmask, m[1:].sharedmask, n[1:].sharedmask, m.view().sharedmask)
print(np.ma.masked_array([1, 2], mask=[1, 0]).sharedmask, np.ma.masked_equal([1, 2], 1).sharedmask)
w = m[1:]
u = w.unshare_mask(); print(u is w, w.sharedmask)
w[0] = 9; print(repr(w), repr(m))
x = m[1:]; x[0] = 8; print(repr(m))
print(repr(m.recordmask), repr(np.ma.array([1, 2]).recordmask))
try:
    m.recordmask = [1, 0, 0, 0]
except Exception as e:
    print(type(e).__name__, e)

# which results share their mask (NumPy's _sharedmask, carried by _update_from)
m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])
n = np.ma.array([3, 1])
tests = {
 "neg": lambda: (-m).sharedmask, "sin": lambda: np.sin(m).sharedmask, "ma.sin": lambda: np.ma.sin(m).sharedmask,
 "cmp": lambda: (m > 1).sharedmask, "array(m)": lambda: np.ma.array(m).sharedmask, "array(m,copy)": lambda: np.ma.array(m, copy=True).sharedmask,
 "reshape": lambda: m.reshape(2, 2).sharedmask, "T": lambda: m.T.sharedmask, "ravel": lambda: m.ravel().sharedmask,
 "astype": lambda: m.astype(float).sharedmask, "view": lambda: m.view().sharedmask, "n+1": lambda: (n + 1).sharedmask,
 "masked_where": lambda: np.ma.masked_where([1, 0], [1, 2]).sharedmask, "sum0": lambda: np.ma.array([[1,2]], mask=[[0,1]]).sum(axis=0).sharedmask,
 "take": lambda: m.take([0, 1]).sharedmask, "fancy": lambda: m[[0, 1]].sharedmask, "bool": lambda: m[m.data > 1].sharedmask,
 "real": lambda: m.real.sharedmask, "filled": lambda: np.ma.array(m.filled()).sharedmask, "mT": lambda: np.ma.array([[1]], mask=[[1]]).mT.sharedmask,
 "clip": lambda: m.clip(1, 2).sharedmask, "sorted": lambda: np.ma.sort(m).sharedmask, "conc": lambda: np.ma.concatenate([m, m]).sharedmask,
}
for k, f in tests.items():
    try: print(k, f())
    except Exception as e: print(k, type(e).__name__, e)
