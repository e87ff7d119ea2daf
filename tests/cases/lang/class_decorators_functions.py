# Decorators: applied bottom-up, with and without arguments.
def shout(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs).upper()
    return wrapper
def repeat(n):
    def deco(f):
        def wrapper(*args):
            return [f(*args) for _ in range(n)]
        return wrapper
    return deco
calls = []
def register(f):
    calls.append(f.__name__)
    return f
@register
@shout
def greet(name):
    return "hello " + name
@repeat(3)
def one():
    return 1
print(greet("ann"), one(), calls)
@register
def plain():
    return "plain"
print(plain(), calls)
