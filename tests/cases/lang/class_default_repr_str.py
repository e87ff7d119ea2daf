# Without __repr__/__str__: the default repr names the class; __str__ falls back to __repr__.
class Plain:
    pass
class WithRepr:
    def __repr__(self):
        return "WithRepr()"
class WithStr:
    def __str__(self):
        return "a WithStr"
p = Plain()
print(repr(p).startswith("<__main__.Plain object at 0x"), str(p) == repr(p))
print(WithRepr(), [WithRepr(), WithRepr()], str(WithRepr()))
w = WithStr()
print(w, str(w), repr(w).startswith("<__main__.WithStr object"), [w][0] is w)
print(f"{w} {WithRepr()!r} {WithRepr()!s}")
print(Plain, WithRepr.__name__, WithRepr.__qualname__, WithRepr.__module__)
