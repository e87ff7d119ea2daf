# A class body runs once, top to bottom; its names do not leak into methods.
x = "global x"
class Scope:
    x = "class x"
    y = x + "!"
    print("running body", y)
    def get_x(self):
        return x
    def get_class_x(self):
        return self.x
print(Scope().get_x(), Scope().get_class_x(), Scope.y)
def make():
    local = "enclosing"
    class Inner:
        def show(self):
            return local
    return Inner
print(make()().show(), make().__qualname__)
