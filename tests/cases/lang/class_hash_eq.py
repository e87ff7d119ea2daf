# __hash__ and __eq__: a class with __eq__ and no __hash__ is unhashable.
class Key:
    def __init__(self, k):
        self.k = k
    def __eq__(self, o):
        return self.k == o.k
class Ident:
    pass
a = Ident()
d = {a: 1}
print(d[a], len({a, a, Ident()}), hash(a) == hash(a))
try:
    hash(Key(1))
except TypeError as e:
    print(e)
try:
    {Key(1): 2}
except TypeError as e:
    print(e)
class Hashed:
    def __init__(self, k):
        self.k = k
    def __hash__(self):
        return hash(self.k)
print(hash(Hashed(5)) == hash(5))
