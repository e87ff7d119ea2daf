# User __eq__ and __hash__ misbehaving: an __eq__ that raises reaches the
# caller; __hash__ must return an int; an __eq__ that empties its dict.
class Bad:
    def __hash__(self):
        return 1
    def __eq__(self, o):
        raise RuntimeError("no eq")

d = {Bad(): 1}
try:
    d[Bad()]
except RuntimeError as e:
    print("lookup:", e)
x = Bad()
try:
    d[x] = 2
except RuntimeError as e:
    print("store:", e)
print({x: 5}[x], x in {x})

class NotInt:
    def __hash__(self):
        return "x"
try:
    {NotInt()}
except TypeError as e:
    print("TypeError:", e)

class Big:
    def __hash__(self):
        return 2 ** 64 + 5
class MinusOne:
    def __hash__(self):
        return -1
print(hash(Big()), hash(MinusOne()))

box = {}
class M:
    def __hash__(self):
        return 7
    def __eq__(self, o):
        box.clear()
        return False
box[M()] = 1
box[M()] = 2
print(len(box))

class K:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return isinstance(o, K) and self.v == o.v
    def __hash__(self):
        return hash(self.v)
d = {1: "int", K(1): "k"}
print(d[1], d[K(1)], len(d))
class NoHash(K):
    __hash__ = None
try:
    {NoHash(1)}
except TypeError as e:
    print(e)
