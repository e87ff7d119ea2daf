//! Python's `datetime` module: `date`, `datetime` (naive), `time` and
//! `timedelta`, with CPython's arithmetic, comparisons, hashing, reprs and
//! `str`s, and what NumPy's `datetime64`/`timedelta64` become in
//! `tolist()`/`item()` ([`from_numpy`]).
//!
//! A value is an [`Object::DateTime`] holding a [`Dt`]. The classes are
//! type entries of the module `datetime`; their methods and class methods
//! are the entries of the modules `datetime.date`, `datetime.datetime`,
//! `datetime.time` and `datetime.timedelta` (a value's type name).

use std::rc::Rc;

use xpush_lang::ast::BinOp;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::numpy::host::datetime::{civil_from_days, days_from_civil};
use crate::table::FuncDef;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// Microseconds a day.
const DAY_US: i64 = 86_400_000_000;
/// Days from 0001-01-01 to 1970-01-01 (`date(1970, 1, 1).toordinal() - 1`).
const EPOCH_DAYS: i64 = 719_162;
/// The largest timedelta, in microseconds (999999999 days, 23:59:59.999999).
const MAX_DELTA_US: i128 = 999_999_999 * DAY_US as i128 + (DAY_US as i128 - 1);

/// A value of the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dt {
    /// A date: days since 0001-01-01.
    Date(i64),
    /// A naive datetime: microseconds since 0001-01-01T00:00.
    DateTime(i64),
    /// A time of day: microseconds since midnight.
    Time(i64),
    /// A duration in microseconds.
    Delta(i128),
}

impl Dt {
    /// The type name (`datetime.date`), also the table module of its methods.
    pub fn type_name(self) -> &'static str {
        match self {
            Dt::Date(_) => "datetime.date",
            Dt::DateTime(_) => "datetime.datetime",
            Dt::Time(_) => "datetime.time",
            Dt::Delta(_) => "datetime.timedelta",
        }
    }

    /// `repr`: `datetime.date(2020, 1, 2)`, `datetime.timedelta(days=1, seconds=3)`.
    pub fn repr(self) -> String {
        match self {
            Dt::Date(d) => {
                let (y, m, day) = ymd(d);
                format!("datetime.date({y}, {m}, {day})")
            }
            Dt::DateTime(us) => {
                let (y, m, d) = ymd(us.div_euclid(DAY_US));
                let mut parts = vec![y, m, d];
                parts.extend(clock_parts(us.rem_euclid(DAY_US)));
                trim_zeros(&mut parts, 5);
                format!("datetime.datetime({})", join(&parts))
            }
            Dt::Time(us) => {
                let mut parts = clock_parts(us).to_vec();
                trim_zeros(&mut parts, 2);
                format!("datetime.time({})", join(&parts))
            }
            Dt::Delta(us) => {
                let (days, secs, micros) = delta_parts(us);
                let mut parts = Vec::new();
                for (name, v) in [("days", days), ("seconds", secs), ("microseconds", micros)] {
                    if v != 0 {
                        parts.push(format!("{name}={v}"));
                    }
                }
                if parts.is_empty() {
                    parts.push("0".into());
                }
                format!("datetime.timedelta({})", parts.join(", "))
            }
        }
    }

    /// `str`: `2020-01-02`, `2020-01-02 10:00:00`, `1 day, 0:00:03`.
    pub fn str(self) -> String {
        match self {
            Dt::Date(_) | Dt::DateTime(_) | Dt::Time(_) => self.isoformat(' '),
            Dt::Delta(us) => {
                let (days, secs, micros) = delta_parts(us);
                let clock = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
                let clock = if micros != 0 {
                    format!("{clock}.{micros:06}")
                } else {
                    clock
                };
                match days {
                    0 => clock,
                    1 | -1 => format!("{days} day, {clock}"),
                    _ => format!("{days} days, {clock}"),
                }
            }
        }
    }

    /// `isoformat(sep)`.
    fn isoformat(self, sep: char) -> String {
        let clock = |us: i64| {
            let [h, m, s, micro] = clock_parts(us);
            if micro != 0 {
                format!("{h:02}:{m:02}:{s:02}.{micro:06}")
            } else {
                format!("{h:02}:{m:02}:{s:02}")
            }
        };
        match self {
            Dt::Date(d) => date_text(d),
            Dt::DateTime(us) => format!(
                "{}{sep}{}",
                date_text(us.div_euclid(DAY_US)),
                clock(us.rem_euclid(DAY_US))
            ),
            Dt::Time(us) => clock(us),
            Dt::Delta(_) => self.str(),
        }
    }
}

