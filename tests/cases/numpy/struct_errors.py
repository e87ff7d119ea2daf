# Structured errors with NumPy's classes and messages.
import numpy as np

a = np.zeros(2, dtype=[('x', 'f8'), ('y', 'i4')])
for f in [lambda: a['z'], lambda: a[['x', 'z']],
          lambda: np.dtype([('a', 'i4'), ('a', 'f8')]),
          lambda: np.array([(1, 2, 3)], dtype='i4,f8'),
          lambda: np.dtype({'names': ['a'], 'formats': ['i4'], 'itemsize': 2}),
          lambda: np.dtype([('a', 'i4')])['b'],
          lambda: np.dtype([('a', 'i4')])[3],
          lambda: a[0][5],
          lambda: np.dtype({'names': ['a', 'b'], 'formats': ['i4']}),
          lambda: np.sort(a, order='q')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
a['z'] = 1
