//! Arithmetic and bitwise operators: ints (i64 fast path, BigInt beyond),
//! floats, complex numbers, bools, and sequence `+`/`*`.

use std::rc::Rc;

use num_bigint::BigInt;
use num_complex::Complex64;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use xpush_lang::ast::{BinOp, UnaryOp};

use super::num::{big_to_f64, div_to_f64, num, Num};
use crate::ops::type_name;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

fn unsupported(op: BinOp, a: &Value, b: &Value) -> Error {
    Error::type_error(format!(
        "unsupported operand type(s) for {}: '{}' and '{}'",
        op.symbol(),
        type_name(a),
        type_name(b)
    ))
}

/// `a op b`.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => int_op(op, *x, *y),
        (Value::Float(x), Value::Float(y)) => float_op(op, *x, *y),
        _ => binary_slow(op, a, b),
    }
}

fn binary_slow(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    use crate::numpy::host::object;
    // `np.str_('a') + 'b'` is str's `+`: `'ab'`.
    if let Some((x, y)) = crate::numpy::host::python_operands(a, b) {
        return binary(op, &x, &y);
    }
    // `'%.3f' % x` is str's `%` whatever `x` is (an array is one value),
    // and `'#' * np.int64(3)` str's repetition (a NumPy scalar leaves `*`
    // of a sequence to the sequence: `[0] * np.int64(2)` is `[0, 0]`).
    let python_seq = |v: &Value| {
        matches!(
            v,
            Value::Str(_) | Value::List(_) | Value::Tuple(_) | Value::Bytes(_)
        )
    };
    match (op, a, b) {
        (BinOp::Mod, Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_), _) => {
            return crate::strmethods::percent_format(a, b)
        }
        (BinOp::Mul, x, Value::Scalar(_)) | (BinOp::Mul, Value::Scalar(_), x) if python_seq(x) => {
            let (seq, n) = if python_seq(a) { (a, b) } else { (b, a) };
            return repeat(seq, n)?.ok_or_else(|| {
                Error::type_error(format!(
                    "can't multiply sequence by non-int of type '{}'",
                    type_name(n)
                ))
            });
        }
        _ => {}
    }
    if object::is_object(a) || object::is_object(b) {
        // Without an interpreter at hand: builtin element operations only.
        return object::binary(&mut crate::host::QuietHost, op, a, b);
    }
    if matches!(a, Value::HostArray(_)) || matches!(b, Value::HostArray(_)) {
        let ufunc = match op {
            BinOp::Add => "add",
            BinOp::Sub => "subtract",
            BinOp::Mul => "multiply",
            BinOp::Div => "divide",
            BinOp::FloorDiv => "floor_divide",
            BinOp::Mod => "remainder",
            BinOp::Pow => "power",
            BinOp::MatMul => "matmul",
            BinOp::BitAnd => "bitwise_and",
            BinOp::BitOr => "bitwise_or",
            BinOp::BitXor => "bitwise_xor",
            BinOp::LShift => "left_shift",
            BinOp::RShift => "right_shift",
        };
        return crate::numpy::host::funcs::arith(ufunc, a, Some(b));
    }
    if crate::numpy::conv::is_numpy(a) || crate::numpy::conv::is_numpy(b) {
        return crate::numpy::arith::binary(op, a, b);
    }
    if let (Value::Bool(x), Value::Bool(y)) = (a, b) {
        match op {
            BinOp::BitAnd => return Ok(Value::Bool(*x & *y)),
            BinOp::BitOr => return Ok(Value::Bool(*x | *y)),
            BinOp::BitXor => return Ok(Value::Bool(*x ^ *y)),
            _ => {}
        }
    }
    if let Some(r) = crate::setmethods::binary(op, a, b, false) {
        return r;
    }
    if let Some(r) = crate::collections::binary(op, a, b) {
        return r;
    }
    if let Some(r) = crate::datetime::binary(op, a, b) {
        return r;
    }
    if op == BinOp::BitOr {
        if let Some(r) = crate::dictmethods::merge(a, b, false) {
            return r;
        }
    }
    match (num(a), num(b)) {
        (Some(x), Some(y)) => numeric(op, a, b, x, y),
        _ => sequence(op, a, b),
    }
}