fn join(parts: &[i64]) -> String {
    parts
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Drops trailing zero parts down to `keep` parts (CPython's reprs).
fn trim_zeros(parts: &mut Vec<i64>, keep: usize) {
    while parts.len() > keep && parts.last() == Some(&0) {
        parts.pop();
    }
}

/// Year, month and day of a day number (days since 0001-01-01).
fn ymd(days: i64) -> (i64, i64, i64) {
    civil_from_days(days - EPOCH_DAYS)
}

fn date_text(days: i64) -> String {
    let (y, m, d) = ymd(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Hour, minute, second and microsecond of microseconds since midnight.
fn clock_parts(us: i64) -> [i64; 4] {
    let s = us / 1_000_000;
    [s / 3600, s / 60 % 60, s % 60, us % 1_000_000]
}

/// CPython's normalized timedelta fields: days (any sign), seconds in
/// `0..86400`, microseconds in `0..1000000`.
fn delta_parts(us: i128) -> (i64, i64, i64) {
    let day = i128::from(DAY_US);
    let days = us.div_euclid(day);
    let rest = us.rem_euclid(day) as i64;
    (days as i64, rest / 1_000_000, rest % 1_000_000)
}

/// A value as a language value.
pub fn value(d: Dt) -> Value {
    Value::Object(Rc::new(Object::DateTime(d)))
}

/// The [`Dt`] a value is, if any.
pub fn of(v: &Value) -> Option<Dt> {
    match v {
        Value::Object(o) => match &**o {
            Object::DateTime(d) => Some(*d),
            _ => None,
        },
        _ => None,
    }
}

/// The day number of a date, or CPython's errors for a bad one.
fn checked_date(y: i64, m: i64, d: i64) -> Result<i64> {
    if !(1..=9999).contains(&y) {
        return Err(Error::value_error(format!("year {y} is out of range")));
    }
    if !(1..=12).contains(&m) {
        return Err(Error::value_error("month must be in 1..12"));
    }
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let len = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=len).contains(&d) {
        return Err(Error::value_error("day is out of range for month"));
    }
    Ok(days_from_civil(y, m, d) + EPOCH_DAYS)
}

/// Microseconds since midnight, or CPython's errors.
fn checked_clock(h: i64, m: i64, s: i64, us: i64) -> Result<i64> {
    let check = |v: i64, hi: i64, what: &str| {
        if (0..hi).contains(&v) {
            Ok(())
        } else {
            Err(Error::value_error(format!(
                "{what} must be in 0..{}",
                hi - 1
            )))
        }
    };
    check(h, 24, "hour")?;
    check(m, 60, "minute")?;
    check(s, 60, "second")?;
    check(us, 1_000_000, "microsecond")?;
    Ok(((h * 60 + m) * 60 + s) * 1_000_000 + us)
}

fn int(v: &Value) -> Result<i64> {
    crate::py::num::index_i64(v)
}

/// A datetime's microseconds within CPython's range.
fn checked_datetime(us: i128) -> Result<Dt> {
    let max = i128::from(checked_date(9999, 12, 31).unwrap_or(0) + 1) * i128::from(DAY_US);
    if !(0..max).contains(&us) {
        return Err(Error::new(
            xpush_npu::ExcKind::OverflowError,
            "date value out of range",
        ));
    }
    Ok(Dt::DateTime(us as i64))
}

fn checked_delta(us: i128) -> Result<Dt> {
    if us.abs() > MAX_DELTA_US + i128::from(DAY_US) {
        return Err(Error::new(
            xpush_npu::ExcKind::OverflowError,
            format!(
                "days={}; must have magnitude <= 999999999",
                us / i128::from(DAY_US)
            ),
        ));
    }
    Ok(Dt::Delta(us))
}

// ---- the classes ----

/// The module `datetime`: the classes.
pub const FUNCS: &[FuncDef] =
    &[
        entry!(Type, System, "datetime", "date", "(year, month, day)", date_new,
        "A calendar date (proleptic Gregorian, years 1 to 9999).",
        ["datetime.date(2020, 1, 31) + datetime.timedelta(days=1)  # datetime.date(2020, 2, 1)"]),
        entry!(
            Type,
            System,
            "datetime",
            "datetime",
            "(year, month, day, hour=0, minute=0, second=0, microsecond=0, tzinfo=None)",
            datetime_new,
            "A date and time of day (naive: no time zone).",
            [
                "datetime.datetime(2020, 1, 2, 10, 30)  # datetime.datetime(2020, 1, 2, 10, 30)",
                "str(datetime.datetime(2020, 1, 2, 10, 30))  # '2020-01-02 10:30:00'"
            ]
        ),
        entry!(
            Type,
            System,
            "datetime",
            "time",
            "(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)",
            time_new,
            "A time of day.",
            ["datetime.time(9, 5)  # datetime.time(9, 5)"]
        ),
        entry!(
            Type,
            System,
            "datetime",
            "timedelta",
            "(days=0, seconds=0, microseconds=0, milliseconds=0, minutes=0, hours=0, weeks=0)",
            timedelta_new,
            "A duration, kept as days, seconds and microseconds.",
            [
                "datetime.timedelta(hours=25)  # datetime.timedelta(days=1, seconds=3600)",
                "str(datetime.timedelta(minutes=90))  # '1:30:00'"
            ]
        ),
    ];

/// The methods, properties and class methods.
pub const METHODS: &[FuncDef] = &[
    entry!(Function, System, "datetime.date", "today", "()", date_today,
        "Today's date (UTC on this machine).",
        ["datetime.date.today().year > 2000  # True"]),
    entry!(Function, System, "datetime.date", "fromisoformat", "(date_string)", date_fromiso,
        "The date of an ISO text 'YYYY-MM-DD'.",
        ["datetime.date.fromisoformat('2021-03-04')  # datetime.date(2021, 3, 4)"]),
    entry!(Function, System, "datetime.date", "fromordinal", "(n)", date_fromordinal,
        "The date of a proleptic Gregorian ordinal (1 is 0001-01-01).",
        ["datetime.date.fromordinal(738000)  # datetime.date(2021, 7, 29)"]),
    entry!(Function, System, "datetime.datetime", "now", "(tz=None)", datetime_now,
        "The current date and time (UTC on this machine).",
        ["datetime.datetime.now().year > 2000  # True"]),
    entry!(Function, System, "datetime.datetime", "today", "()", datetime_now,
        "The current date and time (UTC on this machine).",
        ["datetime.datetime.today().year > 2000  # True"]),
    entry!(Function, System, "datetime.datetime", "fromisoformat", "(date_string)", datetime_fromiso,
        "The datetime of an ISO text ('2021-03-04T05:06:07', a space also separates).",
        ["datetime.datetime.fromisoformat('2021-03-04 05:06')  # datetime.datetime(2021, 3, 4, 5, 6)"]),
    entry!(Function, System, "datetime.datetime", "combine", "(date, time)", datetime_combine,
        "The datetime of a date and a time.",
        ["datetime.datetime.combine(datetime.date(2020, 1, 2), datetime.time(3))  # datetime.datetime(2020, 1, 2, 3, 0)"]),
    entry!(Property, System, "datetime.date", "year", "(self, /)", |_, a| part(a, Part::Year), "The year.", ["datetime.date(2020, 5, 6).year  # 2020"]),
    entry!(Property, System, "datetime.date", "month", "(self, /)", |_, a| part(a, Part::Month), "The month (1 to 12).", ["datetime.date(2020, 5, 6).month  # 5"]),
    entry!(Property, System, "datetime.date", "day", "(self, /)", |_, a| part(a, Part::Day), "The day of the month.", ["datetime.date(2020, 5, 6).day  # 6"]),
    entry!(Method, System, "datetime.date", "isoformat", "(self)", |_, a| iso(a, 'T'), "'YYYY-MM-DD'.", ["datetime.date(2020, 5, 6).isoformat()  # '2020-05-06'"]),
    entry!(Method, System, "datetime.date", "weekday", "(self)", |_, a| weekday(a, 0), "The day of the week, Monday 0 to Sunday 6.", ["datetime.date(2024, 1, 1).weekday()  # 0"]),
    entry!(Method, System, "datetime.date", "isoweekday", "(self)", |_, a| weekday(a, 1), "The day of the week, Monday 1 to Sunday 7.", ["datetime.date(2024, 1, 7).isoweekday()  # 7"]),
    entry!(Method, System, "datetime.date", "toordinal", "(self)", toordinal, "The proleptic Gregorian ordinal (0001-01-01 is 1).", ["datetime.date(1970, 1, 1).toordinal()  # 719163"]),
    entry!(Method, System, "datetime.date", "strftime", "(self, format)", strftime, "The date formatted with %Y %m %d %H %M %S %f %j %a %A %b %B %y %p %%.", ["datetime.date(2020, 5, 6).strftime('%d/%m/%Y')  # '06/05/2020'"]),
    entry!(Method, System, "datetime.date", "replace", "(self, year=None, month=None, day=None)", replace, "The date with some fields replaced.", ["datetime.date(2020, 5, 6).replace(day=1)  # datetime.date(2020, 5, 1)"]),
    entry!(Property, System, "datetime.datetime", "year", "(self, /)", |_, a| part(a, Part::Year), "The year.", ["datetime.datetime(2020, 5, 6).year  # 2020"]),
    entry!(Property, System, "datetime.datetime", "month", "(self, /)", |_, a| part(a, Part::Month), "The month (1 to 12).", ["datetime.datetime(2020, 5, 6).month  # 5"]),
    entry!(Property, System, "datetime.datetime", "day", "(self, /)", |_, a| part(a, Part::Day), "The day of the month.", ["datetime.datetime(2020, 5, 6).day  # 6"]),
    entry!(Property, System, "datetime.datetime", "hour", "(self, /)", |_, a| part(a, Part::Hour), "The hour.", ["datetime.datetime(2020, 5, 6, 7).hour  # 7"]),
    entry!(Property, System, "datetime.datetime", "minute", "(self, /)", |_, a| part(a, Part::Minute), "The minute.", ["datetime.datetime(2020, 5, 6, 7, 8).minute  # 8"]),
    entry!(Property, System, "datetime.datetime", "second", "(self, /)", |_, a| part(a, Part::Second), "The second.", ["datetime.datetime(2020, 5, 6, 7, 8, 9).second  # 9"]),
    entry!(Property, System, "datetime.datetime", "microsecond", "(self, /)", |_, a| part(a, Part::Micro), "The microsecond.", ["datetime.datetime(2020, 5, 6, 7, 8, 9, 10).microsecond  # 10"]),
    entry!(Method, System, "datetime.datetime", "isoformat", "(self, sep='T')", |_, a| {
        let sep = crate::ops::to_str(a.get(1)).chars().next().unwrap_or('T');
        iso(a, sep)
    }, "'YYYY-MM-DDTHH:MM:SS[.ffffff]'.", ["datetime.datetime(2020, 5, 6, 7).isoformat()  # '2020-05-06T07:00:00'"]),
    entry!(Method, System, "datetime.datetime", "weekday", "(self)", |_, a| weekday(a, 0), "The day of the week, Monday 0 to Sunday 6.", ["datetime.datetime(2024, 1, 1).weekday()  # 0"]),
    entry!(Method, System, "datetime.datetime", "isoweekday", "(self)", |_, a| weekday(a, 1), "The day of the week, Monday 1 to Sunday 7.", ["datetime.datetime(2024, 1, 7).isoweekday()  # 7"]),
    entry!(Method, System, "datetime.datetime", "toordinal", "(self)", toordinal, "The proleptic Gregorian ordinal of the date.", ["datetime.datetime(1970, 1, 1, 5).toordinal()  # 719163"]),
    entry!(Method, System, "datetime.datetime", "strftime", "(self, format)", strftime, "The datetime formatted with %Y %m %d %H %M %S %f %j %a %A %b %B %y %p %%.", ["datetime.datetime(2020, 5, 6, 7, 8).strftime('%Y-%m-%d %H:%M')  # '2020-05-06 07:08'"]),
    entry!(Method, System, "datetime.datetime", "date", "(self)", |_, a| Ok(value(Dt::Date(us_of(a)?.div_euclid(DAY_US)))), "The date part.", ["datetime.datetime(2020, 5, 6, 7).date()  # datetime.date(2020, 5, 6)"]),
    entry!(Method, System, "datetime.datetime", "time", "(self)", |_, a| Ok(value(Dt::Time(us_of(a)?.rem_euclid(DAY_US)))), "The time part.", ["datetime.datetime(2020, 5, 6, 7).time()  # datetime.time(7, 0)"]),
    entry!(Method, System, "datetime.datetime", "timestamp", "(self)", |_, a| Ok(Value::Float((us_of(a)? - EPOCH_DAYS * DAY_US) as f64 / 1e6)), "Seconds since 1970-01-01 (the datetime read as UTC, this machine's zone).", ["datetime.datetime(1970, 1, 2).timestamp()  # 86400.0"]),
    entry!(Property, System, "datetime.time", "hour", "(self, /)", |_, a| part(a, Part::Hour), "The hour.", ["datetime.time(7, 8).hour  # 7"]),
    entry!(Property, System, "datetime.time", "minute", "(self, /)", |_, a| part(a, Part::Minute), "The minute.", ["datetime.time(7, 8).minute  # 8"]),
    entry!(Property, System, "datetime.time", "second", "(self, /)", |_, a| part(a, Part::Second), "The second.", ["datetime.time(7, 8, 9).second  # 9"]),
    entry!(Property, System, "datetime.time", "microsecond", "(self, /)", |_, a| part(a, Part::Micro), "The microsecond.", ["datetime.time(7, 8, 9, 10).microsecond  # 10"]),
    entry!(Method, System, "datetime.time", "isoformat", "(self)", |_, a| iso(a, 'T'), "'HH:MM:SS[.ffffff]'.", ["datetime.time(7, 8).isoformat()  # '07:08:00'"]),
    entry!(Property, System, "datetime.timedelta", "days", "(self, /)", |_, a| delta_field(a, 0), "Whole days (any sign).", ["datetime.timedelta(hours=-1).days  # -1"]),
    entry!(Property, System, "datetime.timedelta", "seconds", "(self, /)", |_, a| delta_field(a, 1), "Seconds within the day (0 to 86399).", ["datetime.timedelta(hours=-1).seconds  # 82800"]),
    entry!(Property, System, "datetime.timedelta", "microseconds", "(self, /)", |_, a| delta_field(a, 2), "Microseconds within the second.", ["datetime.timedelta(milliseconds=1.5).microseconds  # 1500"]),
    entry!(Method, System, "datetime.timedelta", "total_seconds", "(self)", total_seconds, "The whole duration in seconds.", ["datetime.timedelta(days=1, milliseconds=500).total_seconds()  # 86400.5"]),
];

fn dt_of(a: &Args) -> Result<Dt> {
    of(a.get(0)).ok_or_else(|| Error::type_error("expected a datetime value"))
}

fn us_of(a: &Args) -> Result<i64> {
    match dt_of(a)? {
        Dt::DateTime(us) | Dt::Time(us) => Ok(us),
        Dt::Date(d) => Ok(d * DAY_US),
        Dt::Delta(_) => Err(Error::type_error("expected a datetime")),
    }
}

fn date_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = checked_date(int(a.get(0))?, int(a.get(1))?, int(a.get(2))?)?;
    Ok(value(Dt::Date(d)))
}

fn datetime_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if !a.get(7).is_none() {
        return Err(Error::type_error(
            "xpush's datetimes are naive: tzinfo must be None",
        ));
    }
    let d = checked_date(int(a.get(0))?, int(a.get(1))?, int(a.get(2))?)?;
    let arg = |i: usize| match a.get(i) {
        Value::None => Ok(0),
        v => int(v),
    };
    let clock = checked_clock(arg(3)?, arg(4)?, arg(5)?, arg(6)?)?;
    Ok(value(Dt::DateTime(d * DAY_US + clock)))
}

fn time_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arg = |i: usize| match a.get(i) {
        Value::None => Ok(0),
        v => int(v),
    };
    Ok(value(Dt::Time(checked_clock(
        arg(0)?,
        arg(1)?,
        arg(2)?,
        arg(3)?,
    )?)))
}

