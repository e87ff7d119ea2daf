# namedtuple's errors, with CPython's messages.
from collections import namedtuple

Point = namedtuple("Point", "x y")


def attempt(f):
    try:
        print(repr(f()))
    except (TypeError, ValueError, AttributeError, IndexError) as e:
        print(type(e).__name__, e)


def set_field():
    p = Point(1, 2)
    p.x = 5


def set_other():
    p = Point(1, 2)
    p.z = 5


attempt(lambda: Point(1))
attempt(lambda: Point())
attempt(lambda: Point(1, 2, 3))
attempt(lambda: Point(1, z=2))
attempt(lambda: Point(1, x=2))
attempt(lambda: namedtuple("P", "x x"))
attempt(lambda: namedtuple("P", "x def"))
attempt(lambda: namedtuple("1P", "x"))
attempt(lambda: namedtuple("P", "x _y"))
attempt(lambda: namedtuple("P", "x y", defaults=[1, 2, 3]))
attempt(lambda: Point(1, 2)._replace(z=1))
attempt(lambda: Point._make([1]))
attempt(lambda: Point(1, 2)[2])
attempt(set_field)
attempt(set_other)