fn numeric(op: BinOp, a: &Value, b: &Value, x: Num<'_>, y: Num<'_>) -> Result<Value> {
    use Num::*;
    let bitwise = matches!(
        op,
        BinOp::BitAnd
            | BinOp::BitOr
            | BinOp::BitXor
            | BinOp::LShift
            | BinOp::RShift
            | BinOp::MatMul
    );
    match (x, y) {
        (Int(x), Int(y)) => int_op(op, x, y),
        (Int(_) | Big(_), Int(_) | Big(_)) => {
            let (x, y) = (big(&x), big(&y));
            big_op(op, &x, &y)
        }
        _ if bitwise => Err(unsupported(op, a, b)),
        (Complex(_), _) | (_, Complex(_)) => {
            if matches!(op, BinOp::FloorDiv | BinOp::Mod) {
                return Err(unsupported(op, a, b));
            }
            complex_op(op, to_c(a)?, to_c(b)?)
        }
        _ => float_op(op, super::num::to_f64(a)?, super::num::to_f64(b)?),
    }
}

fn big(n: &Num<'_>) -> BigInt {
    match n {
        Num::Int(i) => BigInt::from(*i),
        Num::Big(b) => (*b).clone(),
        _ => BigInt::zero(),
    }
}

fn to_c(v: &Value) -> Result<Complex64> {
    match v {
        Value::Complex(c) => Ok(*c),
        _ => Ok(Complex64::new(super::num::to_f64(v)?, 0.0)),
    }
}

/// Python floor division and modulo on i64 (`y != 0`, not `MIN // -1`).
pub fn floor_divmod(x: i64, y: i64) -> (i64, i64) {
    let q = x / y;
    let r = x % y;
    if r != 0 && ((r < 0) != (y < 0)) {
        (q - 1, r + y)
    } else {
        (q, r)
    }
}

/// Both fit in 53 bits, so `as f64` is exact.
fn exact_f64(x: i64) -> bool {
    x.unsigned_abs() <= 1u64 << 53
}

/// `x op y` on two machine ints; overflows fall back to big ints.
pub fn int_op(op: BinOp, x: i64, y: i64) -> Result<Value> {
    let r = match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        BinOp::Div => {
            if y == 0 {
                return Err(Error::zero_division("division by zero"));
            }
            if exact_f64(x) && exact_f64(y) {
                return Ok(Value::Float(x as f64 / y as f64));
            }
            return Ok(Value::Float(div_to_f64(
                &BigInt::from(x),
                &BigInt::from(y),
            )?));
        }
        BinOp::FloorDiv => {
            if y == 0 {
                return Err(Error::zero_division("integer division or modulo by zero"));
            }
            if x == i64::MIN && y == -1 {
                None
            } else {
                Some(floor_divmod(x, y).0)
            }
        }
        BinOp::Mod => {
            if y == 0 {
                return Err(Error::zero_division("integer modulo by zero"));
            }
            if y == -1 {
                Some(0)
            } else {
                Some(floor_divmod(x, y).1)
            }
        }
        BinOp::Pow => {
            if y < 0 {
                return float_pow(x as f64, y as f64);
            }
            u32::try_from(y).ok().and_then(|e| x.checked_pow(e))
        }
        BinOp::BitAnd => Some(x & y),
        BinOp::BitOr => Some(x | y),
        BinOp::BitXor => Some(x ^ y),
        BinOp::LShift => {
            if y < 0 {
                return Err(Error::value_error("negative shift count"));
            }
            if x == 0 {
                Some(0)
            } else if y < 64 && (x << y) >> y == x {
                Some(x << y)
            } else {
                None
            }
        }
        BinOp::RShift => {
            if y < 0 {
                return Err(Error::value_error("negative shift count"));
            }
            Some(if y >= 64 {
                if x < 0 {
                    -1
                } else {
                    0
                }
            } else {
                x >> y
            })
        }
        BinOp::MatMul => {
            return Err(Error::type_error(
                "unsupported operand type(s) for @: 'int' and 'int'",
            ));
        }
    };
    match r {
        Some(v) => Ok(Value::Int(v)),
        None => big_op(op, &BigInt::from(x), &BigInt::from(y)),
    }
}

const MAX_SHIFT: u64 = 1 << 32;

/// Larger repeated sequences raise MemoryError instead of aborting the process.
pub const MAX_ITEMS: usize = 1 << 33;

