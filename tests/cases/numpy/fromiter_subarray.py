# xpush: skip-device=npu
# np.fromiter with a subarray dtype: rows of its shape
import numpy as np
iterable = ((x + 1, x + 2) for x in range(5))
print(repr(np.fromiter(iterable, dtype=np.dtype((int, 2)))))
print(repr(np.fromiter([[1, 2], [3, 4]], dtype=('f4', (2,)), count=1)))
print(repr(np.fromiter([5, 6], dtype=('i2', (3,)))))
print(repr(np.fromiter(([[i, i], [i, i]] for i in range(2)), dtype=('u1', (2, 2)))))
try:
    np.fromiter([[1, 2, 3]], dtype=('f4', (2,)))
except Exception as e:
    print(type(e).__name__, e)
try:
    np.fromiter([[1, 2]], dtype=('f4', (2,)), count=3)
except Exception as e:
    print(type(e).__name__, e)
print(repr(np.fromiter([], dtype=('i4', (3,)))))
print(repr(np.fromiter(range(3), dtype=('f8', ()))))
