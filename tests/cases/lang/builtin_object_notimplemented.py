# object(), NotImplemented and Ellipsis.
a, b = object(), object()
print(type(a), a == a, a == b, a != b, a is a, hash(a) == hash(a), isinstance(a, object))
print(isinstance(1, object), isinstance("s", object), isinstance(None, object), isinstance([], (int, object)))
print(NotImplemented, type(NotImplemented), type(NotImplemented)() is NotImplemented, repr(NotImplemented))
print(Ellipsis, ... is Ellipsis, type(...), Ellipsis == ...)
print({NotImplemented: 1}[NotImplemented], [a, b].index(b))
print(str(a).startswith("<object object at 0x"), repr(b).endswith(">"))
