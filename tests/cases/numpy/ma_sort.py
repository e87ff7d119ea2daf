# xpush: skip-device=npu
# MaskedArray.sort/argsort (masked elements sorted as the fill value: last,
# first with endwith=False, or where fill_value puts them), partition and
# argpartition (which ignore the mask, with a warning), searchsorted, and
# np.ma.sort/np.ma.argsort and np.sort/np.argsort on masked arrays.
import warnings
import numpy as np

m = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0])
print(repr(m.argsort()), m.argsort().dtype)
print(repr(m.argsort(endwith=False)), repr(m.argsort(fill_value=2)))
s = m.copy()
print(s.sort())
print(repr(s))
s = m.copy(); s.sort(endwith=False); print(repr(s))
s = m.copy(); s.sort(fill_value=2, kind='stable'); print(repr(s))
print(repr(m))

# floats: masked values fill with NaN, after inf
f = np.ma.array([np.inf, 1.0, np.nan, -np.inf, 2.0], mask=[0, 1, 0, 0, 0])
print(repr(f.argsort()), repr(f.argsort(endwith=False)))
g = f.copy(); g.sort(); print(repr(g))
g = f.copy(); g.sort(endwith=False); print(repr(g))
h = np.ma.array([2.5, -1.0, 7.0], mask=[1, 0, 0], dtype=np.float32)
h.sort(); print(repr(h))
u = np.ma.array([3, 200, 7], mask=[0, 0, 1], dtype=np.uint8)
print(repr(u.argsort()), repr(u.argsort(endwith=False)))
b = np.ma.array([True, False, True], mask=[0, 0, 1])
print(repr(b.argsort()))

# 2-d: axis=-1, 0, None; the default axis of argsort warns there
a = np.ma.array([[3, 1, 2], [0, 7, 4]], mask=[[0, 1, 0], [1, 0, 0]])
a1 = np.ma.array([[3, 1, 2], [0, 7, 4]], mask=[[0, 1, 0], [0, 0, 0]])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(repr(a1.argsort()), repr(np.ma.argsort(a1)))
    print([(x.category.__name__, str(x.message)) for x in w])
print(issubclass(np.ma.core.MaskedArrayFutureWarning, FutureWarning))
print(repr(a.argsort(axis=1)), repr(a.argsort(axis=0)), repr(a.argsort(axis=-1)))
c = a.copy(); c.sort(axis=0); print(repr(c))
c = a.copy(); c.sort(); print(repr(c))
c = a.copy(); c.sort(axis=1, endwith=False); print(repr(c))
print(repr(np.ma.sort(a)), repr(np.ma.sort(a, axis=0)))
print(repr(np.ma.sort(a, axis=None)))
print(repr(np.ma.argsort(a, axis=1)), repr(np.ma.argsort(m)))
print(repr(np.ma.sort([3, 1, 2])), repr(np.ma.argsort([3, 1, 2])))
n = np.ma.array([3, 1, 2]); n.sort(); print(repr(n))
n = np.ma.array([[3, 1], [0, 2]]); n.sort(axis=0); print(repr(n))
hm = np.ma.array([3, 1, 2, 5], mask=[0, 1, 0, 0], hard_mask=True)
hm.sort(); print(repr(hm))
print(np.ma.masked.sort())

# NumPy's functions call the methods
print(repr(np.sort(m)), repr(np.argsort(a)))
print(repr(np.sort(a, axis=None)), repr(np.sort(a, axis=0)))

# errors
for f in [lambda: m.argsort(stable=True), lambda: m.sort(stable=True),
          lambda: m.argsort(kind='foo'), lambda: m.argsort(axis=2),
          lambda: a.copy().sort(axis=None), lambda: np.ma.array([3, 1]).sort(axis=None),
          lambda: np.ma.array([3, 1]).data.sort(axis=None),
          lambda: m.argsort(fill_value='x'), lambda: m.copy().sort(fill_value='x')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

# partition and argpartition ignore the mask (and say so)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    p = m.copy(); print(p.partition(1)); print(repr(p))
    r = m.argpartition(1); print(type(r).__name__, repr(r))
    print(repr(a.argpartition(1, axis=0)), repr(a.argpartition([0, 1, 2, 3, 4, 5], axis=None)))
    print(repr(np.argpartition(m, 1)), repr(np.partition(m, 1)), repr(np.partition(a, [0, 1, 2, 3, 4, 5], axis=None)))
    try:
        a.copy().partition(1, axis=None)
    except Exception as e:
        print(type(e).__name__, e)
    print([(x.category.__name__, str(x.message)) for x in w])

# searchsorted works on the data
s = np.ma.array([1, 2, 3, 4], mask=[0, 1, 0, 0])
print(repr(s.searchsorted(2)), repr(s.searchsorted([2, 4])), repr(s.searchsorted(3, side='right')))
print(repr(s.searchsorted(np.ma.array([2, 3], mask=[1, 0]))))
print(repr(s.searchsorted([4, 1], sorter=[0, 1, 2, 3])), repr(np.searchsorted(s, 3)))

# complex, float16, int8 and 3-d
c = np.ma.array([3+1j, 1j, 2, -1], mask=[0, 1, 0, 0])
print(repr(c.argsort()), repr(c.argsort(endwith=False)))
x = c.copy(); x.sort(); print(repr(x))
h = np.ma.array([2, 1, 3], mask=[1, 0, 0], dtype=np.float16); print(repr(h.argsort()), repr(h.argsort(endwith=False)))
i = np.ma.array([-128, 5, 127], mask=[0, 1, 0], dtype=np.int8); print(repr(i.argsort(kind='stable')), repr(i.argsort(endwith=False, kind='stable')))
b3 = np.ma.array(np.arange(24).reshape(2, 3, 4) % 7, mask=(np.arange(24).reshape(2, 3, 4) % 5 == 0))
print(repr(b3.argsort(axis=1, kind='stable')))
y = b3.copy(); y.sort(axis=0, kind='stable'); print(repr(y))
print(repr(np.ma.sort(b3, axis=2, endwith=False, kind='stable')))
print(repr(np.ma.array([1.0, np.nan, 2.0], mask=[0, 0, 1]).argsort(kind='stable')))
