# Objects in data given a numeric dtype are converted one by one, as
# NumPy's object-to-number cast does; no object array is made.
import numpy as np

print(repr(np.array([None, 1.0], dtype=float)))
print(repr(np.asarray([None, 2], dtype=np.float32)))
print(repr(np.array([None, 1], dtype=bool)))
print(repr(np.array([None, 1j], dtype=complex)))
print(repr(np.asarray(2**70, dtype=np.float64)))
print(repr(np.array([2**70], dtype=np.complex64)))
print(repr(np.array([2**70, None])))
for f in [lambda: np.array([None, 1], dtype=int),
          lambda: np.array([{}, 1], dtype=float),
          lambda: np.asarray(2**70, dtype=np.int64),
          lambda: np.array([[None], [1, 2]], dtype=float)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
try:
    np.array([[None], [1, 2]], dtype=object).astype(float)
except ValueError as e:
    print('ValueError:', e)
print(repr(np.array([None], dtype=object).astype(complex)))
