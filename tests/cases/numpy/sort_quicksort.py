# np.sort's default kind ('quicksort') and 'heapsort' at the sizes where the
# cpu backend's AVX-512 quicksort runs: 32- and 64-bit dtypes, past its
# in-register sort (256 / 128 elements) and its threaded split (65,536).
# Equal elements may come in any order for these kinds, so the checks are
# of values: the sorted ends, a stride, sums, and equality with the stable
# sort. Inputs: random, few distinct values (the all-equal split), sorted,
# reversed, NaN and infinities, and short 2-d lanes.
# xpush: skip-device=npu
# (an npu session sorts a host copy with this same kernel; the case's many
# host-side sorts would only weigh on the npu runs' aclnn share)
import numpy as np

rng = np.random.default_rng(11)
for n in [17, 200, 257, 1000, 4099, 70001, 300000]:
    ints = rng.integers(-2**31, 2**31, n)
    few = rng.integers(-2, 3, n)
    for dt in ["int32", "uint32", "int64", "uint64", "float32", "float64"]:
        for name, src in [("random", ints), ("few", few)]:
            x = src.astype(dt)
            s = np.sort(x)
            print(n, dt, name, s[:3], s[-3:], s[::n // 5 + 1],
                  bool(np.array_equal(s, np.sort(x, kind="stable"))),
                  bool((s[:-1] <= s[1:]).all()))
        up = np.arange(n).astype(dt)
        print("  sorted", bool(np.array_equal(np.sort(up), up)),
              bool(np.array_equal(np.sort(up[::-1]), up)),
              bool(np.array_equal(np.sort(x, kind="heapsort"), s)))

# Floats: NaN last (any sign), infinities at the ends, the sum of the
# finite part exact.
for dt in ["float32", "float64"]:
    x = (rng.standard_normal(100003) * 1000).astype(dt)
    x[::97] = np.nan
    x[5::89] = -np.nan
    x[7::101] = np.inf
    x[9::103] = -np.inf
    s = np.sort(x)
    nan = np.isnan(s)
    print(dt, s[:2], s[-2:], int(nan.sum()), bool(nan[-int(nan.sum()):].all()),
          s[~nan][1000::20000], float(s[~np.isinf(s) & ~nan].astype(np.float64).sum()))
    a = x.copy()
    a.sort()
    print(" ", bool(np.array_equal(a, s, equal_nan=True)))

# Short lanes of a 2-d array, along either axis.
m = rng.integers(-1000, 1000, (300, 130)).astype(np.int32)
print(np.sort(m, axis=1)[::60, :4], np.sort(m, axis=0)[:3, ::40])
print(np.sort(m.astype(np.float64) / 7, axis=None)[::5000])
