# Forwarding *args and **kwargs through wrappers.
def target(a, b=0, *, scale=1):
    return (a + b) * scale
def wrapper(*args, **kwargs):
    print('calling with', args, kwargs)
    return target(*args, **kwargs)
print(wrapper(1), wrapper(1, 2), wrapper(1, b=3, scale=10))
def logged(fn):
    def inner(*args, **kwargs):
        result = fn(*args, **kwargs)
        print(f"{fn.__name__}{args} {kwargs} -> {result}")
        return result
    return inner
add = logged(lambda x, y: x + y)
add(2, 3)
mul = logged(target)
mul(4, scale=2)
