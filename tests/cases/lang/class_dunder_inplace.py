# In-place operators: __iadd__ mutates, without it a += b rebinds to a + b.
class Bag:
    def __init__(self):
        self.items = []
    def __iadd__(self, item):
        self.items.append(item)
        return self
class Num:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        return Num(self.v + o)
b = Bag()
alias = b
b += 1
b += 2
print(b.items, alias is b)
n = Num(1)
old = n
n += 5
print(n.v, old.v, n is old)
