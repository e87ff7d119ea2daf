//! `format(value, spec)`: Python's format-spec mini-language, shared by
//! the `format` builtin, f-strings, `str.format` and `%` formatting.
//!
//! `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`, with
//! CPython's rules per type (`Objects/stringlib/unicode_format.h`,
//! `Python/formatter_unicode.c`): ints take `b c d o x X n` and the float
//! types, floats `e E f F g G n %` and none (like `repr` without a
//! precision, like `g` with at least one decimal with one), complex numbers
//! format both parts, strings take `s` and a precision that truncates, and
//! any other object only the empty spec. NumPy scalars format as the equal
//! Python number, the empty spec included (NumPy's `__format__`:
//! `f"{np.float32(0.1)}"` is `0.10000000149011612`).
//! Float digits come from Rust's correctly rounded formatting, which rounds
//! as CPython's dtoa does.

use crate::ops::{repr, to_str, type_name};
use crate::py::num;
use crate::value::Value;
use crate::{Error, Result};

/// A parsed format spec.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Spec {
    /// The fill character (` ` when not given).
    pub fill: Option<char>,
    /// `<`, `>`, `^` or `=`.
    pub align: Option<char>,
    /// `+`, `-` or ` `.
    pub sign: Option<char>,
    /// `z`: negative zero formats as zero.
    pub no_neg_zero: bool,
    /// `#`: the alternate form.
    pub alt: bool,
    /// `0` before the width.
    pub zero: bool,
    /// The minimum width.
    pub width: usize,
    /// `,` or `_`.
    pub grouping: Option<char>,
    /// The precision.
    pub precision: Option<usize>,
    /// The type character.
    pub ty: Option<char>,
}

