# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_genfromtxt.txt'
np.savetxt(name, np.array([[1.5, 2.0], [3.0, 4.5]]), fmt='%.1f', delimiter=',')
print(np.genfromtxt(name, delimiter=','))
np.savetxt(name, np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]]), fmt='%d', header='a b c')
print(np.genfromtxt(name))
print(np.genfromtxt(name, skip_header=2))
print(np.genfromtxt(name, skip_footer=1))
print(np.genfromtxt(name, usecols=(0, 2)))
print(np.genfromtxt(name, dtype=int))
np.savetxt(name, [[1, 2], [3, 4]], fmt='%d', delimiter=',,')
print(np.genfromtxt(name, delimiter=','))
print(np.genfromtxt(name, delimiter=',', filling_values=-1))
print(np.genfromtxt(name, delimiter=',', usecols=(0, 2)))
