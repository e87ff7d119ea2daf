import numpy as np
np.savez('_xpush_tmp_io_npz_keyerror.npz', a=[1])
z = np.load('_xpush_tmp_io_npz_keyerror.npz')
print(z['a'])
print(z['b'])
