# Generators over arrays: chunks, running statistics, a sliding window.
import numpy as np
def chunks(a, n):
    for start in range(0, len(a), n):
        yield a[start:start + n]
def running_mean(xs):
    total, count = 0.0, 0
    for x in xs:
        total += float(x)
        count += 1
        yield total / count
data = np.arange(10, dtype=np.float64) ** 2
for c in chunks(data, 4):
    print(c, c.sum())
print(list(running_mean(data[:5])))
def windows(a, w):
    for i in range(len(a) - w + 1):
        yield a[i:i + w].mean()
print(np.array(list(windows(data, 3))))
print(np.fromiter((x * 2 for x in range(4)), dtype=np.int64) if hasattr(np, "fromiter") else "")
