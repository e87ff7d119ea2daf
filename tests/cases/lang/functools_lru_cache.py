# functools.lru_cache and functools.cache: results kept by arguments, least recently used dropped.
import functools
calls = []
@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(30), len(calls), fib(30), len(calls))
@functools.lru_cache(maxsize=2)
def square(x):
    print("computing", x)
    return x * x
for x in [1, 2, 1, 3, 2, 1]:
    print(square(x))
@functools.cache
def greet(name, punct="!"):
    print("greeting", name)
    return "hi " + name + punct
print(greet("a"), greet("a"), greet("a", punct="?"), greet("a", punct="?"))
@functools.lru_cache
def plain(x):
    print("plain", x)
    return -x
print(plain(4), plain(4))
