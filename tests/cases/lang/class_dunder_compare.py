# Rich comparisons, reflection (a > b tries b.__lt__), default equality by identity.
class V:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, V) and self.x == o.x
    def __lt__(self, o):
        return self.x < o.x
    def __repr__(self):
        return f"V({self.x})"
class Plain:
    pass
print(V(1) == V(1), V(1) != V(2), V(1) == 1, V(1) < V(2), V(3) > V(2), V(2) > V(3))
print(sorted([V(3), V(1), V(2)]), min([V(5), V(4)]), max(V(1), V(9)))
p = Plain()
print(p == p, p == Plain(), p != Plain(), V(1) in [V(0), V(1)], V(7) in [V(1)])
try:
    V(1) <= V(2)
except TypeError as e:
    print(e)
try:
    Plain() < Plain()
except TypeError as e:
    print(e)