/// A number of units as microseconds (floats rounded half to even, as
/// CPython does).
fn micros(v: &Value, unit: f64) -> Result<i128> {
    match v {
        Value::None => Ok(0),
        Value::Int(i) => Ok(i128::from(*i) * unit as i128),
        Value::Bool(b) => Ok(i128::from(*b) * unit as i128),
        other => {
            let f = crate::py::num::to_f64(other)? * unit;
            if !f.is_finite() {
                return Err(Error::value_error("cannot convert float NaN to integer"));
            }
            Ok(f.round_ties_even() as i128)
        }
    }
}

fn timedelta_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let units = [86_400e6, 1e6, 1.0, 1e3, 60e6, 3_600e6, 604_800e6];
    let mut us = 0i128;
    for (i, u) in units.iter().enumerate() {
        us += micros(a.get(i), *u)?;
    }
    Ok(value(checked_delta(us)?))
}

/// Today as a day number (the clock read as UTC).
fn now_us() -> i64 {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    EPOCH_DAYS * DAY_US + d.as_micros() as i64
}

fn date_today(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(value(Dt::Date(now_us().div_euclid(DAY_US))))
}

fn datetime_now(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(value(Dt::DateTime(now_us())))
}

/// Parses `YYYY-MM-DD` into a day number, or CPython's message.
fn parse_date(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| s.get(r)?.parse::<i64>().ok();
    checked_date(num(0..4)?, num(5..7)?, num(8..10)?).ok()
}

