//! Comparisons (`==`, ordering, `is`, `in`) and truthiness.

use std::cmp::Ordering;
use std::rc::Rc;

use num_traits::Zero;
use xpush_lang::ast::CmpOp;

use super::num::{cmp_int_f64, num, Num};
use crate::ops::type_name;
use crate::value::{RangeObj, SetTable, Value};
use crate::{Error, Result};

/// Python truthiness (`bool(v)`).
pub fn truthy(v: &Value) -> Result<bool> {
    Ok(match v {
        Value::None => false,
        Value::Bool(b) => *b,
        Value::Int(i) => *i != 0,
        Value::BigInt(b) => !b.is_zero(),
        Value::Float(f) => *f != 0.0,
        Value::Complex(c) => c.re != 0.0 || c.im != 0.0,
        Value::Str(s) => !s.is_empty(),
        Value::Bytes(b) => !b.is_empty(),
        Value::ByteArray(b) => !b.borrow().is_empty(),
        Value::List(l) => !l.borrow().is_empty(),
        Value::Tuple(t) => !t.is_empty(),
        Value::Dict(d) => !d.borrow().is_empty(),
        Value::Set(t) => !t.borrow().is_empty(),
        Value::FrozenSet(t) => !t.is_empty(),
        Value::DictView(v) => !v.dict.borrow().is_empty(),
        Value::Range(r) => range_len(r) > 0,
        Value::Array(_) | Value::Scalar(_) => crate::numpy::arith::truthy(v)?,
        Value::HostArray(a) if a.size() == 1 && a.dtype().kind.is_record() => {
            crate::numpy::host::record::truthy(a)?
        }
        Value::HostArray(a) => match a.size() {
            0 => false,
            1 => !a.cells()[0].is_empty(),
            _ => {
                return Err(Error::value_error(
                    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
                ))
            }
        },
        Value::Object(_) if crate::datetime::of(v).is_some() => {
            crate::datetime::of(v).is_none_or(crate::datetime::truthy)
        }
        Value::Object(_) => {
            crate::collections::deque_of(v).is_none_or(|d| !d.borrow().items.is_empty())
        }
        _ => true,
    })
}

/// The number of elements of a range.
pub fn range_len(r: &RangeObj) -> u64 {
    let (start, stop, step) = (i128::from(r.start), i128::from(r.stop), i128::from(r.step));
    let n = if step > 0 && start < stop {
        (stop - start - 1) / step + 1
    } else if step < 0 && start > stop {
        (start - stop - 1) / (-step) + 1
    } else {
        0
    };
    n as u64
}

/// Exact numeric ordering across int, big int and float; `None` for NaN or complex.
pub fn num_cmp(a: Num<'_>, b: Num<'_>) -> Option<Ordering> {
    use Num::*;
    match (a, b) {
        (Int(x), Int(y)) => Some(x.cmp(&y)),
        (Int(x), Big(y)) => Some(num_bigint::BigInt::from(x).cmp(y)),
        (Big(x), Int(y)) => Some(x.cmp(&num_bigint::BigInt::from(y))),
        (Big(x), Big(y)) => Some(x.cmp(y)),
        (Float(x), Float(y)) => x.partial_cmp(&y),
        (i @ (Int(_) | Big(_)), Float(f)) => cmp_int_f64(&i, f),
        (Float(f), i @ (Int(_) | Big(_))) => cmp_int_f64(&i, f).map(Ordering::reverse),
        _ => None,
    }
}

fn num_eq(a: Num<'_>, b: Num<'_>) -> bool {
    match (a, b) {
        (Num::Complex(x), Num::Complex(y)) => x == y,
        (Num::Complex(c), other) | (other, Num::Complex(c)) => {
            c.im == 0.0 && num_cmp(Num::Float(c.re), other) == Some(Ordering::Equal)
        }
        _ => num_cmp(a, b) == Some(Ordering::Equal),
    }
}

