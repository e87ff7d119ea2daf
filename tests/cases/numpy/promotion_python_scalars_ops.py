import numpy as np
for t in [np.bool_, np.int8, np.uint16, np.int64, np.float16, np.float32, np.complex64]:
    a = np.ones(2, dtype=t)
    print(t.__name__, (a + 1).dtype if t is not np.bool_ else (a + 1).dtype, (a * 1.5).dtype, (a - 1j).dtype, (a / 2).dtype, (a // 1).dtype if t is not np.complex64 else '-')