/// Parses `HH[:MM[:SS[.ffffff]]]` into microseconds since midnight.
fn parse_clock(s: &str) -> Option<i64> {
    let (main, frac) = match s.split_once('.') {
        Some((m, f)) => (m, Some(f)),
        None => (s, None),
    };
    let parts: Vec<&str> = main.split(':').collect();
    if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.len() != 2) {
        return None;
    }
    let get = |i: usize| parts.get(i).map_or(Some(0), |p| p.parse::<i64>().ok());
    let micro = match frac {
        None => 0,
        Some(f) if (1..=6).contains(&f.len()) && f.bytes().all(|c| c.is_ascii_digit()) => {
            format!("{f:0<6}").parse().ok()?
        }
        Some(_) => return None,
    };
    checked_clock(get(0)?, get(1)?, get(2)?, micro).ok()
}

fn bad_iso(v: &Value) -> Error {
    Error::value_error(format!("Invalid isoformat string: {}", crate::ops::repr(v)))
}

fn date_fromiso(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = crate::ops::to_str(a.get(0));
    parse_date(&s)
        .map(|d| value(Dt::Date(d)))
        .ok_or_else(|| bad_iso(a.get(0)))
}

fn datetime_fromiso(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let s = crate::ops::to_str(a.get(0));
    let (date, clock) = match s.get(10..11) {
        Some("T" | " ") => (&s[..10], Some(&s[11..])),
        _ => (s.as_str(), None),
    };
    let d = parse_date(date).ok_or_else(|| bad_iso(a.get(0)))?;
    let c = match clock {
        Some(c) => parse_clock(c).ok_or_else(|| bad_iso(a.get(0)))?,
        None => 0,
    };
    Ok(value(Dt::DateTime(d * DAY_US + c)))
}

