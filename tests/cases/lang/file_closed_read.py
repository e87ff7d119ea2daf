import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_closed.txt"
with open(path, "w") as f:
    f.write("x")
print(f.closed)
f.write("more")
