//! Decimal formatting of floats as NumPy's Dragon4 does it
//! (`format_float_positional` / `format_float_scientific`): shortest
//! round-trip digits per float type (so `np.float32(0.1)` prints `0.1`),
//! a cap on fractional digits with exact round-half-even rounding, a
//! minimum digit count, trim modes and padding.
//!
//! Exact rounding uses Rust's `{:.N}`/`{:.Ne}`, which round the exact
//! binary value half-to-even, as Dragon4 does. Every float16, bfloat16
//! and float32 value is exact in `f64`, so all kinds format from `f64`.

/// Which binary float type a value (held exactly in `f64`) belongs to:
/// this decides the shortest round-trip digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatKind {
    /// IEEE half.
    F16,
    /// bfloat16.
    BF16,
    /// IEEE single.
    F32,
    /// IEEE double.
    F64,
}

impl FloatKind {
    /// Rounds an `f64` to this type (as NumPy converts a Python float
    /// operand to the array's type).
    pub fn round(self, x: f64) -> f64 {
        match self {
            FloatKind::F16 => half::f16::from_f64(x).to_f64(),
            FloatKind::BF16 => half::bf16::from_f64(x).to_f64(),
            FloatKind::F32 => f64::from(x as f32),
            FloatKind::F64 => x,
        }
    }

    /// `np.finfo(t).precision`.
    pub fn precision(self) -> i32 {
        match self {
            FloatKind::F16 => 3,
            FloatKind::BF16 => 2,
            FloatKind::F32 => 6,
            FloatKind::F64 => 15,
        }
    }

    /// Shortest digits that read back as `x` in this type, in Rust's
    /// `{:e}` form (`1.5e0`). `x` must be finite.
    ///
    /// Of the shortest digit strings, Dragon4 takes the one nearest the
    /// exact value, and on a tie the even one: `np.float32(4.31640625)`
    /// (exactly between `4.3164062` and `4.3164063`, both of which read
    /// back) prints `4.3164062`. Rust's shortest form rounds such a tie
    /// up, so its length is kept but its digits are redone by exact
    /// half-to-even rounding whenever those read back too.
    fn shortest_sci(self, x: f64) -> String {
        let nearest = |short: String| {
            let Some(e) = short.find('e') else {
                return short;
            };
            let digits = short[..e].bytes().filter(u8::is_ascii_digit).count();
            let p = digits.saturating_sub(1);
            let exact = format!("{x:.p$e}");
            let reads_back = exact.parse::<f64>().map(|v| self.round(v)) == Ok(x);
            if exact != short && reads_back {
                exact
            } else {
                short
            }
        };
        match self {
            FloatKind::F64 => nearest(format!("{x:e}")),
            FloatKind::F32 => nearest(format!("{:e}", x as f32)),
            FloatKind::F16 | FloatKind::BF16 => {
                if x == 0.0 {
                    return format!("{x:e}");
                }
                let reads_back = |s: &str| s.parse::<f64>().map(|v| self.round(v)) == Ok(x);
                for p in 0..17 {
                    let s = format!("{x:.p$e}");
                    if reads_back(&s) {
                        return s;
                    }
                    // The rounding interval of a power of two is wider on
                    // its far side: `-0.015625` in float16 is `-0.01563`,
                    // a neighbour of the nearest `-0.01562`. Of the two
                    // neighbours that read back, the nearer to x.
                    let found =
                        neighbours(&s)
                            .into_iter()
                            .filter(|c| reads_back(c))
                            .min_by(|a, b| {
                                let d =
                                    |c: &String| (c.parse::<f64>().unwrap_or(f64::NAN) - x).abs();
                                d(a).total_cmp(&d(b))
                            });
                    if let Some(c) = found {
                        return c;
                    }
                }
                format!("{x:e}")
            }
        }
    }
}

/// The digit strings one unit in the last place below and above `s`, a
/// number in Rust's `{:e}` form with the same count of digits (none where
/// the count would change, as from `9.9` to `10.0`).
fn neighbours(s: &str) -> Vec<String> {
    let Some((mant, exp)) = s.split_once('e') else {
        return Vec::new();
    };
    let (sign, mant) = mant.strip_prefix('-').map_or(("", mant), |m| ("-", m));
    let digits: String = mant.chars().filter(char::is_ascii_digit).collect();
    let Ok(m) = digits.parse::<u64>() else {
        return Vec::new();
    };
    [m.checked_sub(1), m.checked_add(1)]
        .into_iter()
        .flatten()
        .map(|c| c.to_string())
        .filter(|c| c.len() == digits.len())
        .map(|c| match c.split_at(1) {
            (head, "") => format!("{sign}{head}e{exp}"),
            (head, tail) => format!("{sign}{head}.{tail}e{exp}"),
        })
        .collect()
}

/// Trailing-zero trimming, as NumPy's `trim=` argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trim {
    /// `'k'`: keep trailing zeros and the decimal point.
    Keep,
    /// `'.'`: trim trailing zeros, keep the decimal point (`1.`).
    Dot,
    /// `'0'`: trim trailing zeros but leave one after the point (`1.0`).
    Zero,
    /// `'-'`: trim trailing zeros and the decimal point (`1`).
    Minus,
}

