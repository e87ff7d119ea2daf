# The timing helper the array benchmarks share (imported from beside them,
# by python3 and by xpush alike).
import time


def best(f, repeat):
    """The best (smallest) wall time of `repeat` calls of f(), in seconds."""
    times = []
    for r in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)
