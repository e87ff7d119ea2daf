# Reading past the end gives '' (b'' in binary), never an error.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_end.txt"
with open(path, "w") as f:
    f.write("only\n")
with open(path) as f:
    print([f.readline() for _ in range(3)], repr(f.read()), f.readlines())
with open(path, "rb") as f:
    print(f.read(100), f.read(1), f.readline())
import os
os.remove(path)
print(os.path.exists(path))
