# __call__, __bool__ and __len__ deciding truth.
class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x):
        return x + self.n
class Empty:
    def __len__(self):
        return 0
class Falsy:
    def __bool__(self):
        return False
add3 = Adder(3)
print(add3(4), list(map(add3, [1, 2])), callable(add3), callable(Empty()))
print(bool(Empty()), bool(Falsy()), bool(Adder(1)), not Empty(), "yes" if Falsy() else "no")
print(Falsy() or "fallback", Adder(1) and "second")
