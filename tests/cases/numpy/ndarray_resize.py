# ndarray.resize in place: elements in memory order, cut or padded with
# zeros; NumPy's errors for a view, a strided array, another reference and
# a negative dimension; a user class's own resize method is its own.
import numpy as np


def t(f):
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ":", e)


a = np.arange(4)
a.resize((2, 3))
print(repr(a))
a.resize(2, 2)
print(repr(a))
a.resize(3)
print(repr(a), a.flags.owndata)
f = np.asfortranarray(np.arange(6.0).reshape(2, 3))
f.resize(4)
print(repr(f))
s = np.array([[True, False]])
s.resize(1, 4, refcheck=True)
print(repr(s))
z = np.zeros(0, dtype=np.float32)
z.resize(2)
print(repr(z))
e = np.arange(3)
e.resize(0)
print(repr(e))

b = np.arange(4)
c = b
try:
    b.resize(2)
except ValueError as err:
    print("ValueError:", err)
print(repr(b), c is b)
v = np.arange(6)[:3]
try:
    v.resize(2)
except ValueError as err:
    print("ValueError:", err)
w = np.arange(6)[::2]
try:
    w.resize(2)
except ValueError as err:
    print("ValueError:", err)
n = np.arange(3)
try:
    n.resize(-1)
except ValueError as err:
    print("ValueError:", err)
try:
    n.resize(2, bogus=1)
except TypeError as err:
    print("TypeError:", err)


def grow(x):
    x.resize(5)
    return x


print(repr(grow(np.ones(2))))


class Box:
    def __init__(self):
        self.size = 1

    def resize(self, n):
        self.size = n


box = Box()
box.resize(7)
print(box.size)
