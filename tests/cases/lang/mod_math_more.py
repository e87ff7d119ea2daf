# xpush: rtol=1e-12
# math: isclose, log, comb, fsum, hypot (tolerant comparison of last digits).
import math
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1))
print(math.isclose(1.0, 1.05, rel_tol=0.1), math.isclose(0, 1e-12, abs_tol=1e-9))
print(math.log(math.e), math.log(1), math.log(100, 10), math.log(8, 2))
print(math.log(1024, 2), math.log(10))
print(math.comb(5, 2), math.comb(10, 0), math.comb(52, 5), math.comb(100, 50))
print(math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.fsum([1e100, 1.0, -1e100]))
print(math.hypot(3, 4), math.hypot(5, 12), math.hypot(1, 1))
print(math.sqrt(math.hypot(6, 8)))