fn date_fromordinal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = int(a.get(0))?;
    if !(1..=3_652_059).contains(&n) {
        return Err(Error::value_error("ordinal must be >= 1"));
    }
    Ok(value(Dt::Date(n - 1)))
}

fn datetime_combine(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match (of(a.get(0)), of(a.get(1))) {
        (Some(Dt::Date(d)), Some(Dt::Time(t))) => Ok(value(Dt::DateTime(d * DAY_US + t))),
        (Some(Dt::DateTime(us)), Some(Dt::Time(t))) => {
            Ok(value(Dt::DateTime(us.div_euclid(DAY_US) * DAY_US + t)))
        }
        _ => Err(Error::type_error(
            "combine() argument 1 must be datetime.date and argument 2 datetime.time",
        )),
    }
}

/// A field of a date, datetime or time.
enum Part {
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    Micro,
}

fn part(a: &Args, p: Part) -> Result<Value> {
    let (days, clock) = match dt_of(a)? {
        Dt::Date(d) => (d, 0),
        Dt::DateTime(us) => (us.div_euclid(DAY_US), us.rem_euclid(DAY_US)),
        Dt::Time(us) => (0, us),
        Dt::Delta(_) => return Err(Error::type_error("a timedelta has no such field")),
    };
    let (y, m, d) = ymd(days);
    let [h, mi, s, us] = clock_parts(clock);
    Ok(Value::Int(match p {
        Part::Year => y,
        Part::Month => m,
        Part::Day => d,
        Part::Hour => h,
        Part::Minute => mi,
        Part::Second => s,
        Part::Micro => us,
    }))
}

