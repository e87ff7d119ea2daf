# Files opened for reading and writing: 'r+', 'w+', 'a+', 'x+' in text
# and binary, one position for reads and writes, writes overwriting from
# it ('a+' appending), and the contents written back at close and flush.
import os
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_update.txt"

with open(path, "w+") as f:
    print(type(f).__name__, f.mode, f.readable(), f.writable())
    print(f.write("hello world\n"), f.tell())
    print(repr(f.read()))
    f.seek(0)
    print(repr(f.read()))
    f.seek(6)
    f.write("WORLD")
    f.seek(0)
    print(repr(f.readline()), f.tell())
with open(path) as f:
    print(repr(f.read()))

with open(path, "r+") as f:
    print(repr(f.read(5)), f.tell())
    # Between a read and a write, a seek (as C's stdio asks).
    f.seek(f.tell())
    f.write("!!")
    print(f.tell(), repr(f.read()))
    f.seek(0, 2)
    f.write("more\n")
with open(path) as f:
    print(repr(f.read()))

with open(path, "a+") as f:
    print(f.tell(), repr(f.read()))
    f.seek(0)
    print(repr(f.readline()))
    f.write("tail\n")
    print(f.tell())
    f.seek(0)
    print(f.readlines())

f = open(path, "r+")
f.write("HE")
f.flush()
with open(path) as g:
    print(repr(g.readline()))
f.close()
print(f.closed)

with open(path, "rb+") as f:
    print(type(f).__name__, f.read(3))
    f.seek(3)
    f.write(b"__")
    f.seek(-5, 2)
    print(f.read())
    f.seek(0)
    print(f.read(8))
with open(path, "rb") as f:
    print(f.read())

with open(path, "w+b") as f:
    print(f.read(), f.write(b"abc"), f.tell())
    f.seek(1)
    print(f.read())
print(os.path.getsize(path))

try:
    open(path, "x+")
except FileExistsError as e:
    print(type(e).__name__)
os.remove(path)
with open(path, "x+") as f:
    f.write("new\n")
    f.seek(0)
    print(repr(f.read()))
os.remove(path)
try:
    open(path, "r+")
except FileNotFoundError as e:
    print(type(e).__name__)
