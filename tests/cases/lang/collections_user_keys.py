# Counter and defaultdict with keys of a class with __eq__ and __hash__.
from collections import Counter, defaultdict

class K:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v
    def __hash__(self):
        return hash(self.v)
    def __repr__(self):
        return f"K({self.v})"

c = Counter([K(1), K(1), K(2)])
print(c, c[K(1)], c[K(7)])
c.update([K(2)])
print(c.most_common(1))
dd = defaultdict(list)
dd[K(1)].append(1)
dd[K(1)].append(2)
print(dd, dd[K(1)])
