# property with a getter, a setter that validates, and a read-only property.
class Circle:
    def __init__(self, r):
        self.radius = r
    @property
    def radius(self):
        return self._r
    @radius.setter
    def radius(self, value):
        if value < 0:
            raise ValueError("radius must be non-negative")
        self._r = value
    @property
    def area(self):
        return 3 * self._r ** 2
c = Circle(2)
print(c.radius, c.area)
c.radius = 3
print(c.radius, c.area)
try:
    c.radius = -1
except ValueError as e:
    print("ValueError:", e)
try:
    c.area = 5
except AttributeError as e:
    print("AttributeError:", e)
print(type(Circle.area).__name__)