/// `x op y` on big ints; the result is normalised.
pub fn big_op(op: BinOp, x: &BigInt, y: &BigInt) -> Result<Value> {
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => return Ok(Value::Float(div_to_f64(x, y)?)),
        BinOp::FloorDiv => {
            if y.is_zero() {
                return Err(Error::zero_division("integer division or modulo by zero"));
            }
            x.div_floor(y)
        }
        BinOp::Mod => {
            if y.is_zero() {
                return Err(Error::zero_division("integer modulo by zero"));
            }
            x.mod_floor(y)
        }
        BinOp::Pow => {
            if y.is_negative() {
                return float_pow(big_to_f64(x)?, big_to_f64(y)?);
            }
            if x.is_zero() || x.abs() == BigInt::from(1) {
                if x.is_zero() {
                    return Ok(Value::Int(i64::from(y.is_zero())));
                }
                let odd = y.is_odd();
                return Ok(Value::Int(if x.is_negative() && odd { -1 } else { 1 }));
            }
            match y.to_u32() {
                Some(e) if (x.bits().saturating_mul(u64::from(e))) < (1 << 34) => {
                    num_traits::Pow::pow(x, e)
                }
                _ => return Err(Error::new(ExcKind::MemoryError, "")),
            }
        }
        BinOp::BitAnd => x & y,
        BinOp::BitOr => x | y,
        BinOp::BitXor => x ^ y,
        BinOp::LShift | BinOp::RShift => {
            if y.is_negative() {
                return Err(Error::value_error("negative shift count"));
            }
            let n = y.to_u64().unwrap_or(u64::MAX);
            if op == BinOp::RShift {
                if n >= x.bits() {
                    return Ok(Value::Int(if x.is_negative() { -1 } else { 0 }));
                }
                x >> n
            } else {
                if x.is_zero() {
                    return Ok(Value::Int(0));
                }
                if n >= MAX_SHIFT {
                    return Err(Error::overflow("too many digits in integer"));
                }
                x << n
            }
        }
        BinOp::MatMul => {
            return Err(Error::type_error(
                "unsupported operand type(s) for @: 'int' and 'int'",
            ))
        }
    };
    Ok(Value::from_bigint(r))
}

/// Python's float `//` and `%` (CPython's `float_divmod`).
pub fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0f64.copysign(vx / wx)
    };
    (floordiv, m)
}

/// `x op y` on floats.
pub fn float_op(op: BinOp, x: f64, y: f64) -> Result<Value> {
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => {
            if y == 0.0 {
                return Err(Error::zero_division("float division by zero"));
            }
            x / y
        }
        BinOp::FloorDiv => {
            if y == 0.0 {
                return Err(Error::zero_division("float floor division by zero"));
            }
            float_divmod(x, y).0
        }
        BinOp::Mod => {
            if y == 0.0 {
                return Err(Error::zero_division("float modulo"));
            }
            float_divmod(x, y).1
        }
        BinOp::Pow => return float_pow(x, y),
        _ => {
            return Err(Error::type_error(format!(
                "unsupported operand type(s) for {}: 'float' and 'float'",
                op.symbol()
            )));
        }
    };
    Ok(Value::Float(r))
}

/// `x ** y` on floats, as CPython's `float_pow` (a negative base with a
/// fractional exponent gives a complex).
pub fn float_pow(x: f64, y: f64) -> Result<Value> {
    if y == 0.0 {
        return Ok(Value::Float(1.0));
    }
    if x.is_nan() {
        return Ok(Value::Float(x));
    }
    if y.is_nan() {
        return Ok(Value::Float(if x == 1.0 { 1.0 } else { y }));
    }
    if x == 0.0 && y < 0.0 && y.is_finite() {
        return Err(Error::zero_division(
            "0.0 cannot be raised to a negative power",
        ));
    }
    if x < 0.0 && x.is_finite() && y.is_finite() && y.fract() != 0.0 {
        return complex_pow(Complex64::new(x, 0.0), Complex64::new(y, 0.0));
    }
    let r = x.powf(y);
    if r.is_infinite() && x.is_finite() && y.is_finite() {
        return Err(Error::overflow("(34, 'Numerical result out of range')"));
    }
    Ok(Value::Float(r))
}

/// CPython's `_Py_c_quot`; `None` on division by zero.
pub fn c_quot(a: Complex64, b: Complex64) -> Option<Complex64> {
    let (abs_br, abs_bi) = (b.re.abs(), b.im.abs());
    if abs_br >= abs_bi {
        if abs_br == 0.0 {
            return None;
        }
        let ratio = b.im / b.re;
        let denom = b.re + b.im * ratio;
        Some(Complex64::new(
            (a.re + a.im * ratio) / denom,
            (a.im - a.re * ratio) / denom,
        ))
    } else if abs_bi >= abs_br {
        let ratio = b.re / b.im;
        let denom = b.re * ratio + b.im;
        Some(Complex64::new(
            (a.re * ratio + a.im) / denom,
            (a.im * ratio - a.re) / denom,
        ))
    } else {
        Some(Complex64::new(f64::NAN, f64::NAN))
    }
}

fn c_prod(a: Complex64, b: Complex64) -> Complex64 {
    Complex64::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
}

fn c_powu(x: Complex64, n: i64) -> Complex64 {
    let mut r = Complex64::new(1.0, 0.0);
    let mut p = x;
    let mut mask: i64 = 1;
    while mask > 0 && n >= mask {
        if n & mask != 0 {
            r = c_prod(r, p);
        }
        mask <<= 1;
        p = c_prod(p, p);
    }
    r
}

