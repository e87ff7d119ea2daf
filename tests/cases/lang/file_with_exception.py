# A with block that raises still closes its file; the exception goes on.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_exc.txt"
try:
    with open(path, "w") as f:
        f.write("partial\n")
        raise RuntimeError("stopped halfway")
except RuntimeError as e:
    print("caught:", e, "closed:", f.closed)
with open(path) as f:
    print(repr(f.read()))
def first_line(p):
    with open(p) as f:
        return f.readline()
print(repr(first_line(path)))
for attempt in range(3):
    with open(path) as f:
        if attempt == 1:
            continue
        print(attempt, f.closed)
print(f.closed)
import os
os.remove(path)
print(os.path.exists(path))
