# Sorting at the sizes where the cpu backend's radix sort runs (above 512
# elements, and above 65,536 where its passes run on every thread), for
# every real dtype: values, stable argsort (ties in input order), the
# stable order of -0.0 and 0.0, NaN last, partition, argpartition, unique.
# xpush: skip-device=npu
# (an npu session sorts a host copy with this same kernel; the case's many
# host-side sorts would only weigh on the npu runs' aclnn share)
import numpy as np

def weighted(p):
    # One number that tells permutations apart.
    return int((p.astype(np.int64) * (np.arange(p.size) % 1013)).sum())

rng = np.random.default_rng(5)
for n in [700, 70001]:
    ints = rng.integers(-300, 300, n)
    for dt in ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool"]:
        x = ints.astype(dt)
        s = np.sort(x)
        i = np.argsort(x, kind="stable")
        print(n, dt, s[:4], s[-4:], s[::997][:6], weighted(i), bool((x[i] == s).all()))
        k = n // 3
        p = np.partition(x, k)
        ip = np.argpartition(x, [k, n - 5])
        print(" ", p[k], bool((p[:k] <= p[k]).all()), bool((p[k + 1:] >= p[k]).all()),
              x[ip[k]], x[ip[n - 5]], s[n - 5])
        u = np.unique(x)
        print(" ", u.size, u[:3], u[-3:])
    f = ints / 8.0
    f[::50] = np.nan
    f[3::70] = -0.0
    f[5::70] = 0.0
    f[7::300] = np.inf
    f[9::300] = -np.inf
    for dt in ["float16", "float32", "float64"]:
        x = f.astype(dt)
        s = np.sort(x)
        st = np.sort(x, kind="stable")
        i = np.argsort(x, kind="stable")
        zeros = np.signbit(st[st == 0])
        print(n, dt, s[:3], s[-3:], s[::997][:6], weighted(i), int(np.isnan(s).sum()),
              weighted(zeros), bool(np.isnan(s[-1])))
        k = n // 2
        p = np.partition(x, k)
        ip = np.argpartition(x, k)
        # Which zero lands at k is NumPy's accident: print it as +0.0.
        print(" ", p[k] + 0, bool((p[:k] <= p[k]).all()), bool((~(p[k + 1:] < p[k])).all()),
              x[ip[k]] + 0)
        u = np.unique(x[x != 0])
        print(" ", u.size, u[:3], u[-3:], np.unique(x, equal_nan=False).size)
    y = x.copy()
    y.sort(kind="stable")
    print(weighted(np.argsort(y, kind="stable")), np.sort(x.reshape(7, -1) if n % 7 == 0 else x[: n - n % 7].reshape(7, -1), axis=0)[3, :4])
m = np.array([[3, 1, 2, 1], [0, 0, -1, 5]] * 300, dtype=np.int32).reshape(-1, 600)
print(np.argsort(m, axis=1, kind="stable")[:, :6], np.argsort(m, axis=0, kind="stable")[:3, :5])
z = np.zeros(100000)
z[::3] = -0.0
print(weighted(np.argsort(z, kind="stable")), np.unique(z).size, np.partition(z, 7)[7] + 0)
