# Write a text file, read it back whole, by lines, by readline and in pieces.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_text.txt"
with open(path, "w") as f:
    n = f.write("first line\nsecond line\n")
    f.write("third, héllo\n")
    print(n, f.closed, f.mode, type(f).__name__)
print(f.closed)
with open(path) as f:
    print(repr(f.read()))
with open(path) as f:
    print(f.readline(), end="")
    print(repr(f.readline()), f.readlines(), repr(f.readline()))
with open(path, encoding="utf-8") as f:
    print(f.read(5), "|", f.read(6), "|", repr(f.read(0)), f.tell())
with open(path) as f:
    lines = [line.rstrip("\n") for line in f]
print(lines, len(lines))
with open(path) as f:
    print(sum(1 for _ in f), [w for w in f.read().split()] == [])
import os
os.remove(path)
print(os.path.exists(path))
