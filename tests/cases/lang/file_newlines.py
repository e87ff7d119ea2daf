# Text mode reads \r\n and \r line ends as \n (universal newlines); binary keeps them.
import time
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_crlf.txt"
with open(path, "wb") as f:
    f.write(b"one\r\ntwo\rthree\nfour")
with open(path) as f:
    print(f.readlines())
with open(path, "rb") as f:
    print(f.readlines())
with open(path) as f:
    print([len(line) for line in f])
import os
os.remove(path)
print(os.path.exists(path))
