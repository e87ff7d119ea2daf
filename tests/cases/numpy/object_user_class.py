# Object arrays of user objects: operators, reductions, sorting and
# printing run the class's own methods.
import numpy as np

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        other = other.cents if isinstance(other, Money) else other
        return Money(self.cents + other)
    def __radd__(self, other):
        return self + other
    def __mul__(self, k):
        return Money(self.cents * k)
    def __lt__(self, other):
        return self.cents < other.cents
    def __gt__(self, other):
        return self.cents > other.cents
    def __ge__(self, other):
        return self.cents >= other.cents
    def __le__(self, other):
        return self.cents <= other.cents
    def __eq__(self, other):
        return isinstance(other, Money) and self.cents == other.cents
    def __neg__(self):
        return Money(-self.cents)
    def __repr__(self):
        return f"Money({self.cents})"
    def __str__(self):
        return f"${self.cents / 100:.2f}"
    def sqrt(self):
        return Money(int(self.cents ** 0.5))

wallet = np.array([Money(250), Money(99), Money(1000)])
print(repr(wallet), wallet.dtype, wallet.shape)
print(wallet)
print(wallet + 1, wallet * 2)
print(repr(wallet.sum()), repr(np.max(wallet)), repr(np.min(wallet)))
print(repr(np.sort(wallet)), repr(np.argsort(wallet)))
print(repr(wallet == Money(99)), repr(-wallet), repr(np.sqrt(wallet)))
print(repr(np.cumsum(wallet)))
print(str(np.array(Money(5), dtype=object)), repr(np.array(Money(5), dtype=object)))
print(repr(wallet.reshape(3, 1)[1:]))

class Plain:
    def __init__(self, n):
        self.n = n
    def __lt__(self, other):
        return self.n < other.n

p = np.array([Plain(2), Plain(1)])
print([x.n for x in np.sort(p)], p.dtype)
np.max(p)
