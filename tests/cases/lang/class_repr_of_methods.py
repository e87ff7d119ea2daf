# Bound methods and functions of a class: their names and qualified names.
class K:
    def m(self):
        return 1
    class Inner:
        def deep(self):
            return 2
k = K()
print(K.m.__name__ if hasattr(K.m, "__name__") else "", K.__qualname__, K.Inner.__qualname__)
print(repr(k.m).startswith("<bound method K.m of <__main__.K object at"))
print(repr(K.m).startswith("<function K.m at"), repr(K.Inner.deep).startswith("<function K.Inner.deep at"))
print(k.m(), K.Inner().deep(), type(k.m).__name__)
