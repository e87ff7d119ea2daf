# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_savetxt_formats.txt'
a = np.array([[1, 2.5], [3, 4.25]])
np.savetxt(name, a, fmt=['%d', '%.3f'], delimiter=';', comments='## ', header='h1\nh2')
print(np.loadtxt(name, delimiter=';', comments='##'))
np.savetxt(name, a, fmt='%10.4e')
print(np.loadtxt(name))
np.savetxt(name, a, fmt='%g', newline=' |\n')
print(np.loadtxt(name, comments='|'))
np.savetxt(name, np.array([[True, False]]), fmt='%d')
print(np.loadtxt(name, dtype=bool))
