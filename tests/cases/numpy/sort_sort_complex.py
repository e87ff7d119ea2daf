import numpy as np
print(np.sort_complex([5, 3, 6, 2, 1]))
print(np.sort_complex([1 + 2j, 2 - 1j, 3 - 2j, 3 - 3j, 3 + 5j]))
print(np.sort_complex(np.array([3, 1], dtype=np.int8)))
print(np.sort_complex(np.array([3, 1], dtype=np.int32)).dtype)
print(np.sort_complex(np.array([2.5, 1.5], dtype=np.float32)).dtype)
print(np.sort_complex(np.array([2, 1], dtype=np.complex64)))
