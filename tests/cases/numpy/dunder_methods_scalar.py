# xpush: skip-device=npu
# The special methods of NumPy's scalars (np.float64, np.int64, np.bool_,
# np.complex128, np.str_, np.bytes_, np.datetime64, np.timedelta64) are
# bound attributes doing what the operator or builtin does, a scalar has
# only the ones its NumPy type has, and np.float64.__add__ takes the
# receiver first.
import numpy as np


def show(f):
    try:
        r = f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
        return
    print(repr(r))


x = np.float64(1.5)
i = np.int64(7)
show(lambda: x.__add__(1))
show(lambda: x.__radd__(2))
show(lambda: x.__rsub__(10))
show(lambda: x.__mul__(np.float32(2)))
show(lambda: np.float32(1.5).__add__(1.0))
show(lambda: np.float32(1.5).__add__(np.float64(1.0)))
show(lambda: i.__truediv__(2))
show(lambda: i.__floordiv__(2))
show(lambda: i.__rfloordiv__(50))
show(lambda: i.__mod__(3))
show(lambda: i.__pow__(2))
show(lambda: i.__pow__(2, 5))
show(lambda: i.__divmod__(2))
show(lambda: i.__rdivmod__(20))
show(lambda: i.__and__(3))
show(lambda: i.__rlshift__(1))
show(lambda: np.uint8(200).__add__(np.int16(10)))
show(lambda: np.int8(3).__mul__(np.uint8(2)))
show(lambda: x.__add__(1j))
show(lambda: np.complex128(1 + 2j).__mul__(2))
show(lambda: np.bool_(True).__add__(True))
show(lambda: np.bool_(True).__and__(False))
show(lambda: np.bool_(True).__sub__(True))
show(lambda: x.__add__(np.arange(3)))
show(lambda: x.__radd__(np.arange(3)))
show(lambda: x.__eq__(1.5))
show(lambda: x.__ne__(1.5))
show(lambda: x.__lt__(2))
show(lambda: i.__ge__(7.5))
show(lambda: x.__neg__())
show(lambda: x.__pos__())
show(lambda: np.int64(-3).__abs__())
show(lambda: i.__invert__())
show(lambda: np.bool_(True).__invert__())
show(lambda: x.__invert__())
show(lambda: np.complex128(3 + 4j).__abs__())
show(lambda: np.bool_(True).__neg__())

# NotImplemented: a scalar leaves a sequence's repeat to Python.
show(lambda: i.__mul__("ab"))
show(lambda: i.__rmul__([1]))
show(lambda: x.__mul__([1]))
print(i * "ab", [0] * np.int64(2))

# Conversions.
show(lambda: x.__float__())
show(lambda: x.__int__())
show(lambda: x.__bool__())
show(lambda: np.float64(0.0).__bool__())
show(lambda: i.__index__())
show(lambda: np.uint8(5).__index__())
show(lambda: np.complex128(1 + 2j).__complex__())
show(lambda: x.__round__())
show(lambda: np.float64(2.345).__round__(2))
show(lambda: i.__round__(-1))

# Printing, formatting, hashing.
show(lambda: x.__repr__())
show(lambda: x.__str__())
show(lambda: np.float32(0.1).__str__())
show(lambda: np.float32(0.1).__repr__())
show(lambda: x.__format__(".3f"))
show(lambda: x.__format__(">8"))
show(lambda: i.__format__("05d"))
show(lambda: np.bool_(False).__repr__())
show(lambda: np.complex128(1 + 2j).__repr__())
show(lambda: x.__hash__() == hash(1.5))
show(lambda: i.__hash__())
show(lambda: np.bool_(True).__hash__())
show(lambda: x.__getitem__(()))
show(lambda: x.__getitem__(0))
show(lambda: x.__array__())
show(lambda: i.__array__(np.float32))
show(lambda: x.__copy__())
show(lambda: x.__deepcopy__({}))
print(x.__class__, i.__class__, x.__array_priority__)

# Text and time scalars.
s = np.str_("ab")
show(lambda: s.__len__())
show(lambda: s.__getitem__(1))
show(lambda: s.__contains__("b"))
show(lambda: list(s.__iter__()))
show(lambda: s.__add__("c"))
show(lambda: s.__add__(1))
show(lambda: s.__mul__(2))
show(lambda: s.__eq__("ab"))
show(lambda: s.__eq__(1))
show(lambda: s.__radd__("z"))
show(lambda: s.__repr__())
show(lambda: s.__str__())
show(lambda: s.__hash__() == hash("ab"))
show(lambda: np.bytes_(b"ab").__add__(b"c"))
show(lambda: np.bytes_(b"ab").__repr__())
show(lambda: np.bytes_(b"ab").__len__())
d = np.datetime64("2020-01-01")
show(lambda: d.__add__(1))
show(lambda: d.__sub__(np.datetime64("2019-01-01")))
show(lambda: d.__lt__(np.datetime64("2021-01-01")))
show(lambda: d.__repr__())
show(lambda: d.__str__())
show(lambda: np.timedelta64(3, "D").__neg__())
show(lambda: np.timedelta64(3, "D").__truediv__(np.timedelta64(2, "D")))

# What a scalar does not have.
for name in ["__len__", "__iter__", "__contains__", "__setitem__", "__iadd__",
             "__matmul__", "__index__", "__complex__"]:
    print(name, hasattr(x, name), hasattr(i, name), hasattr(np.bool_(1), name),
          hasattr(np.complex128(1), name), hasattr(s, name), hasattr(d, name))
show(lambda: x.__len__())
show(lambda: np.bool_(True).__index__())
show(lambda: np.bool_(True).__round__())

# Unbound, through the type.
show(lambda: np.float64.__add__(x, 1))
show(lambda: np.int64.__mul__(i, 3))
show(lambda: np.float64.__add__(1.0, 1))
show(lambda: np.float64.__repr__(x))
show(lambda: np.float64.__len__)
print(type(x.__add__).__name__, type(np.float64.__add__).__name__)
print(repr(np.float64.__add__), repr(np.int64.__neg__))

# Argument errors.
show(lambda: x.__add__())
show(lambda: x.__neg__(1))
show(lambda: x.__add__(other=1))
