# *args and **kwargs in definitions.
def f(*args, **kwargs):
    return args, kwargs
print(f(), f(1, 2), f(a=1), f(1, b=2, c=3))
def g(a, b=2, *rest, c, d=4, **extra):
    return a, b, rest, c, d, extra
print(g(1, c=3), g(1, 2, 3, 4, c=5, e=6), g(a=0, c=0, z=9))
def total(*nums):
    return sum(nums)
print(total(), total(1, 2, 3), total(*range(5)))
def show(**options):
    return sorted(options.items())
print(show(z=1, a=2))
print((lambda *a, **k: (a, k))(1, x=2))
