# A Python complex stored into a real array: NumPy converts it with
# float()/int(), which raise; a bool array takes its truth value; NumPy
# complex scalars and arrays are cast (the imaginary part is dropped).
import numpy as np

b = np.zeros(3, dtype=bool)
b[0] = 1 + 2j
b.fill(1j)
print(b)
c = np.zeros(2, dtype=np.complex64)
c[1] = 1 + 2j
print(c)
f = np.zeros(3, dtype=np.float32)
f.fill(2.5)
print(f)
i = np.zeros(3, dtype=np.int16)
i[1:] = 7
print(i)
f[0] = 1 + 2j
