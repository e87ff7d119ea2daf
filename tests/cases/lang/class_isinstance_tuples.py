# isinstance and issubclass with user classes, builtin classes and tuples.
class A:
    pass
class B(A):
    pass
class C:
    pass
b = B()
print(isinstance(b, (C, A)), isinstance(b, (C, int)), isinstance(b, object), isinstance(1, A))
print(issubclass(B, (C, A)), issubclass(B, object), issubclass(C, (A, B)), issubclass(bool, A))
print(type(b) is B, type(b) == A, type(B), isinstance(B, type))
