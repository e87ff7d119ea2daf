# Array benchmarks of the cpu device (issue: "Array runtime and the cpu device").
# Runs unchanged under python3 + numpy and under xpush; prints one line per
# workload, `NAME SECONDS`, the best of REPEAT runs. run_arrays.sh runs both
# and prints the ratio numpy_time / xpush_time.
import numpy as np
from _timing import best

REPEAT = 5
N = 10000000

a = np.arange(N, dtype=np.float32) / N
b = np.ones(N, dtype=np.float32) * 0.5
a64 = np.arange(N, dtype=np.float64) / N
m = (np.arange(4000 * 2500, dtype=np.float32) / 1000.0).reshape(4000, 2500)
c = a - 0.5
a1 = a + 1.0
out32 = np.empty_like(a)
x10 = np.ones(10)


def add():
    return a + b


def fused():
    return a * 2.0 + b * 3.0 - 1.0


def fused_where():
    return np.where(c > 0, c, 0.1 * c)


def fused_hypot():
    return np.sqrt(a**2 + b**2)


def exp():
    return np.exp(a)


def sin():
    return np.sin(a)


def cos():
    return np.cos(a)


def log():
    return np.log(a1)


def tanh():
    return np.tanh(a)


def exp_out():
    return np.exp(a, out=out32)


def sum32():
    return a.sum()


def std64():
    return a64.std()


def sum_axis0():
    return m.sum(axis=0)


def sum_axis1():
    return m.sum(axis=1)


def transpose_add():
    return m.T + 1.0


def transpose_copy():
    return m.T.copy()


def strided_sum():
    return a[::2].sum()


def small_loop():
    x = x10
    for i in range(100000):
        x = x * 1.0001 + 0.5
    return x



names = ["add", "fused", "fused_where", "fused_hypot", "exp", "sin", "cos", "log", "tanh", "exp_out", "sum32", "std64", "sum_axis0", "sum_axis1",
         "transpose_add", "transpose_copy", "strided_sum", "small_loop"]
funcs = [add, fused, fused_where, fused_hypot, exp, sin, cos, log, tanh, exp_out, sum32, std64, sum_axis0, sum_axis1,
         transpose_add, transpose_copy, strided_sum, small_loop]
for i in range(len(names)):
    print(names[i], best(funcs[i], REPEAT))
