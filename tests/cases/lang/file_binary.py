# Binary files: bytes in, bytes out, tell and seek.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_data.bin"
with open(path, "wb") as f:
    print(f.write(bytes(range(10))), f.write(b"\xff\x00"), type(f).__name__)
with open(path, "rb") as f:
    print(type(f).__name__, f.read(3), f.tell())
    f.seek(8)
    print(f.read(), f.tell(), f.read(), f.seek(-2, 2), f.read(1))
    f.seek(0)
    print(len(f.read()), f.readline())
with open(path, "rb") as f:
    data = f.read()
print(data.hex(), list(data[:4]), data[-2:])
import os
os.remove(path)
print(os.path.exists(path))