fn c_pow(a: Complex64, b: Complex64) -> Option<Complex64> {
    if b.re == 0.0 && b.im == 0.0 {
        return Some(Complex64::new(1.0, 0.0));
    }
    if a.re == 0.0 && a.im == 0.0 {
        if b.im != 0.0 || b.re < 0.0 {
            return None;
        }
        return Some(Complex64::new(0.0, 0.0));
    }
    let vabs = a.re.hypot(a.im);
    let mut len = vabs.powf(b.re);
    let at = a.im.atan2(a.re);
    let mut phase = at * b.re;
    if b.im != 0.0 {
        len /= (at * b.im).exp();
        phase += b.im * vabs.ln();
    }
    if phase.is_infinite() {
        // cos/sin of an infinity set errno = EDOM, which CPython reports as below.
        return None;
    }
    Some(Complex64::new(len * phase.cos(), len * phase.sin()))
}

/// `a ** b` on complex numbers, as CPython's `complex_pow`.
pub fn complex_pow(a: Complex64, b: Complex64) -> Result<Value> {
    let p = if b.im == 0.0 && b.re == b.re.floor() && b.re.abs() <= 100.0 {
        let n = b.re as i64;
        if n >= 0 {
            Some(c_powu(a, n))
        } else {
            c_quot(Complex64::new(1.0, 0.0), c_powu(a, -n))
        }
    } else {
        c_pow(a, b)
    };
    let p = p.ok_or_else(|| Error::zero_division("0.0 to a negative or complex power"))?;
    // CPython's _Py_ADJUST_ERANGE2: an infinite component is an overflow.
    if p.re.is_infinite() || p.im.is_infinite() {
        return Err(Error::overflow("complex exponentiation"));
    }
    Ok(Value::Complex(p))
}

/// `a op b` on complex numbers (`//` and `%` are rejected by the caller).
pub fn complex_op(op: BinOp, a: Complex64, b: Complex64) -> Result<Value> {
    let r = match op {
        BinOp::Add => Complex64::new(a.re + b.re, a.im + b.im),
        BinOp::Sub => Complex64::new(a.re - b.re, a.im - b.im),
        BinOp::Mul => c_prod(a, b),
        BinOp::Div => {
            c_quot(a, b).ok_or_else(|| Error::zero_division("complex division by zero"))?
        }
        BinOp::Pow => return complex_pow(a, b),
        _ => {
            return Err(Error::type_error(format!(
                "unsupported operand type(s) for {}: 'complex' and 'complex'",
                op.symbol()
            )));
        }
    };
    Ok(Value::Complex(r))
}

/// The repeat count of `seq * n`: negative counts give 0; big positive
/// counts are an OverflowError.
fn repeat_count(n: &Value) -> Result<Option<usize>> {
    Ok(match n {
        Value::Bool(b) => Some(usize::from(*b)),
        Value::Int(i) => Some(usize::try_from(*i).unwrap_or(0)),
        // A NumPy integer, by its `__index__`.
        Value::Scalar(s) if s.dtype().is_integer() => {
            Some(usize::try_from(s.as_f64() as i64).unwrap_or(0))
        }
        Value::BigInt(b) => {
            if b.is_negative() {
                Some(0)
            } else {
                return Err(Error::overflow(
                    "cannot fit 'int' into an index-sized integer",
                ));
            }
        }
        _ => None,
    })
}

fn check_size(unit: usize, count: usize) -> Result<usize> {
    match unit.checked_mul(count) {
        Some(n) if n <= MAX_ITEMS => Ok(n),
        _ => Err(Error::new(ExcKind::MemoryError, "")),
    }
}

fn repeat(seq: &Value, n: &Value) -> Result<Option<Value>> {
    let Some(count) = repeat_count(n)? else {
        return Ok(None);
    };
    Ok(Some(match seq {
        Value::Str(s) => {
            check_size(s.len(), count)?;
            Value::str(s.repeat(count))
        }
        Value::Bytes(_) | Value::ByteArray(_) => super::bytes::repeat(seq, count as i64)?,
        Value::List(l) => {
            let items = l.borrow();
            check_size(items.len(), count)?;
            let mut out = Vec::with_capacity(items.len() * count);
            for _ in 0..count {
                out.extend(items.iter().cloned());
            }
            Value::list(out)
        }
        Value::Tuple(t) => {
            check_size(t.len(), count)?;
            let mut out = Vec::with_capacity(t.len() * count);
            for _ in 0..count {
                out.extend(t.iter().cloned());
            }
            Value::tuple(out)
        }
        _ => return Ok(None),
    }))
}