impl Spec {
    /// Parses `spec` for a value of type `of` (named in errors).
    pub fn parse(spec: &str, of: &str) -> Result<Spec> {
        let invalid = || {
            Error::value_error(format!(
                "Invalid format specifier '{spec}' for object of type '{of}'"
            ))
        };
        let chars: Vec<char> = spec.chars().collect();
        let mut i = 0;
        let mut sp = Spec::default();
        let is_align = |c: char| matches!(c, '<' | '>' | '^' | '=');
        if chars.len() >= 2 && is_align(chars[1]) {
            sp.fill = Some(chars[0]);
            sp.align = Some(chars[1]);
            i = 2;
        } else if chars.first().is_some_and(|&c| is_align(c)) {
            sp.align = Some(chars[0]);
            i = 1;
        }
        if let Some(&c @ ('+' | '-' | ' ')) = chars.get(i) {
            sp.sign = Some(c);
            i += 1;
        }
        if chars.get(i) == Some(&'z') {
            sp.no_neg_zero = true;
            i += 1;
        }
        if chars.get(i) == Some(&'#') {
            sp.alt = true;
            i += 1;
        }
        if chars.get(i) == Some(&'0') {
            sp.zero = true;
            i += 1;
        }
        let digits = |i: &mut usize| -> Option<usize> {
            let s: String = chars[*i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            *i += s.len();
            if s.is_empty() {
                None
            } else {
                s.parse().ok().or(Some(usize::MAX))
            }
        };
        sp.width = digits(&mut i).unwrap_or(0);
        if let Some(&c @ (',' | '_')) = chars.get(i) {
            sp.grouping = Some(c);
            i += 1;
            if let Some(&d @ (',' | '_')) = chars.get(i) {
                return Err(Error::value_error(if d == c {
                    format!("Cannot specify '{c}' with '{c}'.")
                } else {
                    "Cannot specify both ',' and '_'.".to_string()
                }));
            }
        }
        if chars.get(i) == Some(&'.') {
            i += 1;
            match digits(&mut i) {
                Some(p) => sp.precision = Some(p),
                None => return Err(Error::value_error("Format specifier missing precision")),
            }
        }
        if chars.len() - i > 1 {
            return Err(invalid());
        }
        sp.ty = chars.get(i).copied();
        if sp.width == usize::MAX || sp.precision == Some(usize::MAX) {
            return Err(Error::value_error(
                "Too many decimal digits in format string",
            ));
        }
        if let (Some(g), Some(t)) = (sp.grouping, sp.ty) {
            let ok = match t {
                'd' | 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%' => true,
                'b' | 'o' | 'x' | 'X' => g == '_',
                _ => false,
            };
            if !ok {
                return Err(Error::value_error(format!(
                    "Cannot specify '{g}' with '{t}'."
                )));
            }
        }
        Ok(sp)
    }

    /// The fill and alignment for a number: `0` means `=` with zeros when
    /// no alignment is given.
    fn numeric_fill(&self) -> (char, char) {
        match (self.zero, self.fill, self.align) {
            (true, None, None) => ('0', '='),
            (true, None, Some(a)) => ('0', a),
            (_, f, a) => (f.unwrap_or(' '), a.unwrap_or('>')),
        }
    }
}

/// `format(v, spec)`.
pub fn format(v: &Value, spec: &str) -> Result<String> {
    match v {
        Value::Str(s) => format_str(s, &Spec::parse(spec, "str")?),
        Value::Bytes(_) | Value::ByteArray(_) if !spec.is_empty() => {
            Err(Error::type_error(format!(
                "unsupported format string passed to {}.__format__",
                type_name(v)
            )))
        }
        Value::Bool(b) if spec.is_empty() => Ok(if *b { "True" } else { "False" }.into()),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => {
            format_int(v, &Spec::parse(spec, "int")?)
        }
        Value::Float(x) => format_float(*x, &Spec::parse(spec, "float")?),
        Value::Complex(c) => format_complex(c.re, c.im, &Spec::parse(spec, "complex")?),
        Value::Scalar(s) => format(&crate::numpy::conv::to_python(s), spec),
        Value::HostArray(_) if crate::numpy::host::python_text(v).is_some() => {
            format(&crate::numpy::host::as_python(v.clone()), spec)
        }
        Value::Array(a) if !spec.is_empty() && a.ndim() == 0 => {
            format(&crate::numpy::conv::py_number(v)?, spec)
        }
        _ if spec.is_empty() => Ok(to_str(v)),
        _ => Err(Error::type_error(format!(
            "unsupported format string passed to {}.__format__",
            type_name(v)
        ))),
    }
}

/// Pads `body` (a sign, then `rest`) to the spec's width.
fn pad(sign: &str, rest: &str, fill: char, align: char, width: usize) -> String {
    let n = sign.chars().count() + rest.chars().count();
    if n >= width {
        return format!("{sign}{rest}");
    }
    let k = width - n;
    let rep = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    match align {
        '<' => format!("{sign}{rest}{}", rep(k)),
        '^' => format!("{}{sign}{rest}{}", rep(k / 2), rep(k - k / 2)),
        '=' => format!("{sign}{}{rest}", rep(k)),
        _ => format!("{}{sign}{rest}", rep(k)),
    }
}

fn format_str(s: &str, sp: &Spec) -> Result<String> {
    match sp.ty {
        None | Some('s') => {}
        Some(t) => {
            return Err(Error::value_error(format!(
                "Unknown format code '{t}' for object of type 'str'"
            )))
        }
    }
    if sp.sign.is_some() {
        return Err(Error::value_error(
            "Sign not allowed in string format specifier",
        ));
    }
    if sp.alt {
        return Err(Error::value_error(
            "Alternate form (#) not allowed in string format specifier",
        ));
    }
    if sp.align == Some('=') {
        return Err(Error::value_error(
            "'=' alignment not allowed in string format specifier",
        ));
    }
    if let Some(g) = sp.grouping {
        return Err(Error::value_error(format!(
            "Cannot specify '{g}' with 's'."
        )));
    }
    let body: String = match sp.precision {
        Some(p) => s.chars().take(p).collect(),
        None => s.to_string(),
    };
    let fill = sp.fill.unwrap_or(if sp.zero { '0' } else { ' ' });
    Ok(pad("", &body, fill, sp.align.unwrap_or('<'), sp.width))
}

/// Inserts `sep` every `every` digits from the right of `digits`; with
/// zero padding, leading zeros (grouped too) until `min_width` is reached.
fn group(digits: &str, sep: char, every: usize, min_width: usize) -> String {
    let grouped = |d: &str| -> String {
        let mut out = String::new();
        for (i, c) in d.chars().enumerate() {
            if i > 0 && (d.len() - i).is_multiple_of(every) {
                out.push(sep);
            }
            out.push(c);
        }
        out
    };
    let mut d = digits.to_string();
    let mut out = grouped(&d);
    while out.chars().count() < min_width {
        d.insert(0, '0');
        out = grouped(&d);
    }
    out
}

/// The sign text of a number for the spec (`-`, `+`, ` ` or nothing).
fn sign_text(negative: bool, sp: &Spec) -> &'static str {
    match (negative, sp.sign) {
        (true, _) => "-",
        (false, Some('+')) => "+",
        (false, Some(' ')) => " ",
        _ => "",
    }
}

