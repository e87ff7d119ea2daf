# time.perf_counter and time.time: only print comparisons.
import time
t0 = time.perf_counter()
w0 = time.time()
s = 0
for i in range(20000):
    s = s + i
t1 = time.perf_counter()
w1 = time.time()
print(s)
print(type(t0), type(w0))
print(t1 >= t0, w1 >= w0)
print(t1 - t0 >= 0.0, t1 - t0 < 60.0)
print(w0 > 1.6e9)
