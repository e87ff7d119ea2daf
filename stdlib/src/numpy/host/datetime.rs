//! The calendar of NumPy's `datetime64` and `timedelta64`: time units,
//! ISO 8601 parsing and printing, conversion between units and the common
//! unit of two (`numpy/_core/src/multiarray/datetime.c` and
//! `datetime_strings.c` are the reference).
//!
//! A value is an `i64` count of its unit since 1970-01-01T00:00 (a
//! datetime) or a span (a timedelta); `i64::MIN` is NaT. Years and months
//! are calendar units; the others are linear, measured here in
//! attoseconds (`i128`) when converted.

use crate::{Error, Result};

/// NaT, "not a time".
pub const NAT: i64 = i64::MIN;

/// A time unit (`[D]`, `[ms]`, ...); `Generic` is a timedelta without a
/// unit (`np.timedelta64(3)`), which takes the other operand's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unit {
    /// Years (`Y`).
    Year,
    /// Months (`M`).
    Month,
    /// Weeks (`W`).
    Week,
    /// Days (`D`).
    Day,
    /// Hours (`h`).
    Hour,
    /// Minutes (`m`).
    Minute,
    /// Seconds (`s`).
    Second,
    /// Milliseconds (`ms`).
    Milli,
    /// Microseconds (`us`).
    Micro,
    /// Nanoseconds (`ns`).
    Nano,
    /// Picoseconds (`ps`).
    Pico,
    /// Femtoseconds (`fs`).
    Femto,
    /// Attoseconds (`as`).
    Atto,
    /// No unit yet.
    Generic,
}

impl Unit {
    /// The unit's code (`'D'`, `'ms'`); `"generic"` for none.
    pub fn code(self) -> &'static str {
        match self {
            Unit::Year => "Y",
            Unit::Month => "M",
            Unit::Week => "W",
            Unit::Day => "D",
            Unit::Hour => "h",
            Unit::Minute => "m",
            Unit::Second => "s",
            Unit::Milli => "ms",
            Unit::Micro => "us",
            Unit::Nano => "ns",
            Unit::Pico => "ps",
            Unit::Femto => "fs",
            Unit::Atto => "as",
            Unit::Generic => "generic",
        }
    }

    /// The unit a code names.
    pub fn parse(code: &str) -> Option<Unit> {
        Some(match code {
            "Y" => Unit::Year,
            "M" => Unit::Month,
            "W" => Unit::Week,
            "D" => Unit::Day,
            "h" => Unit::Hour,
            "m" => Unit::Minute,
            "s" => Unit::Second,
            "ms" => Unit::Milli,
            "us" | "μs" => Unit::Micro,
            "ns" => Unit::Nano,
            "ps" => Unit::Pico,
            "fs" => Unit::Femto,
            "as" => Unit::Atto,
            "generic" => Unit::Generic,
            _ => return None,
        })
    }

    /// Whether the unit is a calendar one (years, months).
    pub fn is_calendar(self) -> bool {
        matches!(self, Unit::Year | Unit::Month)
    }

    /// Attoseconds in one unit (linear units only).
    fn atto(self) -> i128 {
        const S: i128 = 1_000_000_000_000_000_000;
        match self {
            Unit::Week => 7 * 86_400 * S,
            Unit::Day => 86_400 * S,
            Unit::Hour => 3_600 * S,
            Unit::Minute => 60 * S,
            Unit::Second => S,
            Unit::Milli => S / 1_000,
            Unit::Micro => S / 1_000_000,
            Unit::Nano => S / 1_000_000_000,
            Unit::Pico => 1_000_000,
            Unit::Femto => 1_000,
            Unit::Atto => 1,
            Unit::Year | Unit::Month | Unit::Generic => 0,
        }
    }

    /// The word `str(np.timedelta64(1, unit))` uses (`'1 days'`).
    pub fn words(self) -> &'static str {
        match self {
            Unit::Year => "years",
            Unit::Month => "months",
            Unit::Week => "weeks",
            Unit::Day => "days",
            Unit::Hour => "hours",
            Unit::Minute => "minutes",
            Unit::Second => "seconds",
            Unit::Milli => "milliseconds",
            Unit::Micro => "microseconds",
            Unit::Nano => "nanoseconds",
            Unit::Pico => "picoseconds",
            Unit::Femto => "femtoseconds",
            Unit::Atto => "attoseconds",
            Unit::Generic => "",
        }
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// `days_from_civil`).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    // Beyond ±10^15 years the count leaves i64's range of days.
    let y = y.clamp(-1_000_000_000_000_000, 1_000_000_000_000_000);
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01 (`civil_from_days`).
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z.clamp(i64::MIN / 2, i64::MAX / 2) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn overflow() -> Error {
    Error::overflow("Overflow when converting datetime64 units")
}

