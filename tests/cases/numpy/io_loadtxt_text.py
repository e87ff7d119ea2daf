# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_loadtxt_text.txt'
np.savetxt(name, np.array([[1, 2], [3, 4], [5, 6]]), fmt='%d', delimiter=',', header='x,y')
print(np.loadtxt(name, delimiter=','))
print(np.loadtxt(name, delimiter=',', dtype=np.int32).dtype)
print(np.loadtxt(name, delimiter=',', usecols=[-1]))
print(np.loadtxt(name, delimiter=',', comments=['#', '%']))
