# xpush: skip-device=npu
# (aclnn writes C-contiguous results: order K is the cpu device's)
# A scalar on either side keeps the array's memory order (NumPy's order K).
import numpy as np

m = np.arange(12, dtype=np.float64).reshape(3, 4) - 5.5
print((2.0 - m.T).strides, (m[:, ::2] / 2).strides)
print((m.T * 3).strides, (3 * m[::-1]).strides, (m[::-1, ::-1] - 1).strides)
t = np.arange(24, dtype=np.int32).reshape(2, 3, 4).transpose(2, 0, 1)
print((t + 1).strides, (1 - t).strides, (t * np.int32(2)).strides)
print(2.0 - m.T)
