# np.partition and np.unique at the sizes where the cpu backend runs them
# on its AVX-512 quicksort (32- and 64-bit dtypes): the kth elements, the
# two sides around them (checked, since their order is unspecified),
# several kth at once, NaN last, and unique's values.
# xpush: skip-device=npu
# (an npu session partitions a host copy with this same kernel; the case's
# many host-side sorts would only weigh on the npu runs' aclnn share)
import numpy as np

rng = np.random.default_rng(23)
for n in [300, 5000, 100003]:
    ints = rng.integers(-10**6, 10**6, n)
    few = rng.integers(0, 4, n)
    for dt in ["int32", "uint32", "int64", "uint64", "float32", "float64"]:
        for name, src in [("random", ints), ("few", few)]:
            x = src.astype(dt)
            s = np.sort(x, kind="stable")
            k = n // 3
            p = np.partition(x, k)
            print(n, dt, name, p[k], s[k], bool((p[:k] <= p[k]).all()),
                  bool((p[k + 1:] >= p[k]).all()), bool(np.array_equal(np.sort(p), s)))
            ks = [0, 7, n // 2, n - 2, n - 1]
            q = np.partition(x, ks)
            print("  ", q[ks], s[ks], all(bool((q[:i] <= q[i]).all() and (q[i + 1:] >= q[i]).all()) for i in ks))
            u = np.unique(x)
            print("  ", u.size, u[:3], u[-3:])

for dt in ["float32", "float64"]:
    x = rng.standard_normal(20001).astype(dt)
    x[::13] = np.nan
    x[3::17] = -np.inf
    p = np.partition(x, [100, 19000, 20000])
    print(dt, p[[100, 19000, 20000]], bool(np.isnan(p[19001:]).all()), int(np.isnan(p).sum()))
    u = np.unique(x)
    print("  ", u.size, u[:2], u[-2:], np.unique(x, equal_nan=False).size)
    a = x.copy()
    a.partition(5000)
    print("  ", a[5000], np.sort(x)[5000])