fn iso(a: &Args, sep: char) -> Result<Value> {
    Ok(Value::str(dt_of(a)?.isoformat(sep)))
}

fn day_number(a: &Args) -> Result<i64> {
    Ok(match dt_of(a)? {
        Dt::Date(d) => d,
        Dt::DateTime(us) => us.div_euclid(DAY_US),
        _ => return Err(Error::type_error("expected a date")),
    })
}

fn weekday(a: &Args, base: i64) -> Result<Value> {
    // 0001-01-01 was a Monday.
    Ok(Value::Int(day_number(a)?.rem_euclid(7) + base))
}

fn toordinal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(day_number(a)? + 1))
}

fn replace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (y, m, d) = ymd(day_number(a)?);
    let get = |i: usize, old: i64| match a.get(i) {
        Value::None => Ok(old),
        v => int(v),
    };
    let day = checked_date(get(1, y)?, get(2, m)?, get(3, d)?)?;
    Ok(value(Dt::Date(day)))
}

fn delta_field(a: &Args, which: usize) -> Result<Value> {
    let Dt::Delta(us) = dt_of(a)? else {
        return Err(Error::type_error("expected a timedelta"));
    };
    let (d, s, m) = delta_parts(us);
    Ok(Value::Int([d, s, m][which]))
}

fn total_seconds(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Dt::Delta(us) = dt_of(a)? else {
        return Err(Error::type_error("expected a timedelta"));
    };
    Ok(Value::Float(us as f64 / 1e6))
}

const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// `strftime(format)` with the C locale's directives.
fn strftime(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (days, clock) = match dt_of(a)? {
        Dt::Date(d) => (d, 0),
        Dt::DateTime(us) => (us.div_euclid(DAY_US), us.rem_euclid(DAY_US)),
        _ => return Err(Error::type_error("expected a date or datetime")),
    };
    let (y, m, d) = ymd(days);
    let [h, mi, s, us] = clock_parts(clock);
    let fmt = crate::ops::to_str(a.get(1));
    let mut out = String::new();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let Some(k) = chars.next() else {
            out.push('%');
            break;
        };
        let wd = days.rem_euclid(7) as usize;
        let yday = days - checked_date(y, 1, 1).unwrap_or(days) + 1;
        match k {
            'Y' => out.push_str(&format!("{y:04}")),
            'y' => out.push_str(&format!("{:02}", y % 100)),
            'm' => out.push_str(&format!("{m:02}")),
            'd' => out.push_str(&format!("{d:02}")),
            'H' => out.push_str(&format!("{h:02}")),
            'I' => out.push_str(&format!("{:02}", (h + 11) % 12 + 1)),
            'M' => out.push_str(&format!("{mi:02}")),
            'S' => out.push_str(&format!("{s:02}")),
            'f' => out.push_str(&format!("{us:06}")),
            'j' => out.push_str(&format!("{yday:03}")),
            'p' => out.push_str(if h < 12 { "AM" } else { "PM" }),
            'a' => out.push_str(&DAYS[wd][..3]),
            'A' => out.push_str(DAYS[wd]),
            'w' => out.push_str(&((wd + 1) % 7).to_string()),
            'b' | 'h' => out.push_str(&MONTHS[(m - 1) as usize][..3]),
            'B' => out.push_str(MONTHS[(m - 1) as usize]),
            '%' => out.push('%'),
            other => {
                out.push('%');
                out.push(other);
            }
        }
    }
    Ok(Value::str(out))
}

// ---- operators ----

