# math.fsum and math.prod take any iterable: generators, iterators,
# user classes with __iter__, dict keys and sets.
import math


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        k = self.n
        while k > 0:
            yield k
            k -= 1


print(math.fsum(x * 0.1 for x in range(10)))
print(math.fsum(iter([0.1] * 10)), sum([0.1] * 10))
print(math.fsum(Countdown(4)), math.prod(Countdown(5)))
print(math.prod(x for x in range(1, 8)), math.prod((x / 2 for x in range(1, 4)), start=2))
print(math.fsum({0.5: 1, 0.25: 2}), math.prod({3, 4}))
print(math.fsum(x for x in []), math.prod(x for x in []))
try:
    math.fsum(x for x in [1.0, "a"])
except TypeError as e:
    print("TypeError", e)
try:
    math.fsum(x for x in [math.inf, -math.inf])
except ValueError as e:
    print("ValueError", e)
