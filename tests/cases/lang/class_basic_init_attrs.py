# A class with __init__, instance and class attributes.
class Counter:
    step = 1
    def __init__(self, start=0):
        self.value = start
    def bump(self):
        self.value += self.step
        return self.value
c = Counter()
print(c.bump(), c.bump(), c.value, Counter.step, c.step)
d = Counter(10)
d.step = 5
print(d.bump(), d.step, Counter.step, c.bump())
Counter.step = 100
print(c.bump(), d.bump())
print(type(c).__name__, type(c) is Counter, isinstance(d, Counter))
