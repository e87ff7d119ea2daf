# xpush: skip-device=npu
# np.where of a comparison inside a chain (`np.where(m > 0, m, 0.1 * m)`)
# on arrays large enough for xpush to fuse it into one pass: each result
# must have the bits of the same functions called one at a time, with
# NaN compared false (but for !=), and the dtype NumPy gives.
import numpy as np

n = 40000
rng = np.random.default_rng(5)
m32 = rng.standard_normal(n).astype(np.float32)
m32[::97] = np.nan
m32[1::89] = -0.0
b32 = (rng.standard_normal(n) * 100.0).astype(np.float32)
m64 = rng.standard_normal(n)
m64[3::101] = np.inf
b64 = rng.standard_normal(n) * 1e-3


def same(x, y):
    return x.dtype == y.dtype and x.shape == y.shape and x.tobytes() == y.tobytes()


def show(name, x, y):
    print(name, x.dtype, x.shape, same(x, y), x[:4], x[n // 2], x[-1])


# errstate keeps the fused results that hold NaN and infinities (with
# NumPy's warnings on, xpush evaluates those unfused, for the warnings).
for m, b in [(m32, b32), (m64, b64)]:
    with np.errstate(all="ignore"):
        d = np.where(m > 0, m, 0.1 * m)
        show("leaky", d, np.where(np.greater(m, 0), m, np.multiply(0.1, m)))
        d = np.where(m >= b, m - b, b * 2.0 + 1.0)
        show("ge", d, np.where(np.greater_equal(m, b), np.subtract(m, b), np.add(np.multiply(b, 2.0), 1.0)))
        d = np.where(m < 0.5, 0, m) * 3.0
        show("zero", d, np.multiply(np.where(np.less(m, 0.5), 0, m), 3.0))
        d = np.where(m != m, 0.0, m) + b
        show("nan", d, np.add(np.where(np.not_equal(m, m), 0.0, m), b))
        d = np.where(m == 0, 1.0, m) / b
        show("eq", d, np.true_divide(np.where(np.equal(m, 0), 1.0, m), b))
        d = np.sqrt(np.where(m <= 0, -m, m) + b * b)
        show("le", d, np.sqrt(np.add(np.where(np.less_equal(m, 0), np.negative(m), m), np.multiply(b, b))))
        d = np.where(m * 2.0 > b - 1.0, m, b)
        show("sides", d, np.where(np.greater(np.multiply(m, 2.0), np.subtract(b, 1.0)), m, b))

# Dtypes as NumPy promotes them: two Python floats make float64, a
# float32 array with a Python number stays float32, mixed arrays promote.
d = np.where(m32 > 0, 1.0, 0.0) * 2.0
print("numbers", d.dtype, d[:4])
d = np.where(m32 > 0, m64, m32) + 1.0
print("mixed", d.dtype, same(d, np.add(np.where(np.greater(m32, 0), m64, m32), 1.0)), d[:3])
d = np.where(m32 > 16777217, m32, 0.5 * m32)
print("bigint", d.dtype, same(d, np.where(np.greater(m32, 16777217), m32, np.multiply(0.5, m32))), d[:3])

# A user's own `where` is called, not NumPy's.
def where(c, x, y):
    return "mine"


print(where(m32 > 0, m32, 0.1 * m32))
