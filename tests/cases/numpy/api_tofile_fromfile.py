# a.tofile, np.fromfile and np.fromstring: raw bytes, or text with a separator.
import os
import numpy as np

base = "/tmp/_xpush_case_tofile"
a = np.arange(6, dtype=np.float32).reshape(2, 3)
a.tofile(base + ".bin")
print(np.fromfile(base + ".bin", dtype=np.float32), np.fromfile(base + ".bin", dtype=np.float32, count=2, offset=4))
print(np.fromfile(base + ".bin", dtype=np.uint8)[:8], np.fromfile(base + ".bin", dtype=np.int16, count=3))
a.T.tofile(base + ".bin")
print(np.fromfile(base + ".bin", dtype=np.float32))
a.tofile(base + ".txt", sep=",")
print(open(base + ".txt").read())
print(np.fromfile(base + ".txt", sep=","), np.fromfile(base + ".txt", dtype=np.float32, sep=",", count=3))
np.arange(3).tofile(base + ".txt", sep=" ", format="%.2f")
print(open(base + ".txt").read(), np.fromfile(base + ".txt", sep=" "))
with open(base + ".bin", "wb") as f:
    np.array([1, 2, 3], dtype=np.int32).tofile(f)
    np.array([9], dtype=np.int32).tofile(f)
with open(base + ".bin", "rb") as f:
    print(np.fromfile(f, dtype=np.int32))
print(repr(np.fromstring("1 2 3", dtype=int, sep=" ")), np.fromstring("1, 2,3", sep=","), np.fromstring("1.5\n2.5", sep=" "), np.fromstring("1 2 3", sep=" ", count=2))
for bad in [lambda: np.fromstring("1 2 x 4", sep=" "), lambda: np.fromstring("1 2", sep=""),
            lambda: np.fromfile(base + ".txt", sep=" ", offset=2), lambda: np.fromfile("/nonexistent_dir/x.bin")]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
os.remove(base + ".bin")
os.remove(base + ".txt")
