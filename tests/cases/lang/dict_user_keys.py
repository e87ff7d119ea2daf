# Dict keys of a class with __eq__ and __hash__: equal objects are one key,
# found by a new equal object; __eq__ runs only on a hash match.
class P:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __eq__(self, o):
        print("eq", self.x, o.x if isinstance(o, P) else o)
        return isinstance(o, P) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __repr__(self):
        return f"P({self.x}, {self.y})"

d = {P(1, 2): "a", P(3, 4): "b"}
print(d[P(1, 2)])
d[P(1, 2)] = "c"
print(d, len(d))
print(P(3, 4) in d, P(5, 6) in d, P(5, 6) not in d)
del d[P(3, 4)]
print(d)
print(d.get(P(1, 2)), d.get(P(7, 7), "none"))
print(d.setdefault(P(8, 8), "new"), d)
print(d.pop(P(8, 8)), d.pop(P(8, 8), "gone"), d)
print(dict([(P(1, 1), 1), (P(1, 1), 2)]))
print(dict.fromkeys([P(1, 1), P(1, 1)]))
d3 = {}
d3.update({P(4, 4): 1})
d3.update([(P(4, 4), 2)])
print(d3)
print({p: i for i, p in enumerate([P(0, 0), P(0, 0), P(1, 1)])})
print(list(d.keys()), P(1, 2) in d.keys())
print({P(1, 1): 1, P(2, 2): 2} == {P(2, 2): 2, P(1, 1): 1})
print({P(1, 1): 1} == {P(1, 1): 2}, {P(1, 1): 1} != {P(1, 1): 1})
t = {(P(1, 2), "a"): 1}
print(t[(P(1, 2), "a")], (P(1, 2), "b") in t)
m = {P(1, 1): 1}
print(m | {P(1, 1): 2, P(3, 3): 3})
m |= {P(1, 1): 5}
print(m)