/// `a op b` when either is a datetime value; `None` when neither is.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Option<Result<Value>> {
    let (x, y) = (of(a), of(b));
    if x.is_none() && y.is_none() {
        return None;
    }
    let unsupported = || {
        Err(Error::type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            op.symbol(),
            crate::ops::type_name(a),
            crate::ops::type_name(b)
        )))
    };
    let day = i128::from(DAY_US);
    Some(match (op, x, y) {
        (BinOp::Add, Some(Dt::Date(d)), Some(Dt::Delta(t)))
        | (BinOp::Add, Some(Dt::Delta(t)), Some(Dt::Date(d))) => {
            let days = i128::from(d) + t.div_euclid(day);
            date_in_range(days)
        }
        // `date - t` takes `t.days` whole days off, the part of a day dropped.
        (BinOp::Sub, Some(Dt::Date(d)), Some(Dt::Delta(t))) => {
            date_in_range(i128::from(d) - t.div_euclid(day))
        }
        (BinOp::Sub, Some(Dt::Date(p)), Some(Dt::Date(q))) => {
            Ok(value(Dt::Delta(i128::from(p - q) * day)))
        }
        (BinOp::Add, Some(Dt::DateTime(u)), Some(Dt::Delta(t)))
        | (BinOp::Add, Some(Dt::Delta(t)), Some(Dt::DateTime(u))) => {
            checked_datetime(i128::from(u) + t).map(value)
        }
        (BinOp::Sub, Some(Dt::DateTime(u)), Some(Dt::Delta(t))) => {
            checked_datetime(i128::from(u) - t).map(value)
        }
        (BinOp::Sub, Some(Dt::DateTime(p)), Some(Dt::DateTime(q))) => {
            Ok(value(Dt::Delta(i128::from(p) - i128::from(q))))
        }
        (BinOp::Add, Some(Dt::Delta(p)), Some(Dt::Delta(q))) => checked_delta(p + q).map(value),
        (BinOp::Sub, Some(Dt::Delta(p)), Some(Dt::Delta(q))) => checked_delta(p - q).map(value),
        (BinOp::Mul, Some(Dt::Delta(t)), None) => scale(t, b),
        (BinOp::Mul, None, Some(Dt::Delta(t))) => scale(t, a),
        (BinOp::Div, Some(Dt::Delta(p)), Some(Dt::Delta(q))) => {
            if q == 0 {
                Err(zero_division("division by zero"))
            } else {
                Ok(Value::Float(p as f64 / q as f64))
            }
        }
        (BinOp::FloorDiv, Some(Dt::Delta(p)), Some(Dt::Delta(q))) => {
            if q == 0 {
                Err(zero_division("integer division or modulo by zero"))
            } else {
                Ok(Value::Int(p.div_euclid(q) as i64))
            }
        }
        (BinOp::Mod, Some(Dt::Delta(p)), Some(Dt::Delta(q))) if q != 0 => {
            Ok(value(Dt::Delta(p.rem_euclid(q))))
        }
        (BinOp::Div, Some(Dt::Delta(t)), None) => match b {
            Value::Int(0) => Err(zero_division("integer division or modulo by zero")),
            Value::Int(n) => checked_delta(round_div(t, i128::from(*n))).map(value),
            other => match crate::py::num::to_f64(other) {
                Ok(f) => checked_delta((t as f64 / f).round_ties_even() as i128).map(value),
                Err(_) => unsupported(),
            },
        },
        (BinOp::FloorDiv, Some(Dt::Delta(t)), None) => match b {
            Value::Int(0) => Err(zero_division("integer division or modulo by zero")),
            Value::Int(n) => checked_delta(t.div_euclid(i128::from(*n))).map(value),
            _ => unsupported(),
        },
        _ => unsupported(),
    })
}

fn zero_division(msg: &str) -> Error {
    Error::new(xpush_npu::ExcKind::ZeroDivisionError, msg)
}

fn date_in_range(days: i128) -> Result<Value> {
    if !(0..=3_652_058).contains(&days) {
        return Err(Error::new(
            xpush_npu::ExcKind::OverflowError,
            "date value out of range",
        ));
    }
    Ok(value(Dt::Date(days as i64)))
}

/// Division rounded half to even (CPython's timedelta / int).
fn round_div(a: i128, b: i128) -> i128 {
    let (q, r) = (a.div_euclid(b), a.rem_euclid(b));
    let twice = 2 * r;
    let b = b.abs();
    if twice > b || (twice == b && q % 2 != 0) {
        q + 1
    } else {
        q
    }
}

/// `timedelta * n` (an int exactly, a float rounded half to even).
fn scale(t: i128, n: &Value) -> Result<Value> {
    match n {
        Value::Int(i) => checked_delta(t * i128::from(*i)).map(value),
        Value::Bool(b) => checked_delta(t * i128::from(*b)).map(value),
        other => {
            let f = crate::py::num::to_f64(other)?;
            checked_delta((t as f64 * f).round_ties_even() as i128).map(value)
        }
    }
}

/// `-t`, `+t`, `abs(t)` of a timedelta.
pub fn unary(v: &Value, neg: bool, abs: bool) -> Option<Result<Value>> {
    match of(v)? {
        Dt::Delta(t) if abs => Some(Ok(value(Dt::Delta(t.abs())))),
        Dt::Delta(t) if neg => Some(Ok(value(Dt::Delta(-t)))),
        Dt::Delta(_) => Some(Ok(v.clone())),
        _ => None,
    }
}

/// The key two values of one kind compare by, `None` across kinds.
fn key(x: Dt, y: Dt) -> Option<(i128, i128)> {
    match (x, y) {
        (Dt::Date(p), Dt::Date(q)) => Some((i128::from(p), i128::from(q))),
        (Dt::DateTime(p), Dt::DateTime(q)) | (Dt::Time(p), Dt::Time(q)) => {
            Some((i128::from(p), i128::from(q)))
        }
        (Dt::Delta(p), Dt::Delta(q)) => Some((p, q)),
        _ => None,
    }
}

