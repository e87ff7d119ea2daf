# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
a = np.arange(12).reshape(3, 4)
np.save('_xpush_tmp_io_save_load_npy.npy', a)
b = np.load('_xpush_tmp_io_save_load_npy.npy')
print(b)
print(b.dtype, b.shape)
np.save('_xpush_tmp_io_save_load_npy2', np.array([1.5, -2.25]))
print(np.load('_xpush_tmp_io_save_load_npy2.npy'))
