# Benchmark: a list comprehension building a list of a million ints.
# Runs under python3 and xpush; the last line is `elapsed SECONDS`.
import time

t0 = time.perf_counter()
xs = [i * 2 for i in range(1000000)]
t1 = time.perf_counter()
print(len(xs), xs[-1])
print('elapsed', t1 - t0)
