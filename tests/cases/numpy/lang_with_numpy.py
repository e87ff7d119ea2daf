# np.printoptions as a context manager, np.errstate, and a with around NumPy I/O.
import time
import numpy as np
a = np.array([1.23456789, 2.5, 1e-5])
with np.printoptions(precision=3, suppress=True) as opts:
    print(a, opts["precision"])
    with np.printoptions(precision=1):
        print(a)
    print(a)
print(a)
with np.errstate(divide="ignore", invalid="ignore"):
    r = np.array([1.0, 0.0]) / np.array([0.0, 0.0])
print(r)
try:
    with np.printoptions(precision=2):
        print(np.pi * np.ones(2))
        raise ValueError("inside")
except ValueError:
    print(np.pi * np.ones(2))
path = f"/tmp/xpush_case_{id(object())}_{time.time_ns()}_np.txt"
with open(path, "w") as f:
    for row in np.arange(6).reshape(2, 3):
        print(" ".join(str(v) for v in row), file=f)
with open(path) as f:
    rows = [[int(x) for x in line.split()] for line in f]
print(np.array(rows).sum(axis=0), rows)
import os
os.remove(path)
print(os.path.exists(path))
