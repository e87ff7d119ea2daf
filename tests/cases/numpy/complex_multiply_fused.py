# Complex multiply and square to the last bit: NumPy's SIMD loops fuse
# the multiply-adds (re = fma(ar, br, -(ai*bi)), im = fma(ar, bi, ai*br))
# on CPUs with FMA, which changes the last bit of ~44% of complex64
# products. Contiguous, strided and scalar operands, square, ** 2.
import numpy as np
k = np.arange(1, 2001, dtype=np.float64)
re = np.sin(k * 1.37) * np.exp(np.cos(k * 0.31) * 3)
im = np.cos(k * 2.11) * np.exp(np.sin(k * 0.77) * 3)
a128 = re + 1j * im
b128 = im[::-1] - 1j * re[::-1]
for dt in [np.complex64, np.complex128]:
    a = a128.astype(dt)
    b = b128.astype(dt)
    for r in [a * b, a[::2] * b[1::2], a * b[7], np.square(a), a ** 2, a * (1.5 - 0.25j), np.multiply(a, b)]:
        print(r[:400].real.tolist())
        print(r[:400].imag.tolist())