fn to_i64(v: i128) -> Result<i64> {
    i64::try_from(v)
        .ok()
        .filter(|&v| v != NAT)
        .ok_or_else(overflow)
}

/// A datetime of `unit` as attoseconds since the epoch (calendar units at
/// the start of their year or month).
fn datetime_atto(v: i64, unit: Unit) -> i128 {
    let days = match unit {
        Unit::Year => days_from_civil(v.saturating_add(1970), 1, 1),
        Unit::Month => days_from_civil(
            v.div_euclid(12).saturating_add(1970),
            v.rem_euclid(12) + 1,
            1,
        ),
        _ => return i128::from(v) * unit.atto(),
    };
    i128::from(days) * Unit::Day.atto()
}

/// The hash of a datetime64 (`timedelta = false`) or timedelta64 scalar
/// of `unit`, the same for equal values in any unit (`2020-01-02` and
/// `2020-01-02T00`): the instant or span in attoseconds, a calendar span
/// in months. NumPy's ValueError for a generic timedelta.
pub fn hash(v: i64, unit: Unit, timedelta: bool) -> Result<i64> {
    if v == NAT {
        return Ok(0);
    }
    let exact = match (timedelta, unit) {
        (true, Unit::Generic) => {
            return Err(Error::value_error("Can't hash generic timedelta64"));
        }
        (true, Unit::Year) => i128::from(v) * 12,
        (true, Unit::Month) => i128::from(v),
        (true, u) => i128::from(v) * u.atto(),
        (false, u) => datetime_atto(v, u),
    };
    // Python's hash of that int: its magnitude modulo 2**61 - 1, signed,
    // -1 (CPython's error value) becoming -2.
    const MODULUS: u128 = (1 << 61) - 1;
    let h = (exact.unsigned_abs() % MODULUS) as i64;
    Ok(match (exact < 0, h) {
        (true, 1) => -2,
        (true, h) => -h,
        (false, h) => h,
    })
}

/// A datetime converted to another unit, floored as NumPy does
/// (`2020-01-31` in months is `2020-01`).
pub fn convert_datetime(v: i64, from: Unit, to: Unit) -> Result<i64> {
    if v == NAT || from == to || from == Unit::Generic || to == Unit::Generic {
        return Ok(v);
    }
    let atto = datetime_atto(v, from);
    match to {
        Unit::Year | Unit::Month => {
            let days = atto.div_euclid(Unit::Day.atto());
            let days = i64::try_from(days).map_err(|_| overflow())?;
            let (y, m, _) = civil_from_days(days);
            let months = i128::from(y - 1970) * 12 + i128::from(m - 1);
            if to == Unit::Year {
                Ok(y - 1970)
            } else {
                to_i64(months)
            }
        }
        _ => to_i64(atto.div_euclid(to.atto())),
    }
}

/// A timedelta converted to another unit (years and months convert only
/// between themselves: 12 months a year), floored.
pub fn convert_timedelta(v: i64, from: Unit, to: Unit) -> Result<i64> {
    if v == NAT || from == to || from == Unit::Generic || to == Unit::Generic {
        return Ok(v);
    }
    match (from, to) {
        (Unit::Year, Unit::Month) => v.checked_mul(12).ok_or_else(overflow),
        (Unit::Month, Unit::Year) => Ok(v.div_euclid(12)),
        (a, b) if a.is_calendar() || b.is_calendar() => Err(Error::type_error(format!(
            "Cannot cast NumPy timedelta64 scalar from metadata [{}] to [{}] according to the rule 'same_kind'",
            a.code(),
            b.code()
        ))),
        (a, b) => to_i64((i128::from(v) * a.atto()).div_euclid(b.atto())),
    }
}

/// The unit two datetimes (or timedeltas, `timedelta = true`) meet in:
/// the finer one. Two timedeltas of a calendar and a linear unit have
/// none (NumPy's error).
pub fn common_unit(a: Unit, b: Unit, timedelta: bool) -> Result<Unit> {
    Ok(match (a, b) {
        (Unit::Generic, u) | (u, Unit::Generic) => u,
        (a, b) if a == b => a,
        (a, b) if timedelta && a.is_calendar() != b.is_calendar() => {
            return Err(Error::type_error(format!(
                "Cannot get a common metadata divisor for Numpy datetime metadata [{}] and [{}] because they have incompatible nonlinear base time units.",
                a.code(),
                b.code()
            )))
        }
        (a, b) => a.max(b),
    })
}

