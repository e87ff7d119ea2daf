//! Numeric conversions shared by the operators and the builtins: exact
//! int ↔ float conversion, correctly rounded int division, index coercion.

use std::cmp::Ordering;

use num_bigint::{BigInt, Sign};
use num_traits::{ToPrimitive, Zero};

use crate::value::Value;
use crate::{Error, Result};

/// A numeric view of a value: bools count as ints.
#[derive(Clone, Copy)]
pub enum Num<'a> {
    /// An int that fits in 64 bits (or a bool).
    Int(i64),
    /// A big int.
    Big(&'a BigInt),
    /// A float.
    Float(f64),
    /// A complex.
    Complex(num_complex::Complex64),
}

/// The numeric view of `v`, if it is a number.
pub fn num(v: &Value) -> Option<Num<'_>> {
    match v {
        Value::Bool(b) => Some(Num::Int(i64::from(*b))),
        Value::Int(i) => Some(Num::Int(*i)),
        Value::BigInt(b) => Some(Num::Big(b)),
        Value::Float(f) => Some(Num::Float(*f)),
        Value::Complex(c) => Some(Num::Complex(*c)),
        _ => None,
    }
}

/// Whether `v` is a Python int (bools included).
pub fn is_int(v: &Value) -> bool {
    matches!(v, Value::Bool(_) | Value::Int(_) | Value::BigInt(_))
}

/// The int value of `v` as a `BigInt`, if it is an int or bool.
pub fn to_bigint(v: &Value) -> Option<BigInt> {
    match v {
        Value::Bool(b) => Some(BigInt::from(i64::from(*b))),
        Value::Int(i) => Some(BigInt::from(*i)),
        Value::BigInt(b) => Some((**b).clone()),
        Value::Scalar(s) => match s.to_elem() {
            xpush_npu::dtype::Elem::Int(i) => Some(BigInt::from(i)),
            xpush_npu::dtype::Elem::UInt(u) => Some(BigInt::from(u)),
            xpush_npu::dtype::Elem::Bool(b) => Some(BigInt::from(i64::from(b))),
            _ => None,
        },
        _ => None,
    }
}

/// `x * 2**e`, exact unless the result under/overflows.
pub fn ldexp(mut x: f64, mut e: i64) -> f64 {
    while e > 1000 {
        x *= 2f64.powi(1000);
        e -= 1000;
        if x.is_infinite() {
            return x;
        }
    }
    while e < -1000 {
        x *= 2f64.powi(-1000);
        e += 1000;
        if x == 0.0 {
            return x;
        }
    }
    x * 2f64.powi(e as i32)
}

/// Correctly rounded `a / b` for ints (`b != 0`), as CPython's int true division.
pub fn div_to_f64(a: &BigInt, b: &BigInt) -> Result<f64> {
    if b.is_zero() {
        return Err(Error::zero_division("division by zero"));
    }
    if a.is_zero() {
        let neg = b.sign() == Sign::Minus;
        return Ok(if neg { -0.0 } else { 0.0 });
    }
    let neg = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    let (a, b) = (a.magnitude(), b.magnitude());
    let e = a.bits() as i64 - b.bits() as i64;
    // Shift so the quotient has 55 or 56 bits, then keep a sticky bit for the
    // remainder: one u64 -> f64 rounding is then correct (ties to even).
    let shift = 55 - e;
    let (q, r) = if shift >= 0 {
        let n = a << (shift as u64);
        (&n / b, &n % b)
    } else {
        let d = b << ((-shift) as u64);
        (a / &d, a % &d)
    };
    let mut q = q.to_u64().unwrap_or(u64::MAX);
    if !r.is_zero() {
        q |= 1;
    }
    // Result exponent: q has ~56 bits, times 2**-shift.
    let bits_total = 64 - i64::from(q.leading_zeros()) - shift;
    if bits_total > 1024 {
        return Err(Error::overflow(
            "integer division result too large for a float",
        ));
    }
    let mut x = ldexp(q as f64, -shift);
    if x.is_infinite() {
        return Err(Error::overflow(
            "integer division result too large for a float",
        ));
    }
    if neg {
        x = -x;
    }
    Ok(x)
}

