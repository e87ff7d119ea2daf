# busday_count and busday_offset of NaT: NumPy's errors (roll='raise'), NaT kept
# under another roll.
import numpy as np
for f in [lambda: np.busday_count('NaT', '2020-01-01'), lambda: np.busday_count(['2020-01-01', 'NaT'], '2020-02-01'), lambda: np.busday_offset('NaT', 1), lambda: np.is_busday('NaT')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
print(repr(np.busday_offset('NaT', 1, roll='forward')), repr(np.busday_offset(['NaT', '2020-01-01'], 1, roll='following')))