fn is_seq(v: &Value) -> bool {
    matches!(
        v,
        Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_) | Value::List(_) | Value::Tuple(_)
    )
}

fn sequence(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    match op {
        BinOp::Add => match (a, b) {
            (Value::Str(x), Value::Str(y)) => {
                let mut s = String::with_capacity(x.len() + y.len());
                s.push_str(x);
                s.push_str(y);
                Ok(Value::str(s))
            }
            (Value::List(x), Value::List(y)) => {
                let mut v = x.borrow().clone();
                v.extend(y.borrow().iter().cloned());
                Ok(Value::list(v))
            }
            (Value::Tuple(x), Value::Tuple(y)) => {
                Ok(Value::tuple(x.iter().chain(y.iter()).cloned().collect()))
            }
            (Value::Bytes(_) | Value::ByteArray(_), _) => super::bytes::concat(a, b),
            (Value::Str(_) | Value::List(_) | Value::Tuple(_), _) => {
                Err(Error::type_error(format!(
                    "can only concatenate {} (not \"{}\") to {}",
                    type_name(a),
                    type_name(b),
                    type_name(a)
                )))
            }
            _ => Err(unsupported(op, a, b)),
        },
        BinOp::Mul => {
            if is_seq(a) {
                if let Some(v) = repeat(a, b)? {
                    return Ok(v);
                }
                return Err(Error::type_error(format!(
                    "can't multiply sequence by non-int of type '{}'",
                    type_name(b)
                )));
            }
            if is_seq(b) {
                if let Some(v) = repeat(b, a)? {
                    return Ok(v);
                }
                return Err(Error::type_error(format!(
                    "can't multiply sequence by non-int of type '{}'",
                    type_name(a)
                )));
            }
            Err(unsupported(op, a, b))
        }
        BinOp::Mod if matches!(a, Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_)) => {
            crate::strmethods::percent_format(a, b)
        }
        _ => Err(unsupported(op, a, b)),
    }
}

/// `a op= b`: list `+=` extends the same list in place (any iterable on
/// the right) and `*=` repeats in place; everything else is [`binary`].
pub fn inplace(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    if crate::numpy::conv::is_numpy(a) {
        return crate::numpy::arith::inplace(op, a, b);
    }
    if let Some(r) = crate::setmethods::binary(op, a, b, true) {
        return r;
    }
    if let Some(r) = crate::collections::binary(op, a, b) {
        return r;
    }
    if op == BinOp::BitOr {
        if let Some(r) = crate::dictmethods::merge(a, b, true) {
            return r;
        }
    }
    if let Value::ByteArray(ba) = a {
        match op {
            BinOp::Add => {
                let more = super::bytes::bytes_like(b).map_err(|_| {
                    Error::type_error(format!("can't concat {} to bytearray", type_name(b)))
                })?;
                ba.borrow_mut().extend(more);
                return Ok(a.clone());
            }
            BinOp::Mul => {
                if let Some(count) = repeat_count(b)? {
                    let mut v = ba.borrow_mut();
                    check_size(v.len(), count)?;
                    *v = v.repeat(count);
                    return Ok(a.clone());
                }
            }
            _ => {}
        }
    }
    if let Value::List(l) = a {
        match op {
            BinOp::Add => {
                let items: Vec<Value> = super::iter::iterate(b)?.collect();
                l.borrow_mut().extend(items);
                return Ok(a.clone());
            }
            BinOp::Mul => {
                if let Some(count) = repeat_count(b)? {
                    let mut v = l.borrow_mut();
                    check_size(v.len(), count)?;
                    if count == 0 {
                        v.clear();
                    } else {
                        let orig = v.clone();
                        for _ in 1..count {
                            v.extend(orig.iter().cloned());
                        }
                    }
                    return Ok(a.clone());
                }
            }
            _ => {}
        }
    }
    binary(op, a, b)
}

