# xpush: skip-device=npu
# np.fft's results bit for bit: NumPy's pocketfft (mixed radix 2, 3, 4, 5,
# 7, 8, 11 and generic passes, Bluestein for large prime factors) in
# float64 and float32, printed with every digit. The transforms run on
# the host on every device (no aclnn op), so the case runs on the cpu only:
# its hundreds of host calls would say nothing of the NPU.
import math

import numpy as np

rng = np.random.default_rng(0)


def values(y):
    y = np.asarray(y)
    if np.iscomplexobj(y):
        return [(z.real, z.imag) for z in y.ravel().tolist()]
    return y.ravel().tolist()


def show(label, y):
    y = np.asarray(y)
    print(label, y.dtype, y.shape)
    if y.size <= 40:
        print(values(y))
    else:
        flat = y.ravel()
        print(values(flat[:: flat.size // 10 + 1]), values(flat[-3:]))
        # every value's bits count in a correctly rounded sum
        print(math.fsum([v for t in values(flat) for v in (t if isinstance(t, tuple) else (t,))]))


LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 16, 17, 25, 30, 32, 49,
           64, 97, 100, 101, 121, 127, 210, 257, 1000, 1009]

for n in LENGTHS:
    x = rng.standard_normal(n)
    z = x + 1j * rng.standard_normal(n)
    show(f"fft {n}", np.fft.fft(z))
    show(f"ifft {n}", np.fft.ifft(z))
    show(f"rfft {n}", np.fft.rfft(x))
    show(f"irfft {n}", np.fft.irfft(z, n))
    x32, z32 = x.astype(np.float32), z.astype(np.complex64)
    show(f"fft32 {n}", np.fft.fft(z32))
    show(f"ifft32 {n}", np.fft.ifft(z32))
    show(f"rfft32 {n}", np.fft.rfft(x32))
    show(f"irfft32 {n}", np.fft.irfft(z32, n))

# exact zeros and symmetric inputs
show("fft arange 8", np.fft.fft(np.arange(8.0)))
show("fft arange 12", np.fft.fft(np.arange(12)))
show("rfft arange 10", np.fft.rfft(np.arange(10.0)))
show("fft ones 7", np.fft.fft(np.ones(7)))
show("fft sin 30", np.fft.fft(np.sin(np.arange(30) * 0.37)))
show("rfft sin 30", np.fft.rfft(np.sin(np.arange(30) * 0.37)))
show("ifft fft 9", np.fft.ifft(np.fft.fft(np.arange(9.0))))
show("irfft rfft 15", np.fft.irfft(np.fft.rfft(np.arange(15.0)), 15))

# the norm factor, in float64 and float32
for n in [5, 8, 12, 17, 97, 101, 257]:
    x = rng.standard_normal(n)
    z = x + 1j * rng.standard_normal(n)
    for norm in ["ortho", "forward"]:
        for dt, cdt in [(np.float64, np.complex128), (np.float32, np.complex64)]:
            xs, zs = x.astype(dt), z.astype(cdt)
            tag = f"{norm} {np.dtype(dt).name} {n}"
            show(f"fft {tag}", np.fft.fft(zs, norm=norm))
            show(f"ifft {tag}", np.fft.ifft(zs, norm=norm))
            show(f"rfft {tag}", np.fft.rfft(xs, norm=norm))
            show(f"irfft {tag}", np.fft.irfft(zs, n, norm=norm))
# NumPy's float32 loop only runs a complex64 (rfft: float32) input with
# its float32 factor; the int factor 1, a float32 input to a complex
# transform and float16 take the float64 loop, rounded afterwards.
x32 = rng.standard_normal(12).astype(np.float32)
show("ifft of float32", np.fft.ifft(x32))
show("fft of float32 ortho", np.fft.fft(x32, norm="ortho"))
show("irfft of float32", np.fft.irfft(x32))
show("irfft of float32 ortho", np.fft.irfft(x32, 13, norm="ortho"))
show("hfft of float32", np.fft.hfft(x32, norm="forward"))
show("ifft2 of float32", np.fft.ifft2(x32.reshape(3, 4)))
show("irfft of float16 forward", np.fft.irfft(np.arange(-3, 9, dtype=np.float16) * 0.37, norm="forward"))
show("hfft of float16", np.fft.hfft(rng.standard_normal(7).astype(np.float16)))
show("irfftn of float16", np.fft.irfftn(rng.standard_normal(9).astype(np.float16)))
show("fft float16 ortho", np.fft.fft(np.arange(7, dtype=np.float16), norm="ortho"))
show("rfft float16 forward", np.fft.rfft(np.arange(11, dtype=np.float16), norm="forward"))
show("irfft float16", np.fft.irfft(np.arange(6, dtype=np.float16), 11))

# n= pads with zeros or truncates
x = rng.standard_normal(20)
z = x + 1j * rng.standard_normal(20)
show("fft n=32", np.fft.fft(z[:10], n=32))
show("fft n=7", np.fft.fft(z, n=7))
show("ifft n=13", np.fft.ifft(z[:5], n=13))
show("rfft n=15", np.fft.rfft(x[:10], n=15))
show("rfft n=12", np.fft.rfft(x, n=12))
show("irfft n=12", np.fft.irfft(z[:5], n=12))
show("irfft n=9", np.fft.irfft(z[:9], n=9))
show("irfft default", np.fft.irfft(z[:9]))
show("irfft n=1", np.fft.irfft(z[:3], n=1))
show("irfft n=2", np.fft.irfft(z[:3], n=2))
show("irfft32 n=11", np.fft.irfft(z[:4].astype(np.complex64), n=11))

# hfft / ihfft
show("hfft", np.fft.hfft(z[:9]))
show("hfft n=17", np.fft.hfft(z[:9], n=17))
show("hfft ortho", np.fft.hfft(z[:9], norm="ortho"))
show("ihfft", np.fft.ihfft(x[:17]))
show("ihfft32", np.fft.ihfft(x[:16].astype(np.float32)))
show("hfft32", np.fft.hfft(z[:6].astype(np.complex64), n=11))

# 2-d
a = rng.standard_normal((6, 10))
show("fft2", np.fft.fft2(a))
show("ifft2", np.fft.ifft2(a))
show("fft axis 0", np.fft.fft(a, axis=0))
show("rfft2", np.fft.rfft2(a))
show("irfftn", np.fft.irfftn(np.fft.rfft2(a), s=a.shape, axes=(0, 1)))
show("irfft2 odd", np.fft.irfft2(np.fft.rfft2(a[:5, :9]), s=(5, 9)))
show("fftn ortho", np.fft.fftn(a, norm="ortho"))
show("rfftn forward", np.fft.rfftn(a, s=(7, 11), axes=(0, 1), norm="forward"))
a32 = a.astype(np.float32)
show("fft2 32", np.fft.fft2(a32))
show("rfft2 32", np.fft.rfft2(a32))
show("irfftn 32", np.fft.irfftn(np.fft.rfft2(a32), s=a32.shape, axes=(0, 1)))
show("fft rows 101", np.fft.fft(rng.standard_normal((3, 101))))
show("rfft rows 257", np.fft.rfft(rng.standard_normal((3, 257))))

# non-finite values (Bluestein pads with x*0)
show("fft inf 101", np.fft.fft(np.r_[np.inf, np.zeros(100)]))
show("rfft nan 257", np.fft.rfft(np.r_[np.nan, np.ones(256)]))
