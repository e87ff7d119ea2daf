# xpush: stderr=compare skip-device=npu
# Floating-point errors in chains of elementwise arithmetic large enough
# for xpush to fuse (at least 32768 elements): NumPy's warnings, once per
# operator and line, its FloatingPointErrors, or nothing when ignored.
import numpy as np

n = 40000
a64 = np.random.default_rng(3).standard_normal(n)
z = np.zeros(n)
d = a64 / z + 1.0
print("warned", d[:3])
d = z / z * 2.0 - a64 * 1e308 * 10.0
print("warned twice", d[:3])
with np.errstate(all="ignore"):
    d = a64 / z + 1.0
print("ignored", d[:3], np.isinf(d).sum(), np.isnan(d).sum())
with np.errstate(divide="raise"):
    try:
        d = a64 / z + 1.0
    except FloatingPointError as e:
        print("FloatingPointError:", e)
with np.errstate(invalid="raise", divide="ignore"):
    try:
        d = z / z * 2.0 + 1.0
    except FloatingPointError as e:
        print("FloatingPointError:", e)
with np.errstate(over="raise"):
    try:
        d = a64 * 1e308 * 10.0 + 1.0
    except FloatingPointError as e:
        print("FloatingPointError:", e)
f32 = a64.astype(np.float32)
d = f32 * 1e30 * 1e10 + 1.0
print("float32 overflow", np.isinf(d).sum())