/// `-a`, `+a`, `~a`, `not a`.
pub fn unary(op: UnaryOp, a: &Value) -> Result<Value> {
    let bad = || {
        Error::type_error(format!(
            "bad operand type for unary {}: '{}'",
            unary_symbol(op),
            type_name(a)
        ))
    };
    if crate::numpy::conv::is_numpy(a) {
        return crate::numpy::arith::unary(op, a);
    }
    if op != UnaryOp::Not && crate::numpy::host::object::is_object(a) {
        return crate::numpy::host::object::unary(&mut crate::host::QuietHost, Some(op), a);
    }
    if let (Value::HostArray(_), Some(ufunc)) = (
        a,
        match op {
            UnaryOp::Neg => Some("negative"),
            UnaryOp::Pos => Some("positive"),
            UnaryOp::Invert => Some("invert"),
            UnaryOp::Not => None,
        },
    ) {
        return crate::numpy::host::funcs::arith(ufunc, a, None);
    }
    if let Some(r) = crate::collections::unary(op, a) {
        return r;
    }
    if matches!(op, UnaryOp::Neg | UnaryOp::Pos) {
        if let Some(r) = crate::datetime::unary(a, op == UnaryOp::Neg, false) {
            return r;
        }
    }
    match op {
        UnaryOp::Not => Ok(Value::Bool(!super::compare::truthy(a)?)),
        UnaryOp::Neg => match a {
            Value::Bool(b) => Ok(Value::Int(-i64::from(*b))),
            Value::Int(i) => Ok(match i.checked_neg() {
                Some(n) => Value::Int(n),
                None => Value::from_bigint(-BigInt::from(*i)),
            }),
            Value::BigInt(b) => Ok(Value::from_bigint(-(**b).clone())),
            Value::Float(f) => Ok(Value::Float(-f)),
            Value::Complex(c) => Ok(Value::Complex(-c)),
            _ => Err(bad()),
        },
        UnaryOp::Pos => match a {
            Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
            Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Complex(_) => Ok(a.clone()),
            _ => Err(bad()),
        },
        UnaryOp::Invert => match a {
            Value::Bool(b) => Ok(Value::Int(!i64::from(*b))),
            Value::Int(i) => Ok(Value::Int(!i)),
            Value::BigInt(b) => Ok(Value::from_bigint(!(**b).clone())),
            _ => Err(bad()),
        },
    }
}

fn unary_symbol(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "-",
        UnaryOp::Pos => "+",
        UnaryOp::Invert => "~",
        UnaryOp::Not => "not",
    }
}

/// `abs(v)` for numbers.
pub fn abs(v: &Value) -> Result<Value> {
    match v {
        Value::Array(_) | Value::Scalar(_) => crate::numpy::arith::abs(v),
        Value::HostArray(_) if crate::numpy::host::object::is_object(v) => {
            crate::numpy::host::object::unary(&mut crate::host::QuietHost, None, v)
        }
        Value::HostArray(_) => crate::numpy::host::funcs::arith("absolute", v, None),
        Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
        Value::Int(i) => Ok(match i.checked_abs() {
            Some(n) => Value::Int(n),
            None => Value::from_bigint(BigInt::from(*i).abs()),
        }),
        Value::BigInt(b) => Ok(Value::from_bigint(b.abs())),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        Value::Complex(c) => {
            let r = c.re.hypot(c.im);
            if r.is_infinite() && c.re.is_finite() && c.im.is_finite() {
                return Err(Error::overflow("absolute value too large"));
            }
            Ok(Value::Float(r))
        }
        Value::Object(_) if crate::datetime::of(v).is_some() => {
            crate::datetime::unary(v, false, true).unwrap_or_else(|| {
                Err(Error::type_error(format!(
                    "bad operand type for abs(): '{}'",
                    type_name(v)
                )))
            })
        }
        _ => Err(Error::type_error(format!(
            "bad operand type for abs(): '{}'",
            type_name(v)
        ))),
    }
}

