# Set items of a class with __eq__ and __hash__: displays, comprehensions,
# set()/frozenset(), add/remove/discard, the operators and the methods.
class K:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v
    def __hash__(self):
        return hash(self.v)
    def __repr__(self):
        return f"K({self.v!r})"

def show(s):
    return sorted(s, key=lambda k: k.v)

a = {K(1), K(2), K(1)}
b = {K(2), K(3)}
print(len(a), K(2) in a, K(5) in a)
print({k for k in [K(0), K(0)]}, set([K(1), K(1)]), frozenset([K(1), K(1)]))
print(K(1) in frozenset([K(1)]))
print(show(a | b), a & b, a - b, show(a ^ b))
print(a == {K(2), K(1)}, a != {K(1)}, {K(1)} < a, a <= a, a > {K(2)}, a >= b)
print(frozenset([K(1)]) == frozenset([K(1)]))
c = set(a)
c |= {K(9)}
print(len(c))
c -= {K(9)}
print(len(c))
c.add(K(5))
c.add(K(5))
print(len(c))
c.discard(K(5))
c.remove(K(1))
print(c)
print(a.issubset({K(1), K(2), K(3)}), a.issuperset([K(1)]), a.isdisjoint({K(7)}))
print(len(a.union([K(1), K(5)])), a.intersection([K(1)]), a.difference({K(1)}))
print(show(a.symmetric_difference({K(1), K(4)})))
u = {K(1)}
u.update([K(1), K(6)])
print(len(u))
u.intersection_update({K(6)})
print(u)
u.difference_update([K(6)])
print(u)
try:
    u.remove(K(6))
except KeyError as e:
    print("KeyError", e)