/// Parses an ISO 8601 date or date-time (`'2020'`, `'2020-01-31'`,
/// `'2020-01-31T10:30:00.5'`, `'NaT'`, `'today'`, `'now'`) to its value
/// and the unit its precision gives.
pub fn parse(text: &str) -> Result<(i64, Unit)> {
    let s = text.trim();
    let bad = |pos: usize| {
        Error::value_error(format!(
            "Error parsing datetime string \"{text}\" at position {pos}"
        ))
    };
    if s.eq_ignore_ascii_case("nat") || s.is_empty() {
        return Ok((NAT, Unit::Generic));
    }
    if s == "today" || s == "now" {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        return Ok(if s == "today" {
            (secs.div_euclid(86_400), Unit::Day)
        } else {
            (secs, Unit::Second)
        });
    }
    let b = s.as_bytes();
    let mut i = 0;
    let neg = b.first() == Some(&b'-');
    if neg || b.first() == Some(&b'+') {
        i += 1;
    }
    let digits = |i: &mut usize, n: usize| -> Option<i64> {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() && *i - start < n {
            *i += 1;
        }
        if *i == start {
            return None;
        }
        s[start..*i].parse().ok()
    };
    let year_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i - year_start < 4 && i < b.len() {
        return Err(bad(i));
    }
    let year: i64 = s[year_start..i].parse().map_err(|_| bad(year_start))?;
    let year = if neg { -year } else { year };
    if !(-1_000_000_000_000..=1_000_000_000_000).contains(&year) {
        return Err(Error::value_error(format!(
            "Years out of range in datetime string \"{text}\""
        )));
    }
    if i == b.len() {
        return Ok((year - 1970, Unit::Year));
    }
    if b[i] != b'-' {
        return Err(bad(i));
    }
    i += 1;
    let month = digits(&mut i, 2).ok_or_else(|| bad(i))?;
    if !(1..=12).contains(&month) {
        return Err(Error::value_error(format!(
            "Month out of range in datetime string \"{text}\""
        )));
    }
    if i == b.len() {
        return Ok(((year - 1970) * 12 + month - 1, Unit::Month));
    }
    if b[i] != b'-' {
        return Err(bad(i));
    }
    i += 1;
    let day = digits(&mut i, 2).ok_or_else(|| bad(i))?;
    if day < 1 || day > days_in_month(year, month) {
        return Err(Error::value_error(format!(
            "Day out of range in datetime string \"{text}\""
        )));
    }
    let days = days_from_civil(year, month, day);
    if i == b.len() {
        return Ok((days, Unit::Day));
    }
    if b[i] != b'T' && b[i] != b' ' {
        return Err(bad(i));
    }
    i += 1;
    let mut unit = Unit::Hour;
    let hour = digits(&mut i, 2).ok_or_else(|| bad(i))?;
    if hour > 23 {
        return Err(Error::value_error(format!(
            "Hours out of range in datetime string \"{text}\""
        )));
    }
    let (mut minute, mut second, mut frac, mut frac_digits) = (0i64, 0i64, 0i128, 0usize);
    if i < b.len() && b[i] == b':' {
        i += 1;
        minute = digits(&mut i, 2).ok_or_else(|| bad(i))?;
        if minute > 59 {
            return Err(Error::value_error(format!(
                "Minutes out of range in datetime string \"{text}\""
            )));
        }
        unit = Unit::Minute;
        if i < b.len() && b[i] == b':' {
            i += 1;
            second = digits(&mut i, 2).ok_or_else(|| bad(i))?;
            if second > 59 {
                return Err(Error::value_error(format!(
                    "Seconds out of range in datetime string \"{text}\""
                )));
            }
            unit = Unit::Second;
            if i < b.len() && b[i] == b'.' {
                i += 1;
                while i < b.len() && b[i].is_ascii_digit() && frac_digits < 18 {
                    frac = frac * 10 + i128::from(b[i] - b'0');
                    frac_digits += 1;
                    i += 1;
                }
                unit = match frac_digits {
                    0 => return Err(bad(i)),
                    1..=3 => Unit::Milli,
                    4..=6 => Unit::Micro,
                    7..=9 => Unit::Nano,
                    10..=12 => Unit::Pico,
                    13..=15 => Unit::Femto,
                    _ => Unit::Atto,
                };
            }
        }
    }
    if i < b.len() && b[i] == b'Z' {
        i += 1;
    }
    if i != b.len() {
        return Err(bad(i));
    }
    let frac_atto = frac * 10i128.pow(18 - frac_digits as u32);
    let atto = i128::from(days) * Unit::Day.atto()
        + i128::from(hour * 3600 + minute * 60 + second) * Unit::Second.atto()
        + frac_atto;
    Ok((to_i64(atto.div_euclid(unit.atto()))?, unit))
}