/// A big int as the nearest float (ties to even), or OverflowError.
pub fn big_to_f64(b: &BigInt) -> Result<f64> {
    if let Some(i) = b.to_i64() {
        return Ok(i as f64);
    }
    let neg = b.sign() == Sign::Minus;
    let m = b.magnitude();
    let bits = m.bits();
    let shift = bits.saturating_sub(56);
    let mut q = (m >> shift).to_u64().unwrap_or(u64::MAX);
    if shift > 0 && (m.trailing_zeros().unwrap_or(0) < shift) {
        q |= 1;
    }
    let x = ldexp(q as f64, shift as i64);
    if x.is_infinite() || bits > 1024 {
        return Err(Error::overflow("int too large to convert to float"));
    }
    Ok(if neg { -x } else { x })
}

/// An int value (`Int`/`Bool`/`BigInt`) as a float.
pub fn int_to_f64(v: &Value) -> Result<f64> {
    match v {
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::Int(i) => Ok(*i as f64),
        Value::BigInt(b) => big_to_f64(b),
        Value::Float(f) => Ok(*f),
        Value::Scalar(s) if !s.dtype().is_complex() => Ok(s.as_f64()),
        _ => Err(Error::type_error(format!(
            "must be real number, not {}",
            crate::ops::type_name(v)
        ))),
    }
}

/// A real number (int or float) as `f64`; TypeError `must be real number, not str` otherwise.
pub fn to_f64(v: &Value) -> Result<f64> {
    int_to_f64(v)
}

/// A finite float's exact integer part (truncated toward zero) as an int value.
pub fn f64_to_int(f: f64) -> Result<Value> {
    if f.is_nan() {
        return Err(Error::value_error("cannot convert float NaN to integer"));
    }
    if f.is_infinite() {
        return Err(Error::overflow("cannot convert float infinity to integer"));
    }
    let t = f.trunc();
    if t.abs() < 9.2e18 {
        return Ok(Value::Int(t as i64));
    }
    Ok(Value::from_bigint(f64_to_big(t)))
}

/// An integral finite float as an exact `BigInt`.
pub fn f64_to_big(t: f64) -> BigInt {
    let bits = t.to_bits();
    let neg = bits >> 63 == 1;
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if exp == 0 {
        return BigInt::zero();
    }
    let mant = BigInt::from(frac | (1u64 << 52));
    let e = exp - 1075;
    let mag = if e >= 0 {
        mant << (e as u64)
    } else {
        mant >> ((-e) as u64)
    };
    if neg {
        -mag
    } else {
        mag
    }
}

/// Exact comparison of an int with a float (`None` if the float is NaN).
pub fn cmp_int_f64(i: &Num<'_>, f: f64) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    if f.is_infinite() {
        return Some(if f > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    match i {
        Num::Int(i) => {
            if (*i as f64) as i64 == *i && i.unsigned_abs() < (1u64 << 53) {
                return (*i as f64).partial_cmp(&f);
            }
            if f >= 9_223_372_036_854_775_808.0 {
                return Some(Ordering::Less);
            }
            if f < -9_223_372_036_854_775_808.0 {
                return Some(Ordering::Greater);
            }
            let t = f.trunc();
            let ti = t as i64;
            Some(
                i.cmp(&ti)
                    .then_with(|| 0.0f64.partial_cmp(&(f - t)).unwrap_or(Ordering::Equal)),
            )
        }
        Num::Big(b) => {
            let t = f.trunc();
            let tb = f64_to_big(t);
            Some(
                (*b).cmp(&tb)
                    .then_with(|| 0.0f64.partial_cmp(&(f - t)).unwrap_or(Ordering::Equal)),
            )
        }
        _ => None,
    }
}

/// Coerces an index-like value (int or bool) to `i64`; `what` names the failure:
/// TypeError `'float' object cannot be interpreted as an integer`, or
/// OverflowError for ints beyond 64 bits.
pub fn index_i64(v: &Value) -> Result<i64> {
    match v {
        Value::Bool(b) => Ok(i64::from(*b)),
        Value::Int(i) => Ok(*i),
        Value::BigInt(_) => Err(Error::overflow(
            "Python int too large to convert to C ssize_t",
        )),
        Value::Scalar(s) if s.dtype().is_integer() || s.dtype().is_bool() => match s.to_elem() {
            xpush_npu::dtype::Elem::Int(i) => Ok(i),
            xpush_npu::dtype::Elem::UInt(u) => i64::try_from(u)
                .map_err(|_| Error::overflow("Python int too large to convert to C ssize_t")),
            e => Ok(i64::from(e.as_bool())),
        },
        _ => Err(Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            crate::ops::type_name(v)
        ))),
    }
}

