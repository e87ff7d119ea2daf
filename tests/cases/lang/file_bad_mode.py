import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_mode.txt"
with open(path, "w") as f:
    f.write("ok")
open(path, "rw")
