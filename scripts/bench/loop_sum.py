# Benchmark: a million-iteration loop of int additions.
# Runs under python3 and xpush; the last line is `elapsed SECONDS`.
import time

t0 = time.perf_counter()
s = 0
for i in range(1000000):
    s = s + i
t1 = time.perf_counter()
print(s)
print('elapsed', t1 - t0)
