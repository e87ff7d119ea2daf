import time
with open(f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_m.txt", "w") as f:
    print(f.closed)
with 42 as x:
    print(x)