/// Lays out a number: its sign, prefix and digits (grouped with zero
/// padding when the spec asks), padded to the width.
fn layout(
    negative: bool,
    prefix: &str,
    digits: &str,
    tail: &str,
    sp: &Spec,
    every: usize,
) -> String {
    let sign = sign_text(negative, sp);
    let (fill, align) = sp.numeric_fill();
    let head = format!("{sign}{prefix}");
    let body = match sp.grouping {
        Some(g) => {
            let min = if fill == '0' && align == '=' {
                sp.width
                    .saturating_sub(head.chars().count() + tail.chars().count())
            } else {
                0
            };
            group(digits, g, every, min)
        }
        None => digits.to_string(),
    };
    pad(&head, &format!("{body}{tail}"), fill, align, sp.width)
}

fn format_int(v: &Value, sp: &Spec) -> Result<String> {
    let ty = sp.ty.unwrap_or('d');
    if matches!(ty, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%') {
        return format_float(num::to_f64(v)?, sp);
    }
    if !matches!(ty, 'b' | 'c' | 'd' | 'n' | 'o' | 'x' | 'X') {
        return Err(Error::value_error(format!(
            "Unknown format code '{ty}' for object of type 'int'"
        )));
    }
    if sp.precision.is_some() {
        return Err(Error::value_error(
            "Precision not allowed in integer format specifier",
        ));
    }
    if sp.no_neg_zero {
        return Err(Error::value_error(
            "Negative zero coercion (z) not allowed in integer format specifier",
        ));
    }
    let n = num::to_bigint(v).unwrap_or_default();
    if ty == 'c' {
        if sp.sign.is_some() {
            return Err(Error::value_error(
                "Sign not allowed with integer format specifier 'c'",
            ));
        }
        if sp.alt {
            return Err(Error::value_error(
                "Alternate form (#) not allowed with integer format specifier 'c'",
            ));
        }
        let c = u32::try_from(&n)
            .ok()
            .and_then(char::from_u32)
            .ok_or_else(|| {
                Error::new(
                    crate::ExcKind::OverflowError,
                    "%c arg not in range(0x110000)",
                )
            })?;
        let (fill, align) = sp.numeric_fill();
        return Ok(pad("", &c.to_string(), fill, align, sp.width));
    }
    let negative = num_traits::Signed::is_negative(&n);
    let m = num_traits::Signed::abs(&n);
    let (digits, prefix, every) = match ty {
        'b' => (m.to_str_radix(2), "0b", 4),
        'o' => (m.to_str_radix(8), "0o", 4),
        'x' => (m.to_str_radix(16), "0x", 4),
        'X' => (m.to_str_radix(16).to_uppercase(), "0X", 4),
        _ => (m.to_string(), "", 3),
    };
    let prefix = if sp.alt { prefix } else { "" };
    Ok(layout(negative, prefix, &digits, "", sp, every))
}

