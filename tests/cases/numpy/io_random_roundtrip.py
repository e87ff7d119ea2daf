# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_random_roundtrip.npz'
rng = np.random.default_rng(5)
a = rng.standard_normal((3, 3))
b = rng.integers(0, 10, size=4)
np.savez(name, a=a, b=b)
z = np.load(name)
print(np.array_equal(z['a'], a), np.array_equal(z['b'], b))
print(z['b'])
print(z['a'][0])
