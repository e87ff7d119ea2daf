# A method called without its instance is missing an argument.
class M:
    def f(self, x):
        return x
print(M().f(1), M.f(M(), 2))
M.f(1)
