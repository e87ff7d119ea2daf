# np.datetime64 and np.timedelta64 scalars as dict keys and set items: equal
# values hash alike in any unit, so grouping by date works; ordering and
# sorting of the scalars; NumPy's error for a generic timedelta's hash.
import numpy as np
d = np.datetime64('2020-01-02')
print({d: 1, np.datetime64('2020-01-02T00', 'h'): 2})
print(hash(d) == hash(np.datetime64('2020-01-02T00:00:00.000', 'ms')), hash(np.timedelta64(1, 'Y')), hash(np.timedelta64(1, 'M')))
print(hash(np.timedelta64(3, 'D')) == hash(np.timedelta64(72, 'h')))
dates = np.array(['2021-03-01', '2021-03-02', '2021-03-01'], dtype='datetime64[D]')
counts = {}
for x in dates:
    counts[x] = counts.get(x, 0) + 1
print(counts, len(set(dates)), np.datetime64('2021-03-01') in counts)
try:
    hash(np.timedelta64(5))
except ValueError as e:
    print('ValueError:', e)
print(sorted({np.timedelta64(2, 'D'), np.timedelta64(48, 'h'), np.timedelta64(1, 'D')}))
