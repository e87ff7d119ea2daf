# namedtuple: a tuple whose items are also attributes.
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], p[:1], len(p))
print(tuple(p), list(p), f"{p}", str(p), "%s" % (p,))
x, y = p
print(x, y)
print(p == (1, 2), p == Point(1, 2), p != Point(2, 1), p < Point(1, 3), (1, 2) == p)
print(p._asdict(), p._replace(x=10), Point._make([5, 6]), Point._fields)
print(isinstance(p, tuple), isinstance(p, Point), type(p).__name__, issubclass(Point, tuple))
print(hash(p) == hash((1, 2)), {p: "origin"}[Point(1, 2)])
print(p + (3,), 2 in p, 5 in p, sorted([Point(2, 1), Point(1, 5), Point(1, 2)]))
P3 = namedtuple("P3", "a, b c", defaults=[0, 9])
print(P3(1), P3(1, 2, 3), P3(a=4, c=1), P3._field_defaults)
R = namedtuple("R", "x def x _y", rename=True)
print(R._fields)
Row = namedtuple("Row", "name score")
rows = [Row("ann", 3), Row("bob", 5), Row("cy", 4)]
best = max(rows, key=lambda r: r.score)
print(best.name, sum(r.score for r in rows), [r.name for r in sorted(rows, key=lambda r: -r.score)])
print(Point.__name__, Point.x.__class__.__name__ if False else "", Point.__mro__)
print({(1, 2): "tuple key"}[Point(1, 2)], len({Point(1, 2), (1, 2), Point(2, 1)}))
