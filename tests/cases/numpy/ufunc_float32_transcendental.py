# float32 exp/log/sin/cos/tanh must match NumPy to the last bit: NumPy runs its
# own SIMD algorithms for these (not libm) on AVX2+FMA CPUs, and xpush's cpu
# backend ports them. Every value is printed exactly (tolist: float64 repr
# of each float32 result).
import numpy as np


def show(name, x, y):
    xs = x.tolist()
    ys = y.tolist()
    print(name, len(ys))
    k = 0
    while k < len(ys):
        print(xs[k:k + 6], ys[k:k + 6])
        k += 6


f32 = np.float32
special = np.array([0.0, -0.0, np.nan, -np.nan, np.inf, -np.inf, 1.0, -1.0,
                    1e-45, -1e-45, 1e-40, 1.1754942e-38, 1.1754944e-38,
                    3.4028235e38, -3.4028235e38, 0.5, 2.0, 1e-7, -1e-7],
                   dtype=f32)
# An irregular spread over [0, 1): the fractional parts of k*golden ratio.
frac = (np.arange(1, 801) * 0.6180339887498949) % 1.0

# exp: the whole finite range, the overflow/underflow thresholds and the
# denormal results below -87.3.
ex = np.concatenate([
    special,
    np.linspace(-110, 95, 1201).astype(f32),
    (frac * 20 - 10).astype(f32),
    (frac * 18 - 104).astype(f32),
    np.array([88.72283935546875, 88.7228317, 88.72283, 88.7, 88.376, 88.3763,
              -103.97208404541015625, -103.9720764, -103.972, -87.33655,
              -87.3366, -87.4, -100.0, -126.0, -149.0, -150.0], dtype=f32),
])
show("exp", ex, np.exp(ex))

# log: denormals, tiny, around 1 and sqrt(1/2), huge; negatives and zeros.
lx = np.concatenate([
    special,
    (10.0 ** np.linspace(-45, 38.5, 600)).astype(f32),
    (frac * 2).astype(f32),
    (frac * 0.02 + 0.99).astype(f32),
    (frac * 0.01 + 0.702).astype(f32),
    (frac * 1e4).astype(f32),
    np.array([-2.0, -1e-30, 0.70710677, 0.70710683, 1.4142135, 1e-38,
              5e-39, 2e-44], dtype=f32),
])
show("log", lx, np.log(lx))

# sin/cos: normal arguments, both sides of the large-argument cutoffs
# (71476.0625 for cos, 117435.992 for sin: libm beyond them), huge values.
cuts = np.array([71476.0625, 117435.992], dtype=f32)
near = np.concatenate([cuts, -cuts, np.nextafter(cuts, f32(1e9)),
                       np.nextafter(cuts, f32(0)), np.nextafter(-cuts, f32(-1e9))])
tx = np.concatenate([
    special,
    np.linspace(-20, 20, 801).astype(f32),
    (frac * 200 - 100).astype(f32),
    (frac * 2e5 - 1e5).astype(f32),
    (frac * 1e6).astype(f32),
    near,
    np.array([1e6, -1e7, 1e10, 1e20, 1e30, 3.14159265, 1.5707964,
              1e-20, -1e-30, 6.2831855, 1e5 + 0.5,
              # NumPy fuses x * 2/pi + magic: these round the other way
              # without the FMA.
              56662.555, 113079.28, -86969.5, -57517.066, 69191.23],
             dtype=f32),
])
show("sin", tx, np.sin(tx))
show("cos", tx, np.cos(tx))
# tanh: every interval of NumPy's table (|x| up to 9, then 1), huge values.
hx = np.concatenate([
    special,
    np.linspace(-10, 10, 801).astype(f32),
    (frac * 0.2 - 0.1).astype(f32),
    (10.0 ** np.linspace(-30, 38, 300)).astype(f32),
])
show("tanh", hx, np.tanh(hx))
# A strided view goes through the same algorithm.
show("sin strided", tx[::3], np.sin(tx[::3]))
print(np.exp(f32(1.5)), np.log(f32(3.0)), np.sin(f32(100.0)), np.cos(f32(1e5)))

# Views whose runs are short and strided (many runs per block, each
# gathered before the kernel runs).
m = (np.arange(600, dtype=np.float32) * 0.37).reshape(20, 30)
print(np.sin(m[:, ::3].T))
print(np.exp(m[::2, 1::4] * 0.01))
