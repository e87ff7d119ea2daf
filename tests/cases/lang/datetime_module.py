# Python's datetime module: date, datetime, time and timedelta, their
# arithmetic, comparisons, reprs, strs and formatting.
import datetime
from datetime import date, timedelta

d = datetime.date(2020, 2, 28)
print(repr(d), d, d.year, d.month, d.day, d.weekday(), d.isoweekday(), d.toordinal())
print(d + timedelta(days=1), d + timedelta(days=2), repr(d - timedelta(hours=1)), d - date(2019, 12, 31))
print(repr(date(2021, 1, 1) - date(2020, 1, 1)), date.fromisoformat('2021-03-04'), date.fromordinal(738000))
print(d.isoformat(), d.strftime('%d/%m/%Y %a %A %b %B %j %y %%'), d.replace(month=3, day=1))
t = datetime.datetime(2020, 1, 2, 10, 30)
print(repr(t), t, t.hour, t.minute, t.second, t.microsecond, repr(t.date()), repr(t.time()))
print(repr(datetime.datetime(2020, 1, 2)), repr(datetime.datetime(2020, 1, 2, 0, 0, 5)), repr(datetime.datetime(2020, 1, 2, 3, 4, 5, 6)))
print(t.isoformat(), t.isoformat(' '), t.strftime('%Y-%m-%d %H:%M:%S.%f %I %p'), datetime.datetime(2020, 1, 2, 0, 0, 0, 5).isoformat())
print(t + timedelta(hours=20), t - datetime.datetime(2019, 12, 31, 23), repr(t - timedelta(microseconds=1)))
print(datetime.datetime.fromisoformat('2021-03-04T05:06:07.5'), datetime.datetime.fromisoformat('2021-03-04'))
print(datetime.datetime.combine(d, datetime.time(3, 4)), datetime.datetime(1970, 1, 2).timestamp())
print(repr(datetime.time(9, 5)), datetime.time(9, 5, 7, 8), datetime.time(), repr(datetime.time(1, 2, 3)))
for td in [timedelta(), timedelta(days=1), timedelta(hours=25), timedelta(seconds=-1), timedelta(minutes=90),
           timedelta(milliseconds=1.5), timedelta(weeks=1, days=-2), timedelta(days=-3, hours=5), timedelta(microseconds=7)]:
    print(repr(td), str(td), td.days, td.seconds, td.microseconds, td.total_seconds())
a, b = timedelta(hours=3), timedelta(minutes=45)
print(a + b, a - b, b - a, a * 2, 2 * a, a * 0.5, a / b, a // b, a % b, a / 4, a // 7, -a, abs(-a), +b)
print(a > b, a == timedelta(seconds=10800), d < date(2020, 3, 1), t >= datetime.datetime(2020, 1, 2, 10, 30), d != date(2020, 2, 28))
print(bool(timedelta()), bool(timedelta(1)), len({date(2020, 1, 1), date(2020, 1, 1), date(2020, 1, 2)}), sorted([date(2020, 5, 1), date(2019, 1, 1)]))
print({d: 'x'}[date(2020, 2, 28)], type(d).__name__, isinstance(d, datetime.date), datetime.MINYEAR, datetime.MAXYEAR)
print(isinstance(t, datetime.date), isinstance(d, datetime.datetime), isinstance(a, datetime.timedelta), isinstance(t, datetime.time), type(t).__name__, type(a))
for f in [lambda: date(2020, 2, 30), lambda: date(2020, 13, 1), lambda: datetime.datetime(2020, 1, 1, 24),
          lambda: date.fromisoformat('2020-1-1'), lambda: d + 1, lambda: d < t, lambda: timedelta(1) / 0,
          lambda: date(9999, 12, 31) + timedelta(days=1)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__ + ':', e)
