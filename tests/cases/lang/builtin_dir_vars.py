# dir() and vars(): an instance's and a class's names and namespace, a
# module's names, the names of a scope, and CPython's errors.
import math


class Base:
    kind = 'b'

    def g(self):
        return 0


class Point(Base):
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm(self):
        return math.hypot(self.x, self.y)


p = Point(3, 4)
print(vars(p))
print(dir(p))
print(dir(Point) == sorted(set(dir(p)) - {'x', 'y'}))
print([n for n in dir(p) if not n.startswith('__')])
print(sorted(vars(Point)))
print(vars(Point)['__doc__'], vars(Point)['__module__'])

count = 5
print('count' in dir(), 'Point' in dir(), dir() == sorted(dir()))


def scope(a, b=2):
    c = a + b
    print(dir())
    print(vars())


scope(1)
print([n for n in dir('a') if not n.startswith('_')][:10])
print([n for n in dir([]) if not n.startswith('_')])
print([n for n in dir({}) if not n.startswith('_')])
print('sqrt' in dir(math), 'nope' in dir(math))
print(vars(math)['pi'])
for bad in [lambda: vars(1), lambda: vars([]), lambda: dir(1, 2), lambda: vars(1, 2)]:
    try:
        bad()
    except TypeError as e:
        print(e)
