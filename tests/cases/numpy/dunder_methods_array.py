# xpush: skip-device=npu
# The special methods of numpy.ndarray are bound attributes that do what
# the operator or builtin does: values and dtypes, the reflected forms
# with their operands swapped, the in-place forms changing the array and
# returning it, NotImplemented where NumPy gives the operation up, and
# the same errors.
import numpy as np


def show(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
        return
    print(repr(r), r.dtype if hasattr(r, "dtype") else type(r).__name__)


a = np.arange(3.0)
b = np.array([1, 2, 3])
show(lambda: a.__mul__(2))
show(lambda: a.__add__(b))
show(lambda: b.__radd__(1.5))
show(lambda: b.__rsub__(10))
show(lambda: b.__rtruediv__(1))
show(lambda: b.__floordiv__(2))
show(lambda: b.__rfloordiv__(7))
show(lambda: b.__mod__(2))
show(lambda: b.__rmod__(7))
show(lambda: b.__pow__(2))
show(lambda: b.__rpow__(2))
show(lambda: b.__pow__(2, 5))
show(lambda: b.__pow__(2, None))
show(lambda: b.__matmul__(b))
show(lambda: b.__rmatmul__(np.ones((2, 3), dtype=np.int8)))
show(lambda: b.__and__(6))
show(lambda: b.__ror__(4))
show(lambda: b.__xor__(1))
show(lambda: b.__lshift__(2))
show(lambda: b.__rrshift__(64))
show(lambda: b.__divmod__(2))
show(lambda: b.__rdivmod__(7))
show(lambda: b.__eq__(2))
show(lambda: b.__ne__(2))
show(lambda: b.__lt__(2))
show(lambda: b.__le__(2))
show(lambda: b.__gt__(2))
show(lambda: b.__ge__(a))
show(lambda: b.__eq__(None))
show(lambda: b.__neg__())
show(lambda: b.__pos__())
show(lambda: np.array([-1.5, 2.0]).__abs__())
show(lambda: b.__invert__())
show(lambda: np.array([True, False]).__invert__())
show(lambda: a.__invert__())
show(lambda: np.array([1, 2]).__matmul__(np.ones(3)))

# In place: the same array, changed.
c = np.arange(4)
r = c.__iadd__(10)
print(r is c, c)
c.__imul__(2)
c.__isub__(1)
c.__ifloordiv__(3)
c.__imod__(5)
c.__ipow__(2)
c.__ilshift__(1)
c.__iand__(0xFF)
c.__ior__(1)
c.__ixor__(3)
c.__irshift__(1)
print(c, c.dtype)
f = np.ones(3)
f.__itruediv__(4)
print(f)
m = np.eye(2)
print(m.__imatmul__(np.array([[1.0, 2.0], [3.0, 4.0]])) is m, m)
show(lambda: np.arange(3).__iadd__(0.5))
show(lambda: np.arange(3).__itruediv__(2))

# Unary conversions and the container methods.
print(np.array(2.5).__float__(), np.array(7).__int__())
print(np.array(3).__index__(), np.array(2).__complex__(), np.array([1]).__bool__())
show(lambda: np.array([1, 2]).__bool__())
show(lambda: np.arange(3.0).__float__())
show(lambda: np.array(2.5).__index__())
show(lambda: b.__index__())
print(b.__len__(), b.__contains__(2), b.__contains__(5), list(b.__iter__()))
show(lambda: b.__getitem__(1))
show(lambda: b.__getitem__(slice(None, None, -1)))
show(lambda: b.__getitem__((None, 0)))
show(lambda: b.__getitem__(5))
print(b.__setitem__(0, 9), b)
b.__setitem__(slice(1, None), [7, 8])
print(b)
show(lambda: b.__setitem__(9, 1))
show(lambda: b.__delitem__(0))
show(lambda: np.array(1).__len__())

# Printing, formatting, hashing, copying.
print(b.__repr__(), b.__str__(), repr(b.__format__("")))
print(np.array(2.5).__format__(".3f"), np.array(3).__format__("05d"))
show(lambda: b.__format__("d"))
print(b.__hash__)
show(lambda: hash(b))
d = b.__copy__()
e = b.__deepcopy__({})
d[0] = 0
e[0] = 1
print(b, d, e)
print(b.__array__() is b, b.__array__(np.float32), b.__array__(copy=True) is b)
print(b.__class__, b.__array_priority__, type(b.__doc__).__name__)

# Bound and unbound.
print(type(b.__add__).__name__, type(np.ndarray.__add__).__name__)
print(np.ndarray.__add__(b, 1), np.ndarray.__len__(b), np.ndarray.__hash__)
show(lambda: np.ndarray.__add__(1, 1))
show(lambda: np.ndarray.__round__)
show(lambda: b.__round__)

# Argument errors of the slot wrappers.
show(lambda: b.__add__())
show(lambda: b.__add__(1, 2))
show(lambda: b.__neg__(1))
show(lambda: b.__add__(other=1))
show(lambda: b.__getitem__())


# NotImplemented where NumPy gives the operation up to the other operand.
class NoUfunc:
    __array_ufunc__ = None

    def __radd__(self, other):
        return "NoUfunc.__radd__"


class Priority:
    __array_priority__ = 100

    def __rmul__(self, other):
        return "Priority.__rmul__"


print(b.__add__(NoUfunc()), b + NoUfunc())
print(b.__mul__(Priority()), b * Priority())
print(b.__eq__(NoUfunc()))
# In place, NumPy runs the ufunc into the array, which such an object refuses.
show(lambda: b.__iadd__(NoUfunc()))
try:
    b += NoUfunc()
except TypeError as e:
    print("TypeError:", e)
print(b)
