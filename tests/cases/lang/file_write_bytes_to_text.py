import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_t.txt"
with open(path, "w") as f:
    f.write("text")
    f.write(b"bytes")
