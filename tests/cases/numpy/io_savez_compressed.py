# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_savez_compressed.npz'
big = np.arange(1000) % 7
np.savez_compressed(name, big=big, small=np.array([[1, 2]], dtype=np.float32))
z = np.load(name)
print(z.files)
print(np.array_equal(z['big'], big), z['big'].dtype)
print(z['small'], z['small'].dtype)
print(repr(z))