/// `a == b` with Python's semantics (cross-type comparisons are False,
/// numbers compare exactly across int/float/complex).
pub fn eq(a: &Value, b: &Value) -> Result<bool> {
    if let (Some(x), Some(y)) = (num(a), num(b)) {
        return Ok(num_eq(x, y));
    }
    if let Some((x, y)) = crate::numpy::host::python_operands(a, b) {
        return eq(&x, &y);
    }
    if time_scalar(a) || time_scalar(b) {
        // np.datetime64 and np.timedelta64 compare as NumPy compares them
        // (across units); with anything else they are unequal.
        return match compare(CmpOp::Eq, a, b) {
            Ok(r) => truthy(&r),
            Err(_) => Ok(false),
        };
    }
    if let Some(r) = crate::datetime::eq(a, b) {
        return Ok(r);
    }
    Ok(match (a, b) {
        (Value::None, Value::None) | (Value::Ellipsis, Value::Ellipsis) => true,
        (Value::Str(x), Value::Str(y)) => x == y,
        (Value::Bytes(_) | Value::ByteArray(_), Value::Bytes(_) | Value::ByteArray(_)) => {
            let (x, y) = (super::bytes::view(a), super::bytes::view(b));
            x.as_deref() == y.as_deref()
        }
        (Value::List(x), Value::List(y)) => {
            if Rc::ptr_eq(x, y) {
                return Ok(true);
            }
            let (x, y) = (x.borrow().clone(), y.borrow().clone());
            seq_eq(&x, &y)?
        }
        (Value::Tuple(x), Value::Tuple(y)) => seq_eq(x, y)?,
        (Value::Dict(x), Value::Dict(y)) => {
            if Rc::ptr_eq(x, y) {
                return Ok(true);
            }
            let (x, y) = (x.borrow().clone(), y.borrow().clone());
            if let Some(r) = crate::collections::dict_eq(&x, &y, |v, w| Ok(is(v, w) || eq(v, w)?)) {
                return r;
            }
            if x.len() != y.len() {
                return Ok(false);
            }
            for (k, v) in x.iter() {
                match y.get(k)? {
                    Some(w) if is(v, &w) || eq(v, &w)? => {}
                    _ => return Ok(false),
                }
            }
            true
        }
        (Value::Set(_) | Value::FrozenSet(_), Value::Set(_) | Value::FrozenSet(_)) => {
            with_sets(a, b, |x, y| x.set_eq(y))
        }
        (Value::DictView(_), _) | (_, Value::DictView(_)) => {
            match (
                crate::setmethods::table_of(a),
                crate::setmethods::table_of(b),
            ) {
                (Some(x), Some(y)) => x.set_eq(&y),
                _ => matches!((a, b), (Value::DictView(x), Value::DictView(y)) if Rc::ptr_eq(x, y)),
            }
        }
        (Value::Range(x), Value::Range(y)) => {
            let n = range_len(x);
            n == range_len(y) && (n == 0 || (x.start == y.start && (n == 1 || x.step == y.step)))
        }
        (Value::Slice(x), Value::Slice(y)) => {
            eq(&x.start, &y.start)? && eq(&x.stop, &y.stop)? && eq(&x.step, &y.step)?
        }
        (Value::Builtin(x), Value::Builtin(y)) => x == y,
        (Value::Object(_), Value::Object(_))
            if crate::collections::deque_of(a).is_some()
                && crate::collections::deque_of(b).is_some() =>
        {
            let items = |v: &Value| -> Vec<Value> {
                crate::collections::deque_of(v)
                    .map(|d| d.borrow().items.iter().cloned().collect())
                    .unwrap_or_default()
            };
            seq_eq(&items(a), &items(b))?
        }
        (Value::Method(x), Value::Method(y)) => x.func == y.func && is(&x.receiver, &y.receiver),
        (Value::Function(x), Value::Function(y)) => Rc::ptr_eq(x, y),
        (Value::Module(x), Value::Module(y)) => Rc::ptr_eq(x, y),
        // Objects without their own `==` are equal only to themselves.
        (Value::Object(x), Value::Object(y)) => Rc::ptr_eq(x, y),
        (Value::DType(x), Value::DType(y)) => x == y,
        (Value::HostDType(x), Value::HostDType(y)) => crate::numpy::host::record::same(*x, *y),
        (Value::HostDType(d), t) | (t, Value::HostDType(d)) => crate::numpy::host::dtype_arg(t)
            .is_some_and(|p| crate::numpy::host::record::same(p, *d)),
        (Value::ExcType(x), Value::ExcType(y)) => x == y,
        (Value::DType(d), Value::Str(s)) | (Value::Str(s), Value::DType(d)) => {
            xpush_npu::DType::parse(s).is_ok_and(|p| p == *d)
        }
        (Value::DType(d), Value::Builtin(_)) | (Value::Builtin(_), Value::DType(d)) => {
            let t = if matches!(a, Value::Builtin(_)) { a } else { b };
            crate::numpy::conv::dtype_arg(t).ok().flatten() == Some(*d)
        }
        _ => false,
    })
}

