# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
np.savez('_xpush_tmp_io_npz_repr.npz', a=[1], b=[2], c=[3], d=[4], e=[5], f=[6])
z = np.load('_xpush_tmp_io_npz_repr.npz')
print(repr(z))
print(z.files)
