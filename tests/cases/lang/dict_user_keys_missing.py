# A missing user key: KeyError shows the key's own __repr__.
class K:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v
    def __hash__(self):
        return hash(self.v)
    def __repr__(self):
        return f"K({self.v})"

d = {K(1): "one"}
try:
    del d[K(9)]
except KeyError as e:
    print("del:", e)
try:
    d.pop(K(9))
except KeyError as e:
    print("pop:", e)
print(d[K(2)])