/// `divmod(a, b)`.
pub fn divmod(a: &Value, b: &Value) -> Result<Value> {
    if crate::numpy::conv::is_numpy(a) || crate::numpy::conv::is_numpy(b) {
        return crate::numpy::arith::divmod(a, b);
    }
    let unsupported = || {
        Error::type_error(format!(
            "unsupported operand type(s) for divmod(): '{}' and '{}'",
            type_name(a),
            type_name(b)
        ))
    };
    match (num(a), num(b)) {
        (Some(Num::Complex(_)), _) | (_, Some(Num::Complex(_))) | (None, _) | (_, None) => {
            Err(unsupported())
        }
        (Some(Num::Float(_)), _) | (_, Some(Num::Float(_))) => {
            let (x, y) = (super::num::to_f64(a)?, super::num::to_f64(b)?);
            if y == 0.0 {
                return Err(Error::zero_division("float divmod()"));
            }
            let (q, r) = float_divmod(x, y);
            Ok(Value::tuple(vec![Value::Float(q), Value::Float(r)]))
        }
        _ => {
            let q = binary(BinOp::FloorDiv, a, b)?;
            let r = binary(BinOp::Mod, a, b)?;
            Ok(Value::Tuple(Rc::from(vec![q, r])))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::repr;

    fn r(op: BinOp, a: Value, b: Value) -> String {
        match binary(op, &a, &b) {
            Ok(v) => repr(&v),
            Err(e) => format!("{e}"),
        }
    }

    fn big(s: &str) -> Value {
        Value::from_bigint(s.parse::<BigInt>().unwrap())
    }

    #[test]
    fn floor_division_and_modulo_signs() {
        use Value::{Float as F, Int as I};
        assert_eq!(r(BinOp::FloorDiv, I(8), I(-3)), "-3");
        assert_eq!(r(BinOp::FloorDiv, I(-8), I(3)), "-3");
        assert_eq!(r(BinOp::Mod, I(8), I(-3)), "-1");
        assert_eq!(r(BinOp::Mod, I(-8), I(3)), "1");
        assert_eq!(r(BinOp::Mod, F(8.0), F(-3.0)), "-1.0");
        assert_eq!(r(BinOp::Mod, F(-8.0), F(3.0)), "1.0");
        assert_eq!(r(BinOp::Mod, F(-0.0), F(5.0)), "0.0");
        assert_eq!(r(BinOp::Mod, F(0.0), F(-5.0)), "-0.0");
        assert_eq!(r(BinOp::FloorDiv, F(5.0), F(f64::INFINITY)), "0.0");
        assert_eq!(r(BinOp::FloorDiv, F(-5.0), F(f64::INFINITY)), "-1.0");
        assert_eq!(r(BinOp::Mod, F(5.0), F(f64::INFINITY)), "5.0");
        assert_eq!(r(BinOp::Mod, F(-5.0), F(f64::INFINITY)), "inf");
        assert_eq!(
            r(BinOp::FloorDiv, I(i64::MIN), I(-1)),
            "9223372036854775808"
        );
        assert_eq!(r(BinOp::Mod, I(i64::MIN), I(-1)), "0");
        assert_eq!(repr(&divmod(&F(-7.5), &I(2)).unwrap()), "(-4.0, 0.5)");
    }

    #[test]
    fn zero_division_messages() {
        use Value::{Complex as C, Float as F, Int as I};
        assert_eq!(
            r(BinOp::Div, I(1), I(0)),
            "ZeroDivisionError: division by zero"
        );
        assert_eq!(
            r(BinOp::FloorDiv, I(1), I(0)),
            "ZeroDivisionError: integer division or modulo by zero"
        );
        assert_eq!(
            r(BinOp::Mod, I(1), I(0)),
            "ZeroDivisionError: integer modulo by zero"
        );
        assert_eq!(
            r(BinOp::Div, F(1.0), I(0)),
            "ZeroDivisionError: float division by zero"
        );
        assert_eq!(
            r(BinOp::FloorDiv, F(1.0), I(0)),
            "ZeroDivisionError: float floor division by zero"
        );
        assert_eq!(
            r(BinOp::Mod, F(1.0), I(0)),
            "ZeroDivisionError: float modulo"
        );
        assert_eq!(
            r(BinOp::Div, C(Complex64::new(0.0, 1.0)), I(0)),
            "ZeroDivisionError: complex division by zero"
        );
        assert_eq!(
            r(BinOp::Pow, F(0.0), I(-1)),
            "ZeroDivisionError: 0.0 cannot be raised to a negative power"
        );
        assert_eq!(
            r(BinOp::Pow, I(0), I(-1)),
            "ZeroDivisionError: 0.0 cannot be raised to a negative power"
        );
        assert_eq!(
            r(BinOp::Pow, F(10.0), I(400)),
            "OverflowError: (34, 'Numerical result out of range')"
        );
    }

    #[test]
    fn powers() {
        use Value::{Complex as C, Float as F, Int as I};
        assert_eq!(r(BinOp::Pow, I(2), I(-1)), "0.5");
        assert_eq!(r(BinOp::Pow, I(-2), I(-3)), "-0.125");
        assert_eq!(
            r(BinOp::Pow, I(2), I(100)),
            "1267650600228229401496703205376"
        );
        assert_eq!(
            r(BinOp::Pow, F(-8.0), F(1.0 / 3.0)),
            "(1.0000000000000002+1.7320508075688772j)"
        );
        assert_eq!(
            r(BinOp::Pow, I(-2), F(0.5)),
            "(8.659560562354934e-17+1.4142135623730951j)"
        );
        assert_eq!(r(BinOp::Pow, C(Complex64::new(0.0, 1.0)), I(2)), "(-1+0j)");
        assert_eq!(
            r(BinOp::Pow, C(Complex64::new(1.0, 2.0)), F(0.5)),
            "(1.272019649514069+0.7861513777574233j)"
        );
        assert_eq!(r(BinOp::Pow, C(Complex64::new(1.0, 1.0)), I(3)), "(-2+2j)");
        assert_eq!(
            r(
                BinOp::Div,
                C(Complex64::new(1.0, 2.0)),
                C(Complex64::new(3.0, -4.0))
            ),
            "(-0.2+0.4j)"
        );
    }

    #[test]
    fn big_int_boundaries() {
        use Value::Int as I;
        assert_eq!(r(BinOp::Add, I(i64::MAX), I(1)), "9223372036854775808");
        assert_eq!(r(BinOp::Sub, I(i64::MIN), I(1)), "-9223372036854775809");
        assert!(matches!(
            binary(BinOp::Sub, &big("9223372036854775808"), &I(1)).unwrap(),
            Value::Int(i64::MAX)
        ));
        assert_eq!(
            repr(&unary(UnaryOp::Neg, &I(i64::MIN)).unwrap()),
            "9223372036854775808"
        );
        assert!(matches!(
            unary(UnaryOp::Neg, &big("9223372036854775808")).unwrap(),
            Value::Int(i64::MIN)
        ));
        assert_eq!(repr(&abs(&I(i64::MIN)).unwrap()), "9223372036854775808");
        assert_eq!(
            r(BinOp::Mul, I(1 << 40), I(1 << 40)),
            "1208925819614629174706176"
        );
        assert_eq!(
            r(BinOp::Div, big("18446744073709551616"), I(3)),
            "6.148914691236517e+18"
        );
        assert_eq!(r(BinOp::Div, I(10), I(4)), "2.5");
    }

    #[test]
    fn bitwise() {
        use Value::{Bool as B, Int as I};
        assert_eq!(
            r(BinOp::LShift, I(1), I(-1)),
            "ValueError: negative shift count"
        );
        assert_eq!(r(BinOp::LShift, I(1), I(70)), "1180591620717411303424");
        assert_eq!(r(BinOp::RShift, I(-5), I(1)), "-3");
        assert_eq!(r(BinOp::RShift, I(-5), I(100)), "-1");
        assert_eq!(
            r(BinOp::RShift, big("-1180591620717411303425"), I(70)),
            "-2"
        );
        assert_eq!(
            r(BinOp::BitAnd, big("-1180591620717411303424"), I(-1)),
            "-1180591620717411303424"
        );
        assert_eq!(r(BinOp::BitXor, I(-1), I(5)), "-6");
        assert_eq!(r(BinOp::Add, B(true), B(true)), "2");
        assert_eq!(r(BinOp::BitAnd, B(true), B(false)), "False");
        assert_eq!(r(BinOp::BitOr, B(true), I(1)), "1");
        assert_eq!(repr(&unary(UnaryOp::Invert, &B(true)).unwrap()), "-2");
        assert_eq!(repr(&unary(UnaryOp::Neg, &B(true)).unwrap()), "-1");
        assert_eq!(
            r(BinOp::BitAnd, Value::Float(1.0), I(1)),
            "TypeError: unsupported operand type(s) for &: 'float' and 'int'"
        );
    }

    #[test]
    fn sequences_and_type_errors() {
        use Value::Int as I;
        let s = Value::str;
        assert_eq!(r(BinOp::Add, s("ab"), s("c")), "'abc'");
        assert_eq!(r(BinOp::Mul, s("ab"), I(3)), "'ababab'");
        assert_eq!(r(BinOp::Mul, I(-1), s("ab")), "''");
        assert_eq!(
            r(BinOp::Add, I(1), s("a")),
            "TypeError: unsupported operand type(s) for +: 'int' and 'str'"
        );
        assert_eq!(
            r(BinOp::Add, s("a"), I(1)),
            "TypeError: can only concatenate str (not \"int\") to str"
        );
        let l = Value::list(vec![I(1)]);
        assert_eq!(
            r(BinOp::Add, l.clone(), Value::tuple(vec![I(1)])),
            "TypeError: can only concatenate list (not \"tuple\") to list"
        );
        assert_eq!(
            r(BinOp::Mul, l.clone(), Value::Float(1.5)),
            "TypeError: can't multiply sequence by non-int of type 'float'"
        );
        assert_eq!(r(BinOp::Mul, Value::tuple(vec![I(1)]), I(2)), "(1, 1)");
        assert_eq!(
            unary(UnaryOp::Neg, &s("a")).unwrap_err().msg(),
            "bad operand type for unary -: 'str'"
        );
        let same = inplace(BinOp::Add, &l, &Value::tuple(vec![I(2)])).unwrap();
        match (&same, &l) {
            (Value::List(a), Value::List(b)) => assert!(Rc::ptr_eq(a, b)),
            _ => panic!("not a list"),
        }
        assert_eq!(repr(&l), "[1, 2]");
        assert_eq!(
            r(BinOp::Mul, s("a"), big("1267650600228229401496703205376")),
            "OverflowError: cannot fit 'int' into an index-sized integer"
        );
    }
}
