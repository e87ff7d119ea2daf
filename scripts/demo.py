# xpush's main job in one script: try an op on the NPU, time it, see where
# every op ran, verify results against the cpu reference by Ascend's own
# precision standard, see what float64 costs, and plot.
#
#   cargo run --release -- --device npu-sim scripts/demo.py
#
# npu-sim is acl-sim, the simulated Ascend NPU built with xpush (nothing to
# install); on an NPU host use --device npu. Lines starting with `:` are
# xpush's meta-commands (in the shell too; `:help` lists them).
import numpy as np
import matplotlib.pyplot as plt

:device

# Arrays are created on the session device.
x = np.linspace(0, 8 * np.pi, 1_000_000, dtype=np.float32)
print(x.dtype, x.shape, x.device)

# Time one statement inline: wall time, ops, device time, bytes moved.
:time y = np.sin(x) * np.exp(-x / 8)

# Record every op: where it ran (aclnn op, native or host), time, bytes.
:profile on
z = np.sqrt(np.abs(y)) + 1
print("mean", z.mean(), "max", z.max())
:profile off
:profile report

# Verify a chain against the cpu by the CANN operator precision standard's
# single benchmark (MERE < 2^-13, MARE < 10 * 2^-13 for float32, against a
# float64 golden). `:help verify` lists the standards.
:verify on cann-single
w = np.tanh(x[:4096]) * 2 - 1
print("sum", w.sum())
:verify report
:verify off

# float64 on an NPU: demoted to float32 by default (float64=float32), and
# verification measures the cost against the exact float64 result...
:verify standard ulp
:verify on
d = np.array([1.0 + 1e-10, 2.0], dtype=np.float64) - 1.0
print("float64=float32:", d)
:verify off
# ...or computed exactly on the host (float64=cpu).
:mode float64=cpu
d = np.array([1.0 + 1e-10, 2.0], dtype=np.float64) - 1.0
print("float64=cpu:    ", d)
:mode float64=float32

# A small plot: inline on kitty, iTerm2, WezTerm and sixel terminals,
# else a PNG file and a text preview.
plt.figure(figsize=(6, 3))
plt.plot(x[::5000], y[::5000], label="sin(x) exp(-x/8)")
plt.legend()
plt.title("computed on " + str(x.device))
plt.show()
