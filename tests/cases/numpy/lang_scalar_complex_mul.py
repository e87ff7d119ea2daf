# NumPy scalar complex multiply is scalarmath's plain formula (never fused),
# which differs in the last bit from the SIMD array loop for many inputs.
import numpy as np
vals = [complex(0.1 * i + 0.37, 1.3 - 0.29 * i) for i in range(12)]
scalars = [np.complex128(v) for v in vals]
for i in range(len(scalars) - 1):
    print(repr(scalars[i] * scalars[i + 1]), repr(np.complex64(vals[i]) * np.complex64(vals[i + 1])))
z = np.complex128(0.3 + 0.7j)
print(repr(z * z), repr(z ** 2), repr(z * 1.1), repr(2.5j * z))
