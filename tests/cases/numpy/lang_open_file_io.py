# np.savetxt, np.loadtxt, np.save and np.load on files opened with open(), as NumPy takes them.
import os
import numpy as np
a = np.arange(12.0).reshape(3, 4) / 4
with open("lang_open_file_io.txt", "w") as f:
    f.write("# a header written first\n")
    np.savetxt(f, a, fmt="%.3f", delimiter=",")
    np.savetxt(f, a[:1] * 10, fmt="%g", delimiter=",")
with open("lang_open_file_io.txt") as f:
    print(f.read())
with open("lang_open_file_io.txt") as f:
    back = np.loadtxt(f, delimiter=",")
print(back, back.shape)
with open("lang_open_file_io.txt") as f:
    first = f.readline()
    rest = np.loadtxt(f, delimiter=",", max_rows=2)
print(repr(first), rest)
with open("lang_open_file_io.npy", "wb") as f:
    np.save(f, a)
    np.save(f, np.array([1, 2, 3], dtype=np.int32))
with open("lang_open_file_io.npy", "rb") as f:
    x = np.load(f)
    y = np.load(f)
print(x, y, y.dtype)
with open("lang_open_file_io.npy", "wb") as f:
    np.savetxt(f, [[1.5, 2.5]])
with open("lang_open_file_io.npy", "rb") as f:
    print(f.read())
os.remove("lang_open_file_io.txt")
os.remove("lang_open_file_io.npy")
