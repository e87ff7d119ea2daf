# Benchmark: Python's builtin sum, min and max, and a `for` loop, over a
# 1-d NumPy array of a million float64s (each element a NumPy scalar).
# Runs under python3 and xpush; the last line is `elapsed SECONDS`.
import time
import numpy as np

a = np.arange(1000000, dtype=np.float64)
t0 = time.perf_counter()
s = sum(a)
lo = min(a)
hi = max(a)
n = 0
for x in a:
    n = n + 1
t1 = time.perf_counter()
print(s, lo, hi, n)
print('elapsed', t1 - t0)
