# A string array in arithmetic with a number is NumPy's UFuncTypeError.
import numpy as np

a = np.array(['a', 'bcd'])
for f in [lambda: a - a, lambda: a * 1.5, lambda: -a, lambda: a < 1.5, lambda: a * 2,
          lambda: np.array(['1', 'x']).astype(int), lambda: np.array(['x']).astype(float),
          lambda: np.char.lower(1)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)
print(np.array(['7', 'seven']).astype(int))
