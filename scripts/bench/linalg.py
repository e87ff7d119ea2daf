# Matmul and linalg benchmarks of the cpu device (issue 27). Runs unchanged
# under python3 + numpy and under xpush; prints `NAME SECONDS`, the best of
# REPEAT runs. run_arrays.sh linalg.py runs both and prints
# numpy_time / xpush_time.
import numpy as np
from _timing import best

REPEAT = 3

rng = np.random.default_rng(7)
m32 = rng.standard_normal((1024, 1024)).astype(np.float32)
m64 = rng.standard_normal((1024, 1024))
g32 = rng.standard_normal((2048, 2048)).astype(np.float32)
g64 = rng.standard_normal((2048, 2048))
small = rng.standard_normal((1000, 8, 8))
s = rng.standard_normal((1000, 1000))
spd = s @ s.T + 1000.0 * np.eye(1000)
rhs = rng.standard_normal(1000)



print("matmul_f32_1024", best(lambda: m32 @ m32, REPEAT))
print("matmul_f64_1024", best(lambda: m64 @ m64, REPEAT))
print("matmul_f32_2048", best(lambda: g32 @ g32, REPEAT))
print("matmul_f64_2048", best(lambda: g64 @ g64, REPEAT))
print("dot_f64_1024", best(lambda: np.dot(m64, m64), REPEAT))
print("batched_8x8", best(lambda: np.matmul(small, small), REPEAT))
print("solve_1000", best(lambda: np.linalg.solve(s, rhs), REPEAT))
print("inv_1000", best(lambda: np.linalg.inv(s), REPEAT))
print("lstsq_1000", best(lambda: np.linalg.lstsq(s, rhs, rcond=None), REPEAT))
print("eigh_1000", best(lambda: np.linalg.eigh(spd), REPEAT))
print("svd_1000", best(lambda: np.linalg.svd(s), REPEAT))
