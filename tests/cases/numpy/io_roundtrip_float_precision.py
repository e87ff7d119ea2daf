# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_roundtrip_float_precision'
a = np.array([0.1, 1 / 3, 2 ** 0.5, 1e-300, -1e300, np.pi])
np.save(name, a)
b = np.load(name + '.npy')
print(np.array_equal(a, b))
print(repr(b))
np.savetxt(name + '.txt', a)
c = np.loadtxt(name + '.txt')
print(np.array_equal(a, c))
f = np.array([0.1, 1 / 3], dtype=np.float32)
np.save(name, f)
print(repr(np.load(name + '.npy')))
