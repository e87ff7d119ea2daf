# ndarray.flags and read-only arrays: the flags NumPy prints, their
# attribute and key forms, `a.flags.writeable = False` and setflags, and
# NumPy's error for each way of writing into a read-only array.
import numpy as np


def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)


def assign(x, i, v):
    x[i] = v


def setw(x, v):
    x.flags.writeable = v


def set_attr(f, name):
    setattr(f, name, False)


a = np.arange(6.0)
print(a.flags)
a.flags.writeable = False
t(lambda: assign(a, 0, 1))
t(lambda: assign(a, slice(None, 2), [1, 2]))
t(lambda: assign(a, a > 2, 0))
t(lambda: assign(a, [0, 1], 0))


def iadd():
    global a
    a += 1


def imul():
    global a
    a *= 2


t(iadd)
t(imul)
t(lambda: np.add(a, 1, out=a))
t(lambda: np.sqrt(a, out=a))
t(lambda: np.sum(np.ones((2, 6)), axis=0, out=a))
t(lambda: a.fill(0))
t(lambda: a.sort())
t(lambda: a.partition(1))
t(lambda: np.copyto(a, 1))
t(lambda: np.put(a, [0], 1))
t(lambda: np.place(a, a > 2, 0))
t(lambda: np.putmask(a, a > 2, 0))
t(lambda: np.random.shuffle(a))
t(lambda: np.random.default_rng(0).shuffle(a))
t(lambda: np.fill_diagonal(a.reshape(2, 3), 0))
print(a)

# Views follow their parent; a view of a read-only array stays read-only.
b = a[1:]
print(b.flags.writeable, b.flags.owndata, a.flags.owndata)
t(lambda: setw(b, True))
t(lambda: b.setflags(write=True))
a.setflags(write=True)
print(a.flags.writeable, b.flags.writeable)
t(lambda: assign(b, 0, 1))
a[0] = 9
print(a)
v = a[::2]
v[0] = -1
print(a, v.flags.writeable, v.flags.c_contiguous)

# broadcast_to gives a read-only view; frombuffer over bytes too.
c = np.broadcast_to(np.arange(3), (2, 3))
print(c.flags)
t(lambda: assign(c, 0, 1))
t(lambda: np.multiply(1, 2, out=np.broadcast_to(np.arange(3.0), (3,))))
fb = np.frombuffer(b"abcd", dtype=np.uint8)
print(fb.flags.writeable)
t(lambda: assign(fb, 0, 1))
print(np.frombuffer(bytearray(b"ab"), dtype=np.uint8).flags.writeable)

# Every name of every flag.
d = np.arange(6).reshape(2, 3).T
print(d.flags)
print(d.flags.num, d.flags.fnc, d.flags.forc, d.flags.behaved, d.flags.carray, d.flags.farray)
print(d.flags.contiguous, d.flags.fortran, d.flags.aligned, d.flags.writebackifcopy)
for k in ["C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE", "ALIGNED",
          "WRITEBACKIFCOPY", "FNC", "FORC", "BEHAVED", "CARRAY", "FARRAY",
          "C", "F", "O", "W", "A", "X", "CONTIGUOUS", "FORTRAN"]:
    print(k, d.flags[k], a.flags[k])
t(lambda: a.flags["Q"])
t(lambda: a.flags["writeable"])
t(lambda: a.flags.foo)
t(lambda: set_attr(a.flags, "c_contiguous"))
t(lambda: set_attr(a.flags, "num"))
t(lambda: set_attr(a.flags, "foo"))
t(lambda: a.setflags(uic=True))
a.flags["W"] = False
print(a.flags.writeable)
a.flags["WRITEABLE"] = True
print(a.flags.writeable, a.flags.num)

# Contiguity and ownership of common results.
print(np.arange(6)[::2].flags.c_contiguous, np.zeros((3, 1)).flags.f_contiguous)
print(np.zeros(()).flags)
print(np.zeros((0, 3)).flags.f_contiguous, np.asfortranarray(np.zeros((2, 3))).flags.f_contiguous)
r = np.arange(6)
print(r.reshape(2, 3).flags.owndata, r.reshape(2, 3).copy().flags.owndata)
print(r.copy().flags.owndata, np.copy(r).flags.owndata, r.copy(order="F").flags.owndata)
print((r + 1).flags.owndata, r.sum(keepdims=True).flags.owndata, r.T.flags.owndata)
print(np.ones((2, 3)).T.copy().flags.owndata, np.ones((2, 3)).ravel().flags.owndata)
print(np.asarray(r).flags.owndata, np.array(r).flags.owndata, r[[0, 1]].flags.owndata)
print(np.arange(6).reshape(2, 3).base, np.zeros(3).base)

# Copies of a read-only array are writeable; views and asarray are not.
r.flags.writeable = False
print(r.copy().flags.writeable, np.array(r).flags.writeable, np.sort(r).flags.writeable)
print(np.asarray(r).flags.writeable, r.reshape(2, 3).flags.writeable, r.T.flags.writeable)
print(r[[0, 1]].flags.writeable, (r * 2).flags.writeable)

# Text arrays have the flags too.
e = np.array(["a", "bc"])
print(e.flags.owndata, e[::-1].flags.c_contiguous, e[::-1].flags.owndata)
e.flags.writeable = False
t(lambda: assign(e, 0, "x"))
print(e)

# nditer: read-only operands give read-only elements; a readwrite operand
# must be writeable.
n = np.arange(3.0)
for x in np.nditer(n):
    t(lambda: assign(x, Ellipsis, 1))
    print(x.flags.writeable)
    break
n.flags.writeable = False
t(lambda: np.nditer(n, op_flags=["readwrite"]))
with np.nditer(np.arange(3.0), op_flags=["readwrite"]) as it:
    for x in it:
        x[...] = 2 * x
        print(x.flags.writeable, end=" ")
print()
