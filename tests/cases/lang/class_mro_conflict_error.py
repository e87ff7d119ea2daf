# An inconsistent hierarchy is a TypeError, as in CPython.
class A:
    pass
class B(A):
    pass
print("defining C")
try:
    class C(A, B):
        pass
except TypeError as e:
    print("TypeError:", e)
print([k.__name__ for k in B.__mro__])
