# str.format and % on user objects: __format__, __str__, __repr__ (!r, !s),
# and str % obj ignoring the object's __rmod__ (CPython tries str's own first).
class A:
    def __str__(self):
        return "A!"

    def __repr__(self):
        return "A()"

    def __format__(self, spec):
        return "F" + spec

    def __rmod__(self, other):
        return "r"


class B:
    def __str__(self):
        return "B!"


print("{} {:x} {!r} {!s}".format(A(), A(), A(), A()), "{}".format(B()))
print("%s" % A(), "%r" % A(), "%s-%s" % (A(), B()))
try:
    print("abc" % A())
except TypeError as e:
    print("TypeError", e)
try:
    print("{:x}".format(B()))
except TypeError as e:
    print("TypeError", e)
