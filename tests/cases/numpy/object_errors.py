# Object arrays raise what the elements' operations raise, and NumPy's
# own errors for ragged lists, empty reductions and missing methods.
import numpy as np

c = np.array([1, 2, 3], dtype=object)
for f in [lambda: np.sqrt(c), lambda: np.exp(np.array([1.5], dtype=object)),
          lambda: np.array([1, 'a'], dtype=object) + 1, lambda: np.array([1, 'a'], dtype=object) < 1,
          lambda: -np.array(['a'], dtype=object), lambda: np.array([], dtype=object).max(),
          lambda: np.array([None], dtype=object).astype(np.int64),
          lambda: np.array(['x'], dtype=object).astype(np.int64),
          lambda: np.array([2**70], dtype=object).astype(np.int64),
          lambda: np.array([1 + 2j], dtype=object).astype(float),
          lambda: c / 0, lambda: c + np.array([1, 2], dtype=object),
          lambda: np.array([[1], [1, 2]])]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ':', e)
np.array([[1, 2], [3]]) + 1
