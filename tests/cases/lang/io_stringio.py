# io.StringIO and io.BytesIO: in-memory files that read, write, seek and
# iterate as open files do, and getvalue().
import io
from io import StringIO, BytesIO

f = StringIO("ab\ncd\nef")
print(f.readline(), end='')
print(f.read(2), f.tell())
print(f.readlines())
f.seek(0)
print([line for line in f])
print(f.getvalue(), f.readable(), f.writable(), f.closed)
g = io.StringIO()
print(g.write("hello "), g.write("world\n"), g.tell())
print(repr(g.getvalue()), repr(g.read()))
g.seek(0)
g.write("J")
print(repr(g.getvalue()))
print("x", 1, file=g)
print(repr(g.getvalue()))
with StringIO("one\r\ntwo") as h:
    print(repr(h.read()))
print(h.closed)
try:
    h.getvalue()
except ValueError as e:
    print('ValueError:', e)
b = BytesIO(b"\x00\x01abc")
print(b.read(2), b.read(), b.tell(), b.getvalue())
b.write(b"!")
print(b.getvalue(), type(b).__name__, type(f).__name__)
try:
    StringIO().write(b"x")
except TypeError as e:
    print('TypeError:', e)
try:
    StringIO(3)
except TypeError as e:
    print('TypeError:', e)
print(isinstance(f, io.StringIO), type(f) is io.StringIO)