fn seq_eq(x: &[Value], y: &[Value]) -> Result<bool> {
    if x.len() != y.len() {
        return Ok(false);
    }
    for (a, b) in x.iter().zip(y) {
        if !is(a, b) && !eq(a, b)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `a is b`: the same heap object, or the same immediate value.
pub fn is(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::None, Value::None) | (Value::Ellipsis, Value::Ellipsis) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Complex(x), Value::Complex(y)) => {
            x.re.to_bits() == y.re.to_bits() && x.im.to_bits() == y.im.to_bits()
        }
        (Value::BigInt(x), Value::BigInt(y)) => Rc::ptr_eq(x, y),
        (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y),
        (Value::Bytes(x), Value::Bytes(y)) => Rc::ptr_eq(x, y),
        (Value::ByteArray(x), Value::ByteArray(y)) => Rc::ptr_eq(x, y),
        (Value::List(x), Value::List(y)) => Rc::ptr_eq(x, y),
        (Value::Tuple(x), Value::Tuple(y)) => Rc::ptr_eq(x, y) || (x.is_empty() && y.is_empty()),
        (Value::Dict(x), Value::Dict(y)) => Rc::ptr_eq(x, y),
        (Value::Set(x), Value::Set(y)) => Rc::ptr_eq(x, y),
        (Value::FrozenSet(x), Value::FrozenSet(y)) => Rc::ptr_eq(x, y),
        (Value::DictView(x), Value::DictView(y)) => Rc::ptr_eq(x, y),
        (Value::Iter(x), Value::Iter(y)) => Rc::ptr_eq(x, y),
        (Value::Range(x), Value::Range(y)) => Rc::ptr_eq(x, y),
        (Value::Slice(x), Value::Slice(y)) => Rc::ptr_eq(x, y),
        (Value::Builtin(x), Value::Builtin(y)) => x == y,
        (Value::Method(x), Value::Method(y)) => Rc::ptr_eq(x, y),
        (Value::Function(x), Value::Function(y)) => Rc::ptr_eq(x, y),
        (Value::Module(x), Value::Module(y)) => Rc::ptr_eq(x, y),
        (Value::Array(x), Value::Array(y)) => Rc::ptr_eq(x, y),
        (Value::HostArray(x), Value::HostArray(y)) => Rc::ptr_eq(x, y),
        (Value::HostDType(x), Value::HostDType(y)) => x == y,
        (Value::Scalar(x), Value::Scalar(y)) => x.identical(y),
        (Value::DType(x), Value::DType(y)) => x == y,
        (Value::ExcType(x), Value::ExcType(y)) => x == y,
        (Value::Record(x), Value::Record(y)) => Rc::ptr_eq(x, y),
        (Value::Object(x), Value::Object(y)) => Rc::ptr_eq(x, y),
        (Value::Class(x), Value::Class(y)) => Rc::ptr_eq(x, y),
        (Value::Instance(x), Value::Instance(y)) => Rc::ptr_eq(x, y),
        (Value::BoundMethod(x), Value::BoundMethod(y)) => Rc::ptr_eq(x, y),
        _ => false,
    }
}

fn not_supported(op: CmpOp, a: &Value, b: &Value) -> Error {
    let sym = match op {
        CmpOp::Lt => "<",
        CmpOp::LtE => "<=",
        CmpOp::Gt => ">",
        CmpOp::GtE => ">=",
        _ => "==",
    };
    Error::type_error(format!(
        "'{sym}' not supported between instances of '{}' and '{}'",
        type_name(a),
        type_name(b)
    ))
}

fn apply(op: CmpOp, o: Option<Ordering>) -> bool {
    match (op, o) {
        (_, None) => false,
        (CmpOp::Lt, Some(o)) => o == Ordering::Less,
        (CmpOp::LtE, Some(o)) => o != Ordering::Greater,
        (CmpOp::Gt, Some(o)) => o == Ordering::Greater,
        (CmpOp::GtE, Some(o)) => o != Ordering::Less,
        _ => false,
    }
}

