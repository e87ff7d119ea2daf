# Host arrays where a joining function takes an axis: NumPy's TypeError (no
# endless recursion through the text overrides).
import numpy as np
t = np.array(['a', 'bc'])
d = np.array(['2020-01-01', 'NaT'], dtype='M8[D]')
for f in [lambda: np.concatenate(t, t), lambda: np.concatenate(d, d), lambda: np.concatenate([t, t], 0), lambda: np.append(t, t, t)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
