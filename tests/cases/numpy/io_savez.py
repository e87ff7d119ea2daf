# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_savez.npz'
np.savez(name, np.arange(3), x=np.eye(2), y=[1.5, 2.5])
z = np.load(name)
print(z.files)
print(z['arr_0'])
print(z['x'])
print(z['y'])
print(z['x'].dtype)
np.savez('_xpush_tmp_io_savez2', a=np.int8(5))
z2 = np.load('_xpush_tmp_io_savez2.npz')
print(z2.files, repr(z2['a']))
z.close()
