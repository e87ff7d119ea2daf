# Annotations in a class body and in signatures are recorded, never evaluated.
class Point:
    x: int
    y: "float" = 0.0
    label: list[str] = None
def area(w: float, h: float = 1.0) -> float:
    return w * h
print(list(Point.__annotations__), Point.y, area(2, h=3))
print(hasattr(Point, "x"))
count: int = 5
flag: bool
print(count)