/// An ordering comparison (`<`, `<=`, `>`, `>=`).
pub fn order(op: CmpOp, a: &Value, b: &Value) -> Result<bool> {
    if let Some((x, y)) = crate::numpy::host::python_operands(a, b) {
        return order(op, &x, &y);
    }
    if time_scalar(a) || time_scalar(b) {
        return truthy(&compare(op, a, b)?);
    }
    if crate::numpy::conv::is_numpy(a) || crate::numpy::conv::is_numpy(b) {
        if let Some(r) = crate::numpy::arith::order_scalars(op, a, b)? {
            return Ok(r);
        }
        if let Some(v) = crate::numpy::arith::compare(op, a, b)? {
            return truthy(&v);
        }
    }
    match (num(a), num(b)) {
        (Some(Num::Complex(_)), Some(_)) | (Some(_), Some(Num::Complex(_))) => {
            return Err(not_supported(op, a, b))
        }
        (Some(x), Some(y)) => return Ok(apply(op, num_cmp(x, y))),
        _ => {}
    }
    if let Some(r) = crate::datetime::order(a, b) {
        return Ok(apply(op, Some(r?)));
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(apply(op, Some(x.cmp(y)))),
        (Value::Bytes(_) | Value::ByteArray(_), Value::Bytes(_) | Value::ByteArray(_)) => {
            let (x, y) = (super::bytes::view(a), super::bytes::view(b));
            Ok(apply(op, x.as_deref().partial_cmp(&y.as_deref())))
        }
        (Value::List(x), Value::List(y)) => {
            let (x, y) = (x.borrow().clone(), y.borrow().clone());
            seq_order(op, &x, &y)
        }
        (Value::Tuple(x), Value::Tuple(y)) => seq_order(op, x, y),
        (
            Value::Set(_) | Value::FrozenSet(_) | Value::DictView(_),
            Value::Set(_) | Value::FrozenSet(_) | Value::DictView(_),
        ) => {
            // Sets (and keys and items views) are ordered by inclusion.
            let (Some(x), Some(y)) = (
                crate::setmethods::table_of(a),
                crate::setmethods::table_of(b),
            ) else {
                return Err(not_supported(op, a, b));
            };
            Ok(match op {
                CmpOp::LtE => x.is_subset(&y),
                CmpOp::Lt => x.len() < y.len() && x.is_subset(&y),
                CmpOp::GtE => y.is_subset(&x),
                _ => y.len() < x.len() && y.is_subset(&x),
            })
        }
        _ => Err(not_supported(op, a, b)),
    }
}

/// Runs `f` on the tables of two sets or frozensets (`a` and `b` may be
/// the same set).
pub fn with_sets<T>(a: &Value, b: &Value, f: impl FnOnce(&SetTable, &SetTable) -> T) -> T {
    let table = |v: &Value| match v {
        Value::Set(s) => s.borrow().clone(),
        Value::FrozenSet(s) => (**s).clone(),
        _ => SetTable::new(),
    };
    match (a, b) {
        (Value::FrozenSet(x), Value::FrozenSet(y)) => f(x, y),
        (Value::Set(x), Value::FrozenSet(y)) => f(&x.borrow(), y),
        (Value::FrozenSet(x), Value::Set(y)) => f(x, &y.borrow()),
        (Value::Set(x), Value::Set(y)) if !Rc::ptr_eq(x, y) => f(&x.borrow(), &y.borrow()),
        _ => f(&table(a), &table(b)),
    }
}

fn seq_order(op: CmpOp, x: &[Value], y: &[Value]) -> Result<bool> {
    for (a, b) in x.iter().zip(y) {
        if !is(a, b) && !eq(a, b)? {
            return order(op, a, b);
        }
    }
    Ok(apply(op, Some(x.len().cmp(&y.len()))))
}

/// Whether `v` is an np.datetime64 or np.timedelta64 scalar.
fn time_scalar(v: &Value) -> bool {
    matches!(
        crate::numpy::host::scalar_type(v),
        Some("datetime64" | "timedelta64")
    )
}

