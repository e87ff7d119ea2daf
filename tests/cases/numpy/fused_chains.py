# Chains of elementwise arithmetic on arrays large enough for xpush to
# fuse them into one pass (at least 32768 elements): each result must
# have the bits of the same operators applied one at a time.
import numpy as np

n = 40000
rng = np.random.default_rng(3)
a32 = rng.standard_normal(n).astype(np.float32)
b32 = (rng.standard_normal(n) * 1000.0).astype(np.float32)
a64 = rng.standard_normal(n)
b64 = rng.standard_normal(n) * 1e-3
scale = 3.5
k = 7


def same(x, y):
    return x.dtype == y.dtype and x.shape == y.shape and x.tobytes() == y.tobytes()


def show(name, x, y):
    print(name, x.dtype, x.shape, same(x, y), x[:3], x[n // 2], x[-1])


for a, b in [(a32, b32), (a64, b64)]:
    d = a * 2.0 + b * 3.0 - 1.0
    show("axpby", d, np.subtract(np.add(np.multiply(a, 2.0), np.multiply(b, 3.0)), 1.0))
    d = (a - b) / (a + b + 10.0)
    show("ratio", d, np.true_divide(np.subtract(a, b), np.add(np.add(a, b), 10.0)))
    d = -a * b + a / 3 - 0.1
    show("neg", d, np.subtract(np.add(np.multiply(np.negative(a), b), np.true_divide(a, 3)), 0.1))
    d = a * scale + k
    show("names", d, np.add(np.multiply(a, scale), k))
    d = 1.0 - a * a * a
    show("cube", d, np.subtract(1.0, np.multiply(np.multiply(a, a), a)))
    d = a * 16777217 + b * 1e-30
    show("bigint", d, np.add(np.multiply(a, 16777217), np.multiply(b, 1e-30)))
    d = a / b / b / b
    show("quot", d, np.true_divide(np.true_divide(np.true_divide(a, b), b), b))

# Views and reshaped arrays of the same shape.
m = a64.reshape(200, 200)
t = m.T
d = m * 2.0 + t
show2 = np.add(np.multiply(m, 2.0), t)
print("transposed", same(d, show2), d[0, :3], d[-1, -2:])
s = a64[::2] * 2.0 + b64[1::2] - 1.0
print("strided", same(s, np.subtract(np.add(np.multiply(a64[::2], 2.0), b64[1::2]), 1.0)), s[:2])

# Mixed dtypes are promoted as the operators promote them.
d = a32 * 2.0 + a64
print("mixed", d.dtype, same(d, np.add(np.multiply(a32, 2.0), a64)))
i = np.arange(n)
d = i * 2 + 1
print("ints", d.dtype, d[:3], d[-1])
d = i / 2 + 0.5
print("int true divide", d.dtype, d[:3], d[-1])

w = np.where(np.arange(n) % 2 == 0, np.nan, a64)
d = w * 2.0 + 1.0
print("nan in", np.isnan(d).sum(), d[1], same(d, np.add(np.multiply(w, 2.0), 1.0)))

# Arithmetic on Python numbers alone inside a chain is Python's (float64,
# then one cast to the arrays' dtype).
# (16777216.0 + 1.00000001 is 16777218 in float32 from float64, but
# 16777216 when both are float32 first.)
s = 1.00000001
d = a32 * (s + 16777216.0) - 1.0
print("python part", d.dtype, same(d, np.subtract(np.multiply(a32, s + 16777216.0), 1.0)), d[:2])
d = a32 * (1.0 / 3.0) + a32 * -2.5 - -a32
print("constants", same(d, np.subtract(np.add(np.multiply(a32, 1.0 / 3.0), np.multiply(a32, -2.5)), np.negative(a32))), d[:2])

# np.sqrt, np.abs/np.absolute, np.square, np.negative and x**2 in chains.
from numpy import sqrt
x = np.linspace(-2.0, 3.0, n)
y = np.cos(x)
r = np.sqrt(x**2 + y**2)
print("hypot", same(r, np.sqrt(np.add(np.square(x), np.square(y)))), r[:3])
q = sqrt(abs(x) * 2 + 1) - np.abs(-y) + np.square(y) / np.negative(x + 10)
want = np.add(np.subtract(np.sqrt(np.add(np.multiply(np.absolute(x), 2), 1)), np.absolute(np.negative(y))),
              np.true_divide(np.square(y), np.negative(np.add(x, 10))))
print("functions", same(q, want), q[:3])
x32 = x.astype(np.float32)
r = np.sqrt(x32 * x32 + 1.5) ** 2
print("float32", r.dtype, same(r, np.square(np.sqrt(np.add(np.multiply(x32, x32), 1.5)))), r[:3])
k = 3
print("int base", np.sqrt(k**2 + x)[:2], np.sqrt(-x * 2 + 10.0)[-2:])


class Roots:
    def sqrt(self, v):
        return "Roots.sqrt"


np2 = Roots()
print(np2.sqrt(x**2 + 1))
