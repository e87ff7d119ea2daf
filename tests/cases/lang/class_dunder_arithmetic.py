# Arithmetic special methods, reflected ones, and NotImplemented.
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __repr__(self):
        return f"Money({self.cents})"
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    def __radd__(self, other):
        return self.__add__(other)
    def __sub__(self, other):
        return Money(self.cents - other.cents)
    def __mul__(self, k):
        return Money(self.cents * k)
    def __rmul__(self, k):
        return Money(self.cents * k)
    def __truediv__(self, k):
        return Money(self.cents // k)
    def __neg__(self):
        return Money(-self.cents)
    def __abs__(self):
        return Money(abs(self.cents))
m = Money(150)
print(m + Money(50), m + 5, 5 + m, m - Money(20), m * 2, 3 * m, m / 4, -m, abs(-m))
print(sum([Money(1), Money(2), Money(3)]), sum([Money(1)], Money(10)))
try:
    m + "x"
except TypeError as e:
    print(e)
