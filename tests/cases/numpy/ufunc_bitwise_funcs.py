import numpy as np
a = np.array([5, 12], dtype=np.uint8)
print(repr(np.bitwise_and(a, 6)), repr(np.bitwise_or(a, 1)), repr(np.bitwise_xor(a, 255)), repr(np.invert(a)), repr(np.left_shift(a, 2)), repr(np.right_shift(a, 1)))