/// `item in container`.
pub fn contains(container: &Value, item: &Value) -> Result<bool> {
    if let Some((c, i)) = crate::numpy::host::python_operands(container, item) {
        return contains(&c, &i);
    }
    match container {
        Value::Array(_) => crate::numpy::arith::contains(container, item),
        Value::HostArray(_) => {
            let eq = crate::numpy::host::funcs::compare(
                container,
                item,
                crate::numpy::host::funcs::Cmp::Eq,
            )?;
            Ok(match eq {
                Value::Array(a) => a.to_elems().iter().any(|e| e.as_bool()),
                other => truthy(&other)?,
            })
        }
        Value::Str(s) => match item {
            Value::Str(sub) => Ok(s.contains(&**sub)),
            _ => Err(Error::type_error(format!(
                "'in <string>' requires string as left operand, not {}",
                type_name(item)
            ))),
        },
        Value::Bytes(_) | Value::ByteArray(_) => {
            let data = super::bytes::bytes_like(container)?;
            super::bytes::contains(&data, item)
        }
        Value::List(l) => {
            let n = l.borrow().len();
            for i in 0..n {
                let Some(x) = l.borrow().get(i).cloned() else {
                    break;
                };
                if is(&x, item) || eq(&x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Tuple(t) => {
            for x in t.iter() {
                if is(x, item) || eq(x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Dict(d) => d.borrow().contains(item),
        Value::Set(t) => t.borrow().contains(item),
        Value::FrozenSet(t) => t.contains(item),
        Value::DictView(v) if v.kind == crate::value::ViewKind::Keys => {
            v.dict.borrow().contains(item)
        }
        Value::DictView(v) => {
            for x in v.items() {
                if is(&x, item) || eq(&x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Range(r) => {
            let n = match item {
                Value::Bool(b) => i128::from(*b),
                Value::Int(i) => i128::from(*i),
                Value::BigInt(_) => return Ok(false),
                Value::Float(f) if f.fract() == 0.0 && f.abs() < 1e19 => *f as i128,
                Value::Complex(c) if c.im == 0.0 && c.re.fract() == 0.0 && c.re.abs() < 1e19 => {
                    c.re as i128
                }
                _ => return Ok(false),
            };
            let (start, step) = (i128::from(r.start), i128::from(r.step));
            let len = i128::from(range_len(r));
            let off = n - start;
            Ok(off % step == 0 && (0..len).contains(&(off / step)))
        }
        Value::Object(_) if crate::collections::deque_of(container).is_some() => {
            for x in crate::py::iter::to_vec(container)? {
                if is(&x, item) || eq(&x, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Err(Error::type_error(format!(
            "argument of type '{}' is not iterable",
            type_name(container)
        ))),
    }
}

/// One comparison `a op b`, as a value.
pub fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<Value> {
    use crate::numpy::host::object;
    let ordering = !matches!(op, CmpOp::In | CmpOp::NotIn | CmpOp::Is | CmpOp::IsNot);
    // `np.str_('a') < 'b'` is str's `<`; `'a' in np.str_('ab')` str's `in`.
    if op != CmpOp::Is && op != CmpOp::IsNot {
        if let Some((x, y)) = crate::numpy::host::python_operands(a, b) {
            return compare(op, &x, &y);
        }
    }
    if ordering && (object::is_object(a) || object::is_object(b)) {
        // Without an interpreter at hand: builtin element comparisons only.
        return object::compare(&mut crate::host::QuietHost, op, a, b);
    }
    let is_record = |v: &Value| matches!(v, Value::HostArray(h) if h.dtype().kind.is_record());
    if ordering && (is_record(a) || is_record(b)) {
        if matches!(op, CmpOp::Eq | CmpOp::NotEq) {
            return crate::numpy::host::record::equal(
                &mut crate::host::QuietHost,
                a,
                b,
                op == CmpOp::NotEq,
            );
        }
        let ufunc = match op {
            CmpOp::Lt => "less",
            CmpOp::LtE => "less_equal",
            CmpOp::Gt => "greater",
            _ => "greater_equal",
        };
        if let Some(e) = crate::numpy::host::record::no_loop(ufunc, a, Some(b)) {
            return Err(e);
        }
    }
    if matches!(a, Value::HostArray(_)) || matches!(b, Value::HostArray(_)) {
        use crate::numpy::host::funcs::{compare, Cmp};
        let cmp = match op {
            CmpOp::Eq => Some(Cmp::Eq),
            CmpOp::NotEq => Some(Cmp::Ne),
            CmpOp::Lt => Some(Cmp::Lt),
            CmpOp::LtE => Some(Cmp::Le),
            CmpOp::Gt => Some(Cmp::Gt),
            CmpOp::GtE => Some(Cmp::Ge),
            _ => None,
        };
        if let Some(cmp) = cmp {
            return compare(a, b, cmp);
        }
    }
    if crate::numpy::conv::is_numpy(a) || crate::numpy::conv::is_numpy(b) {
        if let Some(v) = crate::numpy::arith::compare(op, a, b)? {
            return Ok(v);
        }
    }
    let r = match op {
        CmpOp::Eq => eq(a, b)?,
        CmpOp::NotEq => !eq(a, b)?,
        CmpOp::Is => is(a, b),
        CmpOp::IsNot => !is(a, b),
        CmpOp::In => contains(b, a)?,
        CmpOp::NotIn => !contains(b, a)?,
        CmpOp::Lt | CmpOp::LtE | CmpOp::Gt | CmpOp::GtE => order(op, a, b)?,
    };
    Ok(Value::Bool(r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn c(op: CmpOp, a: &Value, b: &Value) -> String {
        match compare(op, a, b) {
            Ok(v) => crate::ops::repr(&v),
            Err(e) => format!("{e}"),
        }
    }

    #[test]
    fn int_float_exact() {
        let p53 = Value::Int((1 << 53) + 1);
        assert_eq!(c(CmpOp::Gt, &p53, &Value::Float(2f64.powi(53))), "True");
        assert_eq!(c(CmpOp::Eq, &p53, &Value::Float(2f64.powi(53))), "False");
        let p63 = Value::from_bigint(BigInt::from(1u128 << 63));
        assert_eq!(c(CmpOp::Eq, &p63, &Value::Float(2f64.powi(63))), "True");
        let big = Value::from_bigint(BigInt::from(10).pow(300));
        assert_eq!(c(CmpOp::Lt, &Value::Float(1e300), &big), "False");
        assert_eq!(
            c(
                CmpOp::Eq,
                &Value::Int(1),
                &Value::Complex(num_complex::Complex64::new(1.0, 0.0))
            ),
            "True"
        );
        assert_eq!(
            c(CmpOp::Lt, &Value::Float(f64::NAN), &Value::Int(1)),
            "False"
        );
        assert_eq!(c(CmpOp::Eq, &Value::Bool(true), &Value::Int(1)), "True");
    }

    #[test]
    fn sequences_and_errors() {
        let l = |v: Vec<i64>| Value::list(v.into_iter().map(Value::Int).collect());
        assert_eq!(c(CmpOp::Lt, &l(vec![1, 2]), &l(vec![1, 2, 0])), "True");
        assert_eq!(c(CmpOp::Gt, &l(vec![1, 3]), &l(vec![1, 2, 9])), "True");
        assert_eq!(
            c(CmpOp::Eq, &l(vec![1]), &Value::tuple(vec![Value::Int(1)])),
            "False"
        );
        assert_eq!(c(CmpOp::Lt, &Value::str("abc"), &Value::str("abd")), "True");
        assert_eq!(
            c(CmpOp::Lt, &Value::Int(1), &Value::str("a")),
            "TypeError: '<' not supported between instances of 'int' and 'str'"
        );
        assert_eq!(c(CmpOp::Eq, &Value::Int(1), &Value::str("a")), "False");
        assert_eq!(c(CmpOp::In, &Value::str("bc"), &Value::str("abcd")), "True");
        assert_eq!(
            c(CmpOp::In, &Value::Int(1), &Value::str("a")),
            "TypeError: 'in <string>' requires string as left operand, not int"
        );
        let r = Value::Range(Rc::new(RangeObj {
            start: 0,
            stop: 10,
            step: 3,
        }));
        assert_eq!(c(CmpOp::In, &Value::Int(9), &r), "True");
        assert_eq!(c(CmpOp::In, &Value::Float(6.0), &r), "True");
        assert_eq!(c(CmpOp::In, &Value::Int(10), &r), "False");
        assert_eq!(
            c(CmpOp::In, &Value::Int(1), &Value::Int(1)),
            "TypeError: argument of type 'int' is not iterable"
        );
        let a = l(vec![1]);
        assert_eq!(c(CmpOp::Is, &a, &a.clone()), "True");
        assert_eq!(c(CmpOp::Is, &a, &l(vec![1])), "False");
        let r2 = Value::Range(Rc::new(RangeObj {
            start: 5,
            stop: 5,
            step: 2,
        }));
        let r3 = Value::Range(Rc::new(RangeObj {
            start: 0,
            stop: 0,
            step: 1,
        }));
        assert_eq!(c(CmpOp::Eq, &r2, &r3), "True");
    }
}
