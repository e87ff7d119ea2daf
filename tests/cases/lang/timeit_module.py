# The timeit module: timing a statement given as a string or a callable,
# with its setup, in the globals given.
import timeit

calls = []

def work():
    calls.append(1)
    return sum(range(10))

# A callable statement runs `number` times; the result is seconds.
t = timeit.timeit(work, number=25)
print(type(t).__name__, t >= 0, len(calls))

# A string statement sees the names its setup binds.
t = timeit.timeit("y = x * 2", setup="x = 21", number=100)
print(type(t).__name__, t >= 0)

# By default the statement runs in a namespace of its own ...
try:
    timeit.timeit("work()", number=1)
except NameError as e:
    print("NameError:", e)

# ... globals=globals() or an import from __main__ reach the script's names.
calls.clear()
timeit.timeit("work()", number=7, globals=globals())
print(len(calls))
calls.clear()
timeit.timeit("work()", setup="from __main__ import work", number=3)
print(len(calls))
timeit.timeit("seen.append(n)", setup="n = 5", number=2, globals={"seen": calls})
print(calls)

# repeat: a list of `repeat` timings; the setup runs before each.
setups = []
r = timeit.repeat("pass", setup=lambda: setups.append(0), repeat=4, number=10)
print(len(r), all(isinstance(v, float) for v in r), len(setups))

# Multi-line statements and setups are indented into the timing function.
r = timeit.timeit("for i in range(3):\n    acc.append(i)", setup="acc = []\nacc.append(-1)", number=2)
print(r >= 0)

# The Timer class.
timer = timeit.Timer("z = [i * i for i in range(50)]")
print(isinstance(timer, timeit.Timer), timer.timeit(number=5) >= 0)
print(len(timer.repeat(repeat=3, number=2)))
tries = []
number, taken = timeit.Timer(work).autorange(lambda n, s: tries.append(n))
print(number >= 1, taken >= 0.2, tries[:4], tries[-1] == number)

# A custom timer: what it returns is what is subtracted.
ticks = iter([10, 25])
print(timeit.timeit("pass", timer=lambda: next(ticks), number=3))

import time
print(timeit.default_timer is time.perf_counter)

# Errors.
for bad in [lambda: timeit.timeit(1), lambda: timeit.Timer("pass", 2),
            lambda: timeit.timeit("pass", number=1.5)]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    timeit.timeit("1 / 0", number=1)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    timeit.timeit("return 1")
except SyntaxError as e:
    print(type(e).__name__)
