# np.busdaycalendar: its weekmask and holidays (sorted, deduplicated, NaT and
# holidays on non-business weekdays dropped), used through busdaycal= by
# busday_count, is_busday and busday_offset, and NumPy's errors.
import numpy as np
c = np.busdaycalendar(weekmask='1111100', holidays=['2024-01-01', '2023-12-25', '2024-01-01', 'NaT', '2024-01-06'])
print(repr(c.weekmask), repr(c.holidays), type(c), isinstance(c, np.busdaycalendar))
d = np.busdaycalendar()
print(repr(d.weekmask), repr(d.holidays))
e = np.busdaycalendar(weekmask='Mon Tue Sat', holidays=['2024-01-01', '2024-01-03'])
print(repr(e.weekmask), repr(e.holidays))
f = np.busdaycalendar(weekmask=[1, 0, 1, 0, 1, 0, 1])
print(repr(f.weekmask))
print(np.busday_count('2024-01-01', '2024-02-01', busdaycal=c), np.is_busday('2024-01-01', busdaycal=c), np.busday_offset('2023-12-22', 1, busdaycal=c))
print(np.busday_count('2024-01-01', '2024-03-01', busdaycal=e), repr(np.is_busday(np.arange('2024-01-01', '2024-01-08', dtype='M8[D]'), busdaycal=e)))
print(repr(np.busday_offset(['2024-01-01', '2024-01-05'], 3, roll='forward', busdaycal=e)))
print(np.busday_count('2024-01-01', '2024-02-01', weekmask='1111100'), np.busday_count('2024-01-01', '2024-02-01', weekmask='Mon'))
for bad in [lambda: np.busday_count('2024-01-01', '2024-02-01', weekmask='1111100', busdaycal=c),
            lambda: np.is_busday('2024-01-01', holidays=['2024-01-01'], busdaycal=c),
            lambda: np.busday_offset('2024-01-01', 1, weekmask='Mon', busdaycal=c),
            lambda: np.busdaycalendar(weekmask='0000000'),
            lambda: np.busdaycalendar(weekmask=[0] * 7),
            lambda: np.busdaycalendar(weekmask='Foo'),
            lambda: np.busday_count('2024-01-01', '2024-02-01', weekmask='0000000'),
            lambda: np.is_busday('2024-01-01', weekmask=[0] * 7)]:
    try:
        bad()
    except Exception as ex:
        print(type(ex).__name__, ex)
