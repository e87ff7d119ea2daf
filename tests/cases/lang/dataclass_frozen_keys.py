# Frozen dataclasses as dict keys and set items; FrozenInstanceError; exception class __mro__/__bases__.
from dataclasses import dataclass, FrozenInstanceError
import dataclasses
@dataclass(frozen=True)
class Cell:
    row: int
    col: int
grid = {Cell(0, 0): "start", Cell(2, 3): "goal"}
print(grid[Cell(2, 3)], Cell(0, 0) in grid, Cell(1, 1) in grid, len({Cell(1, 2), Cell(1, 2), Cell(2, 1)}))
seen = set()
for r in range(3):
    for c in range(2):
        seen.add(Cell(r % 2, c))
print(sorted((x.row, x.col) for x in seen))
try:
    Cell(0, 0).row = 5
except FrozenInstanceError as e:
    print(type(e).__name__, e, isinstance(e, AttributeError), FrozenInstanceError.__mro__[1])
try:
    Cell(0, 0).row = 5
except dataclasses.FrozenInstanceError as e:
    print("via module:", e)
@dataclass
class Mutable:
    x: int
try:
    {Mutable(1): 1}
except TypeError as e:
    print("TypeError:", e)
@dataclass(frozen=True)
class Other:
    row: int
    col: int
print(Other(0, 0) in grid, {Cell(0,0): 1} == {Cell(0,0): 1})
print(ZeroDivisionError.__bases__, BaseException.__bases__, KeyError.__mro__)
print(FrozenInstanceError.__module__, FrozenInstanceError.__name__)
