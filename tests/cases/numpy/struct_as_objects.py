# Records meeting functions for other dtypes: as objects they are tuples
# (astype(object), np.array(..., dtype=object), frompyfunc, vectorize);
# the string and datetime functions refuse them with NumPy's errors.
import numpy as np

a = np.array([(1, 2.5), (3, -1.0)], dtype='i4,f8')
for f in [lambda: a.astype('O'), lambda: np.array(a, dtype=object), lambda: a.astype(object)[1],
          lambda: np.frompyfunc(str, 1, 1)(a), lambda: np.vectorize(len)(a),
          lambda: np.char.upper(a), lambda: np.isnat(a)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
