# xpush: expect-class=TypeError
class Meters:
    def __init__(self, v):
        self.v = v
    def __add__(self, other):
        if isinstance(other, Meters):
            return Meters(self.v + other.v)
        return NotImplemented
total = Meters(1) + Meters(2)
total = total + 5
