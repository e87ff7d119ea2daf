import numpy as np
a = np.array([1, 4, 9])
print(repr(np.sqrt(a)), repr(np.sqrt(a.astype(np.int8))), repr(np.exp(np.array([0], dtype=np.uint8))))
print(repr(np.square(a)), repr(np.negative(a)), repr(np.absolute(-a)), repr(np.sign(a - 4)))
