# The iterator protocol: __iter__ returning self, __next__ raising StopIteration.
class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(3)))
it = iter(Countdown(2))
print(it is iter(it), next(it), next(it), next(it, "done"))
print([x * 10 for x in Countdown(3)], max(Countdown(4)), sorted(Countdown(3)))
for a, b in zip(Countdown(2), "xy"):
    print(a, b)
try:
    next(Countdown(0))
except StopIteration:
    print("StopIteration")
