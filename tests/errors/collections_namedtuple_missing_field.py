from collections import namedtuple

Point = namedtuple("Point", "x y")
p = Point(1)