/// Options of one Dragon4 call (`None` is NumPy's `-1`: unset).
#[derive(Clone, Copy, Debug)]
pub struct Dragon4 {
    /// The float type, for shortest digits.
    pub kind: FloatKind,
    /// Maximum digits after the point (of the mantissa, in scientific).
    pub precision: Option<usize>,
    /// Minimum digits after the point.
    pub min_digits: Option<usize>,
    /// Trimming.
    pub trim: Trim,
    /// Show `+` on non-negative values.
    pub sign: bool,
    /// Pad with spaces to this many characters left of the point.
    pub pad_left: Option<usize>,
    /// Pad with spaces to this many characters right of the point
    /// (positional only).
    pub pad_right: Option<usize>,
    /// Minimum exponent digits (scientific only; at least 2).
    pub exp_digits: Option<usize>,
    /// Shortest digits that read back (`unique=True`); else the exact
    /// value's digits cut at `precision` (NumPy's `unique=False`).
    pub unique: bool,
    /// `precision` and `min_digits` count digits after the point
    /// (`fractional=True`); else significant digits (positional only).
    pub fractional: bool,
}

impl Dragon4 {
    /// Unique digits for `kind`, no caps, no padding, the given trim.
    pub fn new(kind: FloatKind, trim: Trim) -> Dragon4 {
        Dragon4 {
            kind,
            precision: None,
            min_digits: None,
            trim,
            sign: false,
            pad_left: None,
            pad_right: None,
            exp_digits: None,
            unique: true,
            fractional: true,
        }
    }

    fn sign_str(&self, x: f64) -> &'static str {
        if x.is_sign_negative() {
            "-"
        } else if self.sign {
            "+"
        } else {
            ""
        }
    }

    /// `format_float_positional(x, fractional=True, unique=True, ...)` for a
    /// finite `x`.
    pub fn positional(&self, x: f64) -> String {
        let (int, frac) = if self.fractional {
            let exact = |p: usize| split_positional(&format!("{:.p$}", x.abs()));
            if !self.unique {
                exact(self.precision.unwrap_or(0))
            } else {
                let (mut int, mut frac) = split_positional(&self.kind.shortest_sci(x));
                if let Some(p) = self.precision.filter(|&p| frac.len() > p) {
                    (int, frac) = exact(p);
                }
                if let Some(m) = self.min_digits.filter(|&m| frac.len() < m) {
                    (int, frac) = exact(m);
                }
                (int, frac)
            }
        } else {
            // Significant digits: the scientific digits placed at their
            // exponent.
            let (mant, exp) = self.sci_digits(x);
            let mant = if self.unique {
                let t = mant.trim_end_matches('0');
                let min = self.min_digits.unwrap_or(0);
                format!("{:0<min$}", if t.is_empty() { "0" } else { t })
            } else {
                mant
            };
            split_positional(&format!("{}e{exp}", insert_point(&mant)))
        };
        let keep = self.min_digits.filter(|_| self.unique && self.fractional);
        let frac = trim_frac(frac, self.trim, keep);
        let mut left = format!("{}{int}", self.sign_str(x));
        pad_to_left(&mut left, self.pad_left);
        let mut out = left;
        match (self.trim, frac.is_empty()) {
            (Trim::Minus, true) => {}
            (Trim::Zero, true) => out.push_str(".0"),
            _ => {
                out.push('.');
                out.push_str(&frac);
            }
        }
        if let Some(pr) = self.pad_right {
            if pr > frac.len() {
                out.extend(std::iter::repeat_n(' ', pr - frac.len()));
            }
        }
        out
    }

    /// `format_float_scientific(x, unique=True, ...)` for a finite `x`.
    pub fn scientific(&self, x: f64) -> String {
        let exact = |p: usize| split_scientific(&format!("{:.p$e}", x.abs()));
        let (mant, exp) = if self.unique {
            let (mut mant, mut exp) = split_scientific(&self.kind.shortest_sci(x));
            if let Some(p) = self.precision.filter(|&p| mant.len() - 1 > p) {
                (mant, exp) = exact(p);
            }
            if let Some(m) = self.min_digits.filter(|&m| mant.len() - 1 < m) {
                (mant, exp) = exact(m);
            }
            (mant, exp)
        } else {
            exact(self.precision.unwrap_or(0))
        };
        let first = &mant[..1];
        let keep = self.min_digits.filter(|_| self.unique);
        let frac = trim_frac(mant[1..].to_string(), self.trim, keep);
        let mut out = format!("{}{first}", self.sign_str(x));
        pad_to_left(&mut out, self.pad_left);
        match (self.trim, frac.is_empty()) {
            (Trim::Minus, true) => {}
            (Trim::Zero, true) => out.push_str(".0"),
            _ => {
                out.push('.');
                out.push_str(&frac);
            }
        }
        let digits = self.exp_digits.unwrap_or(2).max(2);
        let sign = if exp < 0 { '-' } else { '+' };
        out.push_str(&format!("e{sign}{:0digits$}", exp.unsigned_abs()));
        out
    }
}

