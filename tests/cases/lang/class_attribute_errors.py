# Missing attributes: instance and class AttributeErrors, getattr/hasattr/setattr/delattr.
class Thing:
    kind = "thing"
    def __init__(self):
        self.x = 1
t = Thing()
print(getattr(t, "x"), getattr(t, "y", "dflt"), hasattr(t, "kind"), hasattr(t, "nope"))
setattr(t, "y", 2)
print(t.y)
del t.y
print(hasattr(t, "y"))
try:
    t.missing
except AttributeError as e:
    print(e)
try:
    Thing.missing
except AttributeError as e:
    print(e)
try:
    del t.nothing
except AttributeError as e:
    print(e)
t.missing
