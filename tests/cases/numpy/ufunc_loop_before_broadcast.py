# A ufunc resolves its loop before it broadcasts: a missing loop is the
# TypeError even when the shapes do not broadcast either.
import numpy as np

for f in [
    lambda: np.array([1, 0, 100], dtype=np.uint64) >> np.array([2, 2, 2, 2], dtype=np.int32),
    lambda: np.bitwise_or(np.ones((2, 3), dtype=np.complex64), np.ones(4, dtype=np.complex64)),
    lambda: np.ones(3) & np.ones(2),
    lambda: np.ones(3, dtype=np.int8) + np.ones(2, dtype=np.int8),
]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, isinstance(e, TypeError), e)
out = np.zeros(2)
try:
    np.left_shift(np.ones(3), np.ones(4), out=out)
except TypeError as e:
    print("TypeError:", e)