/// The significant digits of `|x|` rounded to `p` of them, and the
/// position of the decimal point (`1.5` is `("15", 1)`).
fn digits_of(x: f64, p: usize) -> (String, i32) {
    let sci = format!("{:.*e}", p.saturating_sub(1), x.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    (digits, exp.parse::<i32>().unwrap_or(0) + 1)
}

/// Fixed notation from significant digits and the decimal point position.
fn fixed_from(digits: &str, decpt: i32) -> String {
    let n = digits.len() as i32;
    if decpt <= 0 {
        format!("0.{}{digits}", "0".repeat((-decpt) as usize))
    } else if decpt >= n {
        format!("{digits}{}", "0".repeat((decpt - n) as usize))
    } else {
        format!(
            "{}.{}",
            &digits[..decpt as usize],
            &digits[decpt as usize..]
        )
    }
}

/// Scientific notation from significant digits and the decimal point position.
fn sci_from(digits: &str, decpt: i32) -> String {
    let e = decpt - 1;
    let mant = if digits.len() > 1 {
        format!("{}.{}", &digits[..1], &digits[1..])
    } else {
        digits.to_string()
    };
    format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

/// `|x|` in the 'g' style with `p` significant digits: CPython's
/// `format_float_short`, where `add_dot_0` (the type-less spec) switches
/// to exponents one digit earlier and keeps a `.0` on integral results.
fn general(x: f64, p: usize, alt: bool, add_dot_0: bool) -> String {
    let p = p.max(1);
    let (mut digits, decpt) = digits_of(x, p);
    if !alt {
        let trimmed = digits.trim_end_matches('0');
        digits = if trimmed.is_empty() {
            "0".into()
        } else {
            trimmed.into()
        };
    }
    let limit = if add_dot_0 { p as i32 - 1 } else { p as i32 };
    let use_exp = decpt <= -4 || decpt > limit;
    let mut s = if use_exp {
        sci_from(&digits, decpt)
    } else {
        fixed_from(&digits, decpt)
    };
    if !use_exp && (alt || add_dot_0) && !s.contains('.') {
        s.push('.');
        if add_dot_0 && !alt {
            s.push('0');
        }
    }
    s
}

/// The digits of a finite `|x|` for a float spec, before sign and padding.
fn float_digits(x: f64, ty: Option<char>, precision: Option<usize>, alt: bool) -> String {
    let x = x.abs();
    match ty {
        None => match precision {
            None => crate::py::repr::float_repr(x),
            Some(p) => general(x, p, alt, true),
        },
        Some('f' | 'F' | '%') => {
            let p = precision.unwrap_or(6);
            let v = if ty == Some('%') { x * 100.0 } else { x };
            let mut s = format!("{v:.p$}");
            if alt && p == 0 {
                s.push('.');
            }
            s
        }
        Some('e' | 'E') => {
            let p = precision.unwrap_or(6);
            let (digits, decpt) = digits_of(x, p + 1);
            let mut s = sci_from(&digits, decpt);
            if alt && p == 0 {
                s = s.replacen('e', ".e", 1);
            }
            s
        }
        _ => general(x, precision.unwrap_or(6), alt, false),
    }
}

fn format_float(x: f64, sp: &Spec) -> Result<String> {
    if let Some(t) = sp.ty {
        if !matches!(t, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n' | '%') {
            return Err(Error::value_error(format!(
                "Unknown format code '{t}' for object of type 'float'"
            )));
        }
    }
    let ty = if sp.ty == Some('n') { Some('g') } else { sp.ty };
    let upper = matches!(sp.ty, Some('E' | 'F' | 'G'));
    let mut body = if x.is_finite() {
        float_digits(x, ty, sp.precision, sp.alt)
    } else if x.is_nan() {
        "nan".into()
    } else {
        "inf".into()
    };
    if upper {
        body = body.to_uppercase();
    }
    let percent = if ty == Some('%') { "%" } else { "" };
    let zero = body
        .chars()
        .all(|c| matches!(c, '0' | '.' | 'e' | 'E' | '+' | '-'));
    let negative = x.is_sign_negative() && !x.is_nan() && !(sp.no_neg_zero && zero);
    // The grouped part is the integer digits; the rest (fraction, exponent) follows.
    let split = body
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(body.len());
    let (int_part, rest) = body.split_at(split);
    if !x.is_finite() || sp.grouping.is_none() {
        return Ok(layout(negative, "", &body, percent, sp, 3));
    }
    Ok(layout(
        negative,
        "",
        int_part,
        &format!("{rest}{percent}"),
        sp,
        3,
    ))
}

fn format_complex(re: f64, im: f64, sp: &Spec) -> Result<String> {
    if let Some(t) = sp.ty {
        if !matches!(t, 'e' | 'E' | 'f' | 'F' | 'g' | 'G' | 'n') {
            return Err(Error::value_error(format!(
                "Unknown format code '{t}' for object of type 'complex'"
            )));
        }
    }
    if sp.zero {
        return Err(Error::value_error(
            "Zero padding is not allowed in complex format specifier",
        ));
    }
    if sp.align == Some('=') {
        return Err(Error::value_error(
            "'=' alignment flag is not allowed in complex format specifier",
        ));
    }
    let part = |x: f64, ty: Option<char>| -> String {
        let ty = if ty == Some('n') { Some('g') } else { ty };
        let s = if !x.is_finite() {
            if x.is_nan() { "nan" } else { "inf" }.to_string()
        } else {
            match (ty, sp.precision) {
                (None, None) => {
                    let r = crate::py::repr::float_repr(x.abs());
                    r.strip_suffix(".0").unwrap_or(&r).to_string()
                }
                (None, Some(p)) => general(x.abs(), p, sp.alt, false),
                (t, p) => float_digits(x, t, p, sp.alt),
            }
        };
        if matches!(sp.ty, Some('E' | 'F' | 'G')) {
            s.to_uppercase()
        } else {
            s
        }
    };
    let skip_re = sp.ty.is_none() && re == 0.0 && re.is_sign_positive();
    let parens = sp.ty.is_none() && !skip_re;
    let im_sign = if im.is_sign_negative() && !im.is_nan() {
        "-"
    } else {
        "+"
    };
    let mut body = String::new();
    if parens {
        body.push('(');
    }
    let re_negative = re.is_sign_negative() && !re.is_nan();
    if !skip_re {
        body.push_str(&part(re, sp.ty));
        body.push_str(im_sign);
    } else if im_sign == "-" {
        body.push('-');
    }
    body.push_str(&part(im, sp.ty));
    body.push('j');
    if parens {
        body.push(')');
    }
    let sign = if skip_re {
        sign_text(false, sp)
    } else {
        sign_text(re_negative, sp)
    };
    let (fill, align) = (sp.fill.unwrap_or(' '), sp.align.unwrap_or('>'));
    if parens {
        // The sign goes inside the parentheses: `(-1+2j)`.
        let inner = format!("({sign}{}", &body[1..]);
        return Ok(pad("", &inner, fill, align, sp.width));
    }
    Ok(pad(sign, &body, fill, align, sp.width))
}

/// The `!r`, `!s` and `!a` conversions of a replacement field.
pub fn convert(v: &Value, conversion: char) -> Result<Value> {
    Ok(match conversion {
        'r' => Value::str(repr(v)),
        's' => Value::str(to_str(v)),
        'a' => Value::str(ascii(&repr(v))),
        c => {
            return Err(Error::value_error(format!(
                "Unknown conversion specifier {c}"
            )))
        }
    })
}

/// `ascii()`: non-ASCII characters escaped as `\xNN`, `\uNNNN`, `\UNNNNNNNN`.
pub fn ascii(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c as u32 {
            0..=0x7f => out.push(c),
            n @ 0x80..=0xff => out.push_str(&format!("\\x{n:02x}")),
            n @ 0x100..=0xffff => out.push_str(&format!("\\u{n:04x}")),
            n => out.push_str(&format!("\\U{n:08x}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results printed by CPython 3.11.
    #[test]
    fn specs_format_as_cpython() {
        let f = |v: Value, s: &str| format(&v, s).unwrap_or_else(|e| e.msg().to_string());
        assert_eq!(f(Value::Bool(true), ">5"), "    1");
        assert_eq!(f(Value::Int(1234), "010,"), "00,001,234");
        assert_eq!(f(Value::Int(1234), "08,"), "0,001,234");
        assert_eq!(f(Value::Float(100.0), ".3"), "1e+02");
        assert_eq!(f(Value::Float(1.0), ".3"), "1.0");
        assert_eq!(f(Value::Float(-0.0), "z.1f"), "0.0");
        assert_eq!(f(Value::Float(0.5), "%"), "50.000000%");
        assert_eq!(f(Value::Float(1234567.891), ",.2f"), "1,234,567.89");
        assert_eq!(f(Value::Int(255), "_b"), "1111_1111");
        assert_eq!(f(Value::Float(12345.6789), ".3e"), "1.235e+04");
        assert_eq!(f(Value::Float(f64::NAN), "+.2f"), "+nan");
        assert_eq!(f(Value::Float(1.5), "=+8.2f"), "+   1.50");
        assert_eq!(f(Value::Float(-1.5), "08.2f"), "-0001.50");
        assert_eq!(f(Value::Float(2.5), ".0f"), "2");
        let c = |re, im| Value::Complex(num_complex::Complex64::new(re, im));
        assert_eq!(f(c(1.0, 2.0), ""), "(1+2j)");
        assert_eq!(f(c(1.0, 2.0), ">10"), "    (1+2j)");
        assert_eq!(f(c(1.0, 2.0), ".2f"), "1.00+2.00j");
        assert_eq!(
            f(Value::Int(1), ".2d"),
            "Precision not allowed in integer format specifier"
        );
        assert_eq!(
            f(Value::Float(1.0), "abc"),
            "Invalid format specifier 'abc' for object of type 'float'"
        );
        assert_eq!(
            f(Value::None, ">3"),
            "unsupported format string passed to NoneType.__format__"
        );
    }
}
