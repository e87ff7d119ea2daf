# Datetime errors with NumPy's classes and messages.
import numpy as np

for f in [lambda: np.datetime64('2020-13-01'), lambda: np.datetime64('2019-02-29'),
          lambda: np.datetime64('abc'), lambda: np.datetime64(5),
          lambda: np.timedelta64(1, 'Y') + np.timedelta64(1, 'D'),
          lambda: np.datetime64('2020-01-01') + np.datetime64('2020-01-01'),
          lambda: np.datetime64('2020-01-01') < np.timedelta64(1, 'D'),
          lambda: np.isnat(np.array([1.0])),
          lambda: np.datetime_data(np.dtype('f8'))]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
np.array(['2020-01-32'], dtype='datetime64[D]')
