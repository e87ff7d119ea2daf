# An infinite generator taken lazily: itertools.islice, zip and a break.
import itertools
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
print(list(itertools.islice(fib(), 12)))
for i, f in zip(range(3), fib()):
    print(i, f)
for f in fib():
    if f > 50:
        print("first over 50:", f)
        break
