# Dataclass options: frozen instances refuse assignment, fields with repr=False or compare=False.
from dataclasses import dataclass, field
@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0
p = Point(1, 2)
try:
    p.x = 5
except AttributeError as e:
    print(isinstance(e, AttributeError), e)
print(p, p == Point(1, 2), hash(p) == hash(Point(1, 2)), hash(p) == hash((1, 2)), hash(p) != hash(Point(2, 1)))
try:
    del p.y
except AttributeError as e:
    print(e)
@dataclass
class Record:
    name: str
    secret: str = field(default="hidden", repr=False)
    version: int = field(default=1, compare=False)
r = Record("a")
print(r, r == Record("a", version=9), r == Record("b"))
