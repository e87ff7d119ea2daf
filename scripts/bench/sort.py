# Sorting benchmarks of the cpu device (issue 27): np.sort, np.argsort,
# a.sort(), np.partition, np.argpartition and np.unique on 1M elements of
# each fixed-width number dtype. Runs unchanged under python3 + numpy and
# under xpush; prints `NAME SECONDS`, the best of REPEAT runs.
# run_arrays.sh sort.py runs both and prints numpy_time / xpush_time.
import time
import numpy as np
from _timing import best

REPEAT = 5
N = 1000000

rng = np.random.default_rng(42)
base = rng.standard_normal(N) * 1000.0
data = {
    "f32": base.astype(np.float32),
    "f64": base,
    "i32": rng.integers(-(2**31), 2**31 - 1, N).astype(np.int32),
    "i64": rng.integers(-(2**62), 2**62, N),
    "f16": (base / 100.0).astype(np.float16),
}
# A few NaNs, as real data has, so NaN placement is on the timed path.
data["f32"][::1000] = np.nan
data["f64"][::1000] = np.nan



def sort_inplace(x):
    y = x.copy()
    t0 = time.perf_counter()
    y.sort()
    return time.perf_counter() - t0


def best_inplace(x):
    return min([sort_inplace(x) for r in range(REPEAT)])


for name in ["f32", "f64", "i32", "i64", "f16"]:
    x = data[name]
    print("sort_" + name, best(lambda: np.sort(x), REPEAT))
    print("argsort_" + name, best(lambda: np.argsort(x), REPEAT))
    print("stable_argsort_" + name, best(lambda: np.argsort(x, kind="stable"), REPEAT))
    print("inplace_" + name, best_inplace(x))
    print("partition_" + name, best(lambda: np.partition(x, N // 2), REPEAT))
    print("argpartition_" + name, best(lambda: np.argpartition(x, N // 2), REPEAT))
    print("unique_" + name, best(lambda: np.unique(x), REPEAT))