/// The ISO 8601 text of a datetime in its unit (`'2020-01-31'`,
/// `'2020-01-31T10:30'`), or `'NaT'`.
pub fn format(v: i64, unit: Unit) -> String {
    if v == NAT {
        return "NaT".to_string();
    }
    let year = |y: i64| {
        if (0..=9999).contains(&y) {
            format!("{y:04}")
        } else {
            y.to_string()
        }
    };
    match unit {
        Unit::Year => return year(v.saturating_add(1970)),
        Unit::Month => {
            return format!(
                "{}-{:02}",
                year(v.div_euclid(12).saturating_add(1970)),
                v.rem_euclid(12) + 1
            )
        }
        Unit::Generic => return v.to_string(),
        _ => {}
    }
    let atto = i128::from(v) * unit.atto();
    let day = Unit::Day.atto();
    let days = atto.div_euclid(day) as i64;
    let rest = atto.rem_euclid(day);
    let (y, m, d) = civil_from_days(days);
    let mut out = format!("{}-{m:02}-{d:02}", year(y));
    if matches!(unit, Unit::Week | Unit::Day) {
        return out;
    }
    let s = Unit::Second.atto();
    let secs = (rest / s) as i64;
    out.push_str(&format!("T{:02}", secs / 3600));
    if unit == Unit::Hour {
        return out;
    }
    out.push_str(&format!(":{:02}", secs / 60 % 60));
    if unit == Unit::Minute {
        return out;
    }
    out.push_str(&format!(":{:02}", secs % 60));
    let digits = match unit {
        Unit::Milli => 3,
        Unit::Micro => 6,
        Unit::Nano => 9,
        Unit::Pico => 12,
        Unit::Femto => 15,
        Unit::Atto => 18,
        _ => return out,
    };
    let frac = (rest % s) / 10i128.pow(18 - digits);
    out.push_str(&format!(".{frac:0width$}", width = digits as usize));
    out
}

/// The width NumPy sizes `datetime_as_string` and `astype(str)` at for a
/// unit (`get_datetime_iso_8601_strlen` without a timezone).
pub fn iso_width(unit: Unit) -> usize {
    let steps: &[(Unit, usize)] = &[
        (Unit::Atto, 3),
        (Unit::Femto, 3),
        (Unit::Pico, 3),
        (Unit::Nano, 3),
        (Unit::Micro, 3),
        (Unit::Milli, 4),
        (Unit::Second, 3),
        (Unit::Minute, 3),
        (Unit::Hour, 3),
        (Unit::Day, 3),
        (Unit::Month, 3),
        (Unit::Year, 21),
    ];
    let unit = if unit == Unit::Week { Unit::Day } else { unit };
    if unit == Unit::Generic {
        return 4;
    }
    let mut len: usize = steps
        .iter()
        .filter(|(u, _)| *u <= unit)
        .map(|(_, n)| n)
        .sum();
    if unit >= Unit::Hour {
        len += 1;
    }
    len + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trips_and_known_days() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2020, 1, 1), 18262);
        assert_eq!(days_from_civil(2021, 3, 4), 18690);
        assert_eq!(days_from_civil(1969, 12, 31), -1);
        for z in [-800_000, -1, 0, 59, 18262, 2_932_896] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
    }

    #[test]
    fn parse_and_format_each_precision() {
        for (s, unit) in [
            ("2020", Unit::Year),
            ("2020-02", Unit::Month),
            ("2020-02-29", Unit::Day),
            ("2020-01-01T10", Unit::Hour),
            ("2020-01-01T10:30", Unit::Minute),
            ("2020-01-01T10:30:05", Unit::Second),
            ("2020-01-01T10:30:05.500", Unit::Milli),
            ("1969-12-31T23:59:59.123456789", Unit::Nano),
        ] {
            let (v, u) = parse(s).unwrap_or((0, Unit::Generic));
            assert_eq!(u, unit, "{s}");
            assert_eq!(format(v, u), s);
        }
        assert!(parse("2020-13-01").is_err());
        assert!(parse("2019-02-29").is_err());
        assert_eq!(parse("NaT").map(|p| p.0).ok(), Some(NAT));
    }

    #[test]
    fn conversions_floor_and_calendar_units() {
        let (d, _) = parse("2020-01-31").unwrap_or((0, Unit::Day));
        assert_eq!(convert_datetime(d, Unit::Day, Unit::Month).ok(), Some(600));
        assert_eq!(
            convert_datetime(600, Unit::Month, Unit::Day).ok(),
            Some(18262)
        );
        assert_eq!(convert_datetime(-1, Unit::Hour, Unit::Day).ok(), Some(-1));
        assert_eq!(
            convert_timedelta(90, Unit::Minute, Unit::Hour).ok(),
            Some(1)
        );
        assert!(convert_timedelta(1, Unit::Year, Unit::Day).is_err());
        assert_eq!(iso_width(Unit::Day), 28);
        assert_eq!(iso_width(Unit::Second), 38);
        assert_eq!(iso_width(Unit::Year), 22);
    }
}
