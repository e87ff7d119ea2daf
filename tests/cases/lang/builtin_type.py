# type() of every value kind.
print(type(1), type(1.0), type(1j))
print(type('s'), type([]), type(()))
print(type(True), type(None))
print(type(range(3)))
def f():
    pass
print(type(f))
print(type(1) == int, type(True) == int, type(True) is bool)
print(type(2**100) is int, type(1.0) is float, type('') is str)
print(type(type(1)))
