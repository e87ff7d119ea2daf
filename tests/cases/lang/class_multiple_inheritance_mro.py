# Multiple inheritance: the C3 method resolution order, super() along it.
class Base:
    def who(self):
        return ["Base"]
class Left(Base):
    def who(self):
        return ["Left"] + super().who()
class Right(Base):
    def who(self):
        return ["Right"] + super().who()
class Both(Left, Right):
    def who(self):
        return ["Both"] + super().who()
print(Both().who())
print([c.__name__ for c in Both.__mro__])
print(issubclass(Both, Right), isinstance(Both(), Left))