/// Like [`index_i64`] but keeps big ints.
pub fn index_big(v: &Value) -> Result<BigInt> {
    to_bigint(v).ok_or_else(|| {
        Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            crate::ops::type_name(v)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_division_is_correctly_rounded() {
        let two64 = BigInt::from(1u128 << 64);
        assert_eq!(
            div_to_f64(&two64, &BigInt::from(3)).unwrap(),
            6.148914691236517e18
        );
        assert_eq!(div_to_f64(&(&two64 + 1), &two64).unwrap(), 1.0);
        let ten30 = BigInt::from(10).pow(30);
        assert_eq!(
            div_to_f64(&ten30, &BigInt::from(7)).unwrap(),
            1.4285714285714285e29
        );
        assert_eq!(
            div_to_f64(&BigInt::from(-7), &BigInt::from(2)).unwrap(),
            -3.5
        );
        let huge = BigInt::from(2).pow(2000);
        assert_eq!(div_to_f64(&BigInt::from(1), &huge).unwrap(), 0.0);
        assert_eq!(
            div_to_f64(&huge, &BigInt::from(3)).unwrap_err().msg(),
            "integer division result too large for a float"
        );
        assert_eq!(
            big_to_f64(&BigInt::from(2).pow(10000)).unwrap_err().msg(),
            "int too large to convert to float"
        );
        // 2**53 + 1 rounds to even (2**53); 2**53 + 3 rounds up.
        let p53 = BigInt::from(1u64 << 53);
        assert_eq!(
            big_to_f64(&((&p53 << 20u32) + (1u64 << 20))).unwrap(),
            2f64.powi(73)
        );
        assert_eq!(
            big_to_f64(&((&p53 + 3) << 20u32)).unwrap(),
            (2f64.powi(53) + 4.0) * 2f64.powi(20)
        );
    }

    #[test]
    fn int_float_comparison_is_exact() {
        let p = (1i64 << 53) + 1;
        assert_eq!(
            cmp_int_f64(&Num::Int(p), 2f64.powi(53)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            cmp_int_f64(&Num::Int(i64::MAX), 2f64.powi(63)),
            Some(Ordering::Less)
        );
        assert_eq!(cmp_int_f64(&Num::Int(-3), -2.5), Some(Ordering::Less));
        assert_eq!(cmp_int_f64(&Num::Int(-2), -2.5), Some(Ordering::Greater));
        let b = BigInt::from(1u128 << 63);
        assert_eq!(
            cmp_int_f64(&Num::Big(&b), 2f64.powi(63)),
            Some(Ordering::Equal)
        );
        assert_eq!(cmp_int_f64(&Num::Int(1), f64::NAN), None);
    }

    #[test]
    fn float_to_int_truncates_exactly() {
        assert!(matches!(f64_to_int(-2.7).unwrap(), Value::Int(-2)));
        let v = f64_to_int(1e300).unwrap();
        assert_eq!(crate::ops::repr(&v).len(), 301);
        assert_eq!(
            f64_to_int(f64::NAN).unwrap_err().msg(),
            "cannot convert float NaN to integer"
        );
        assert_eq!(
            f64_to_int(f64::INFINITY).unwrap_err().msg(),
            "cannot convert float infinity to integer"
        );
    }
}
