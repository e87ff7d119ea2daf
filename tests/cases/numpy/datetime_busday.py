# Business days: busday_offset with each roll, busday_count both ways,
# is_busday, weekmasks and holidays.
import numpy as np

print(repr(np.busday_offset('2024-01-05', 1)), repr(np.busday_offset('2024-01-06', 0, roll='forward')), repr(np.busday_offset('2024-01-06', 0, roll='backward')))
print(repr(np.busday_count('2024-01-01', '2024-02-01')), repr(np.is_busday(np.array(['2024-01-06', '2024-01-08'], dtype='M8[D]'))))
print(repr(np.busday_offset(np.array(['2024-01-05', '2024-01-08'], dtype='M8[D]'), [1, 5])))
print(repr(np.busday_count('2024-01-01', '2024-02-01', weekmask='Mon Wed', holidays=['2024-01-01'])))
print(repr(np.is_busday('2024-12-25', holidays=['2024-12-25'])))
print(repr(np.busday_count('2024-02-01', '2024-01-01')))
print(repr(np.busday_offset('2024-01-05', -1)), repr(np.busday_offset('2024-01-10', 0, roll='modifiedfollowing')))
print(repr(np.busday_offset('2024-03-30', 0, roll='modifiedfollowing')), repr(np.busday_offset('2024-06-01', 0, roll='modifiedpreceding')))
print(repr(np.busday_offset('2024-01-06', 2, roll='nat')), repr(np.busday_offset('2024-01-01', 10, weekmask=[1, 1, 1, 1, 0, 0, 1])))
print(repr(np.is_busday(np.arange('2024-01-01', '2024-01-08', dtype='datetime64[D]'), weekmask='1111100')))
print(repr(np.busday_count(['2024-01-01', '2024-03-01'], '2024-12-31')))
hol = ['2024-01-01', '2024-01-15', '2024-02-19', '2024-05-27', '2024-07-04', '2024-12-25']
for n in [-400, -37, -11, 11, 12, 37, 250, 400]:
    print(n, np.busday_offset('2024-03-06', n, holidays=hol), np.busday_offset('2024-03-06', n, weekmask='Mon Wed Sat'))
print(np.busday_count('2020-01-01', '2030-01-01', holidays=hol), np.busday_count('2030-01-01', '2020-01-03', weekmask=[0, 1, 0, 1, 0, 1, 1]))
np.busday_offset('2024-01-06', 1)