impl Dragon4 {
    /// The significant digits of `|x|` and its exponent for
    /// `fractional=False`: shortest (cut at `precision` significant
    /// digits) or, not unique, the exact value's `precision` digits.
    fn sci_digits(&self, x: f64) -> (String, i32) {
        let exact = |p: usize| split_scientific(&format!("{:.p$e}", x.abs()));
        if !self.unique {
            return exact(self.precision.unwrap_or(1).saturating_sub(1));
        }
        let (mut mant, mut exp) = split_scientific(&self.kind.shortest_sci(x));
        if let Some(p) = self.precision.filter(|&p| p > 0 && mant.len() > p) {
            (mant, exp) = exact(p - 1);
        }
        if let Some(m) = self.min_digits.filter(|&m| m > 0 && mant.len() < m) {
            (mant, exp) = exact(m - 1);
        }
        (mant, exp)
    }
}

/// `d1d2d3` as `d1.d2d3` (Rust's `{:e}` mantissa form).
fn insert_point(digits: &str) -> String {
    match digits.split_at(1) {
        (head, "") => head.to_string(),
        (head, tail) => format!("{head}.{tail}"),
    }
}

fn pad_to_left(s: &mut String, pad: Option<usize>) {
    if let Some(p) = pad {
        if s.len() < p {
            s.insert_str(0, &" ".repeat(p - s.len()));
        }
    }
}

/// Trims trailing zeros of the fraction digits per `trim`, never below
/// `min_digits`.
fn trim_frac(mut frac: String, trim: Trim, min_digits: Option<usize>) -> String {
    if trim != Trim::Keep {
        let keep = min_digits.unwrap_or(0);
        while frac.len() > keep && frac.ends_with('0') {
            frac.pop();
        }
    }
    frac
}

/// Splits Rust's `{:e}` output (`-1.25e-3`) of a value's magnitude into
/// (mantissa digits, decimal exponent).
fn split_scientific(s: &str) -> (String, i32) {
    let s = s.trim_start_matches('-');
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    (digits, exp.parse().unwrap_or(0))
}

/// The (integer digits, fraction digits) of a magnitude written by Rust as
/// `{:e}` or `{:.N}`.
fn split_positional(s: &str) -> (String, String) {
    let s = s.trim_start_matches('-');
    if s.contains('e') {
        let (digits, exp) = split_scientific(s);
        if exp >= 0 {
            let e = exp as usize;
            if digits.len() > e + 1 {
                (digits[..=e].to_string(), digits[e + 1..].to_string())
            } else {
                let zeros = "0".repeat(e + 1 - digits.len());
                (format!("{digits}{zeros}"), String::new())
            }
        } else {
            let zeros = "0".repeat((-exp - 1) as usize);
            ("0".to_string(), format!("{zeros}{digits}"))
        }
    } else {
        match s.split_once('.') {
            Some((i, f)) => (i.to_string(), f.to_string()),
            None => (s.to_string(), String::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float16_shortest_takes_the_far_neighbour_of_a_power_of_two() {
        let h = Dragon4::new(FloatKind::F16, Trim::Zero);
        // NumPy: np.float16(-0.015625) is np.float16(-0.01563); 2.0**-14
        // (the smallest normal) is 6.104e-05.
        assert_eq!(h.positional(-0.015625), "-0.01563");
        assert_eq!(h.scientific(2f64.powi(-14)), "6.104e-05");
    }

    #[test]
    fn shortest_per_type() {
        let d = Dragon4::new(FloatKind::F32, Trim::Dot);
        assert_eq!(d.positional(f64::from(0.1f32)), "0.1");
        let h = Dragon4::new(FloatKind::F16, Trim::Zero);
        assert_eq!(h.positional(half::f16::from_f64(0.3).to_f64()), "0.3");
        assert_eq!(
            Dragon4::new(FloatKind::F16, Trim::Minus).scientific(65504.0),
            "6.55e+04"
        );
        assert_eq!(
            Dragon4::new(FloatKind::F64, Trim::Dot).positional(1e22),
            "10000000000000000000000."
        );
        assert_eq!(
            Dragon4::new(FloatKind::F64, Trim::Minus).scientific(1e-5),
            "1e-05"
        );
    }

    #[test]
    fn shortest_digits_break_ties_to_even() {
        // 4.31640625 is exactly between 4.3164062 and 4.3164063, both of
        // which read back as the same float32; NumPy prints the even one.
        let d = Dragon4::new(FloatKind::F32, Trim::Dot);
        assert_eq!(d.positional(-4.31640625), "-4.3164062");
        assert_eq!(d.scientific(4.31640625), "4.3164062e+00");
        // Not a tie: the nearest digits stay.
        assert_eq!(d.positional(f64::from(4.3164063f32 + 1e-6)), "4.316407");
    }
}
