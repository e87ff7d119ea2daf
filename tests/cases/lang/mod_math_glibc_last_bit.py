# CPython's math.cbrt/asinh/acosh/atanh are glibc's, which differ from a
# correctly rounded result (or from Rust's own formulas) in the last bit.
import math

xs = [0.3, 0.7, 1.5, 2.0, 3.0, 7.0, 27.0, 100.0, 1e-5, 12345.678, 0.999, 1e300, 5e-324]
out = []
for x in xs:
    out.append(math.cbrt(x))
    out.append(math.cbrt(-x))
    out.append(math.asinh(x))
    out.append(math.asinh(-x))
    if x >= 1:
        out.append(math.acosh(x))
    if x < 1:
        out.append(math.atanh(x))
        out.append(math.atanh(-x))
for k in range(0, len(out), 4):
    print(out[k:k + 4])
print(math.cbrt(27.0), math.cbrt(-8), math.acosh(1), math.atanh(0.5))
