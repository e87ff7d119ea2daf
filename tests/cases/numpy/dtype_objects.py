import numpy as np
print(repr(np.dtype('float32')))
print(np.dtype('i8'))
print(np.dtype(float), np.dtype(int), np.dtype(bool), np.dtype(complex))
print(np.dtype('f4') == np.float32)
print(np.dtype('f8') == 'float64')
d = np.dtype('u2')
print(d.name, d.kind, d.char, d.itemsize, d.str)
