"""A module of the user's own, imported by the import_user_* cases."""
import math

UNIT = 1.0
calls = 0
_registry = []


def area(r):
    global calls
    calls += 1
    return round(math.pi * r * r * UNIT, 6)


def register(name):
    _registry.append(name)
    return len(_registry)


def registered():
    return list(_registry)


class Shape:
    sides = 0

    def __init__(self, name):
        self.name = name

    def describe(self):
        return f"{self.name} with {self.sides} sides (module {__name__})"


class Square(Shape):
    sides = 4

    def scaled(self, k):
        return area(k) * 0 + k * k * UNIT


def numbers(n):
    for i in range(n):
        yield i * UNIT


def uses_main_name():
    return main_only  # noqa: F821  (not defined in this module)


if __name__ == "__main__":
    print("never printed on import")
print("importing _geometry as", __name__)