/// `a == b` when either is a datetime value.
pub fn eq(a: &Value, b: &Value) -> Option<bool> {
    match (of(a), of(b)) {
        (Some(x), Some(y)) => Some(key(x, y).is_some_and(|(p, q)| p == q)),
        (None, None) => None,
        _ => Some(false),
    }
}

/// `a < b` (and the others) between datetime values of one kind; a date
/// and a datetime are CPython's TypeError (the datetime, a subclass,
/// answers first); `None` for other operands.
pub fn order(a: &Value, b: &Value) -> Option<Result<std::cmp::Ordering>> {
    let (x, y) = (of(a)?, of(b)?);
    Some(match key(x, y) {
        Some((p, q)) => Ok(p.cmp(&q)),
        None if matches!(
            (x, y),
            (Dt::Date(_), Dt::DateTime(_)) | (Dt::DateTime(_), Dt::Date(_))
        ) =>
        {
            Err(Error::type_error(
                "can't compare datetime.datetime to datetime.date",
            ))
        }
        None => return None,
    })
}

/// CPython's hash of a value: the one of its key (equal values hash
/// alike).
pub fn hash(d: Dt) -> i64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    d.hash(&mut h);
    (h.finish() >> 2) as i64
}

/// The truth of a value: a zero timedelta is false.
pub fn truthy(d: Dt) -> bool {
    !matches!(d, Dt::Delta(0))
}

// ---- NumPy ----

/// What `tolist()`/`item()` gives for a datetime64 or timedelta64 of
/// `value` units (`NAT` is `None`): a `date` for units of a day or more,
/// a `datetime` down to microseconds, an `int` for finer units (and
/// outside years 1 to 9999); a `timedelta` down to microseconds, an
/// `int` for years, months and finer units.
pub fn from_numpy(v: i64, unit: crate::numpy::host::datetime::Unit, timedelta: bool) -> Value {
    use crate::numpy::host::datetime::{convert_datetime, convert_timedelta, Unit, NAT};
    if v == NAT {
        return Value::None;
    }
    if timedelta {
        return match unit {
            Unit::Week
            | Unit::Day
            | Unit::Hour
            | Unit::Minute
            | Unit::Second
            | Unit::Milli
            | Unit::Micro => match convert_timedelta(v, unit, Unit::Micro) {
                Ok(us) => value(Dt::Delta(i128::from(us))),
                Err(_) => Value::Int(v),
            },
            _ => Value::Int(v),
        };
    }
    let day_unit = matches!(unit, Unit::Year | Unit::Month | Unit::Week | Unit::Day);
    let fine = matches!(
        unit,
        Unit::Hour | Unit::Minute | Unit::Second | Unit::Milli | Unit::Micro
    );
    if !day_unit && !fine {
        return Value::Int(v);
    }
    let Ok(us) = convert_datetime(v, unit, Unit::Micro) else {
        return Value::Int(v);
    };
    let total = i128::from(us) + i128::from(EPOCH_DAYS) * i128::from(DAY_US);
    match checked_datetime(total) {
        Ok(Dt::DateTime(us)) if day_unit => value(Dt::Date(us.div_euclid(DAY_US))),
        Ok(dt) => value(dt),
        _ => Value::Int(v),
    }
}

/// A `date`/`datetime`/`timedelta` as NumPy reads it: the value in units
/// of `[D]` for a date, `[us]` otherwise.
pub fn to_numpy(d: Dt) -> Option<(i64, crate::numpy::host::datetime::Unit, bool)> {
    use crate::numpy::host::datetime::Unit;
    match d {
        Dt::Date(days) => Some((days - EPOCH_DAYS, Unit::Day, false)),
        Dt::DateTime(us) => Some((us - EPOCH_DAYS * DAY_US, Unit::Micro, false)),
        Dt::Delta(us) => i64::try_from(us).ok().map(|us| (us, Unit::Micro, true)),
        Dt::Time(_) => None,
    }
}

/// `isinstance(v, datetime.NAME)`: a `datetime` is also a `date`, as in
/// CPython.
pub fn is_instance(v: &Value, name: &str) -> bool {
    matches!(
        (of(v), name),
        (Some(Dt::Date(_)), "date")
            | (Some(Dt::DateTime(_)), "datetime" | "date")
            | (Some(Dt::Time(_)), "time")
            | (Some(Dt::Delta(_)), "timedelta")
    )
}

/// The module `datetime`: the classes and `MINYEAR`/`MAXYEAR`.
pub fn build() -> Value {
    let m = crate::modules::from_table("datetime");
    if let Value::Module(module) = &m {
        module.set("MINYEAR", Value::Int(1));
        module.set("MAXYEAR", Value::Int(9999));
    }
    m
}

/// The table module holding the class methods of a `datetime` class
/// (`datetime.date` for `date`), for `datetime.date.today()`.
pub fn class_module(module: &str, name: &str) -> Option<&'static str> {
    if module != "datetime" {
        return None;
    }
    Some(match name {
        "date" => "datetime.date",
        "datetime" => "datetime.datetime",
        "time" => "datetime.time",
        "timedelta" => "datetime.timedelta",
        _ => return None,
    })
}
