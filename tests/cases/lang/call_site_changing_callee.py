# One call site that meets different functions: the site remembers the
# function it called last, and must still call whatever the name holds now.
def f(x):
    return x + 1


def g(x):
    return x * 10


def call(h, v):
    return h(v)


print([call(h, 3) for h in [f, g, f, f, g, g]])


# Rebinding the name the site reads: the new function runs.
def f(x):
    return x - 1


print(call(f, 3), f(3))

# Closures of one `def` are different functions with their own cells.
adders = [lambda x, k=k: x + k for k in range(4)]
print([call(h, 1) for h in adders])


def make(n):
    def inner(x):
        return x * n

    return inner


# Each function is freed after its call, while the site still remembers it.
print([call(make(i), 5) for i in range(4)])


# A site that sees a def, then a builtin, then a class, then a def again.
class K:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return f"K({self.v})"


print([call(h, -2) for h in [f, abs, K, str, g, make(3)]])


# Recursion through a name that the function rebinds mid-way.
def countdown(n):
    global countdown
    if n == 2:
        def countdown(n):
            return ["swapped", n]
    if n == 0:
        return []
    return [n] + countdown(n - 1)


print(countdown(4))
