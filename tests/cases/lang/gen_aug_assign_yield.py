# `total += yield total`: the sent value combined into the target.
def accumulate():
    total = 0
    while True:
        total += yield total
acc = accumulate()
print(next(acc), acc.send(1), acc.send(10), acc.send(100))
class Box:
    def __init__(self):
        self.items = []
    def collector(self):
        while True:
            self.items += yield len(self.items)
b = Box()
c = b.collector()
next(c)
print(c.send([1]), c.send([2, 3]), b.items)
