# Benchmark: naive recursive Fibonacci (about 250,000 calls).
# Runs under python3 and xpush; the last line is `elapsed SECONDS`.
import time


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


t0 = time.perf_counter()
r = fib(25)
t1 = time.perf_counter()
print(r)
print('elapsed', t1 - t0)
