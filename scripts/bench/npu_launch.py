# The npu launch path's host cost: a loop of small-array ops, timed on the
# host while the ops are only queued (no synchronize inside the loop), then
# checked once. Run by scripts/bench/npu_launch.sh under xpush on npu-sim
# (and under python3, NumPy on the cpu, for scale).
import sys
import time

import numpy as np

steps = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
x = np.ones(1000, dtype=np.float32)
x = x * 1.0001 + 0.5  # the first call of each op plans it: not timed
t0 = time.perf_counter()
for _ in range(steps):
    x = x * 1.0001 + 0.5
host = time.perf_counter() - t0
print(f"x[0] {float(x[0]):.6g}")
print(f"host_us_per_op {host / (2 * steps) * 1e6:.3f}")
