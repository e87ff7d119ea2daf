import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_wo.txt"
with open(path, "w") as f:
    print(f.writable(), f.readable())
    f.read()
