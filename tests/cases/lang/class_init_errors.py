# Calling a class: __init__'s argument errors, and a class without __init__.
class Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
class NoInit:
    pass
print(Pair(1, 2).b, Pair(b=1, a=2).a, type(NoInit()).__name__)
try:
    NoInit(1)
except TypeError as e:
    print(e)
try:
    Pair(1)
except TypeError as e:
    print(e)
class BadInit:
    def __init__(self):
        return 5
BadInit()
