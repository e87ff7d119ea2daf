# datetime64/timedelta64 and Python's datetime: tolist() and item() give
# date, datetime and timedelta objects (ints for the finer units, None
# for NaT), and NumPy takes those objects back.
import datetime
import numpy as np

for unit in ['Y', 'M', 'W', 'D', 'h', 'm', 's', 'ms', 'us', 'ns']:
    a = np.array(['2020-01-02T03:04:05.678901', 'NaT'], dtype=f'M8[{unit}]')
    print(unit, a.tolist(), repr(a[0].item()))
for unit in ['Y', 'M', 'W', 'D', 'h', 'm', 's', 'ms', 'us', 'ns']:
    t = np.array([90061, -5], dtype=f'm8[{unit}]')
    print(unit, t.tolist(), repr(t[1].item()))
print(repr(np.datetime64('2020-05-06').item()), repr(np.timedelta64(3, 'D').item()), np.datetime64('NaT').item())
print(repr(np.datetime64(datetime.date(2020, 1, 2))), repr(np.datetime64(datetime.datetime(2020, 1, 2, 3, 4))))
print(repr(np.timedelta64(datetime.timedelta(hours=1))))
print(repr(np.array([datetime.date(2020, 1, 2), datetime.date(2021, 3, 4)])))
print(repr(np.array([datetime.datetime(2020, 1, 2, 3), datetime.datetime(2020, 1, 2, 4, 5)])))
print(repr(np.array([datetime.timedelta(days=1), datetime.timedelta(seconds=5)])))
print(repr(np.array([datetime.date(2020, 1, 2)], dtype='M8[s]')))
d = np.arange('2020-01-30', '2020-02-02', dtype='M8[D]')
print([x.strftime('%b %d') for x in d.tolist()], d.tolist()[0] + datetime.timedelta(days=7))
print(repr(np.array(['2020-01-01T10:00'], dtype='M8[m]').astype(object)))
