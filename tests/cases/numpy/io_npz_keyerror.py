# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
np.savez('_xpush_tmp_io_npz_keyerror.npz', a=[1])
z = np.load('_xpush_tmp_io_npz_keyerror.npz')
print(z['a'])
print(z['b'])
