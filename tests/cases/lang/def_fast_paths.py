# The evaluator's fast paths (operands read in place, int/float arithmetic
# and comparisons without the generic promotion, calls whose locals live on
# one value stack) must agree with the generic path everywhere.

BIG = 9223372036854775807


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b


# Machine-int overflow falls over to big ints, from locals, constants and globals.
print(add(BIG, 1), sub(-BIG, 2), mul(BIG, 2), mul(-BIG - 1, -1))
print(BIG + 1, -BIG - 1 - 1, BIG * BIG)
x = BIG
x = x + x
print(x, x - BIG - BIG)


def neg_overflow(n):
    return -n


print(neg_overflow(-BIG - 1))

# Mixed operands: bools are ints, ints promote to floats.
print(add(True, True), add(True, 2.5), add(1, 0.5), sub(3, True), mul(False, 7.0))
print(add(0.1, 0.2), mul(3.0, 1e308), sub(1e308, -1e308))
print(True + 1 == 2, 1 == 1.0, 2 < 2.5, 3 >= True, 1.0 != 1, False < 1)


def lt(a, b):
    return a < b


print(lt(1, 2), lt(2, 1), lt(1, 1.5), lt(2.5, 2), lt(True, 2), lt(BIG, BIG + 1), lt(-BIG - 2, -BIG))
print(lt(float('nan'), 1), lt(1, float('nan')), lt(10 ** 30, 1e29))

# Chained comparisons evaluate each operand once and stop at the first false link.
calls = []


def v(n):
    calls.append(n)
    return n


print(v(1) < v(2) < v(3), calls)
calls = []
print(v(3) < v(2) < v(1), calls)
calls = []
print(1 < v(5) <= 5 == 5.0 > 4, calls)
print(1 < 2 > 1, 1 < 2 > 3, 1 == 1 == 1.0 != 2)

# Comparisons in conditions.
n = 0
for i in range(10):
    if i % 3 == 0:
        n = n + 100
    elif 2 <= i < 5:
        n = n + 10
    else:
        n = n + 1
print(n)


# Recursion: locals of each call are separate and survive nested calls.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def deep(n, acc):
    if n == 0:
        return acc
    t = acc + n
    r = deep(n - 1, t)
    return r + 0 * t


print(fib(20), deep(500, 0))


# A function that rebinds its own global name mid-call finishes normally.
def once(n):
    global once
    once = None
    return n * 2


print(once(21), once)


# Default and keyword arguments after positional calls reuse no stale locals.
def f(a, b=10, c=100):
    d = a + b + c
    return d


print(f(1), f(1, 2), f(1, c=3), f(a=5, b=5, c=5), f(1))
