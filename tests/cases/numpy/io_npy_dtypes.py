# xpush: skip-device=npu
# (writes a file named after the case: runs on two devices at once would race)
import numpy as np
name = '_xpush_tmp_io_npy_dtypes.npy'
for dt in ['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64', 'complex64', 'complex128']:
    a = np.arange(6).reshape(2, 3).astype(dt)
    np.save(name, a)
    b = np.load(name)
    print(dt, b.dtype, b.shape, np.array_equal(a, b))
np.save(name, np.array(3.5))
z = np.load(name)
print(repr(z), z.shape)
np.save(name, np.zeros((0, 2)))
print(repr(np.load(name)))
np.save(name, np.arange(6).reshape(2, 3).T)
print(np.load(name))
np.save(name, [[1, 2], [3, 4]])
print(np.load(name))
