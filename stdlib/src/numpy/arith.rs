//! The language's operators on arrays and NumPy scalars: arithmetic,
//! comparisons, truthiness, indexing, `len` and iteration. Every array
//! operation goes through `xpush_npu::ops` dispatch.

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};
use xpush_npu::ops::{self as nops, BinaryOp, UnaryOp as NUnary};
use xpush_npu::Array;

use super::conv::{self, arg, as_array, index_items, wrap, wrap_result};
use super::fperr;
use crate::value::Value;
use crate::{Error, Result};

/// The ufunc of a binary operator (`@` is `np.matmul`, a gufunc, handled
/// by [`binary`] and [`inplace`]).
pub fn binop_ufunc(op: BinOp) -> Result<BinaryOp> {
    Ok(match op {
        BinOp::Add => BinaryOp::Add,
        BinOp::Sub => BinaryOp::Subtract,
        BinOp::Mul => BinaryOp::Multiply,
        BinOp::Div => BinaryOp::TrueDivide,
        BinOp::FloorDiv => BinaryOp::FloorDivide,
        BinOp::Mod => BinaryOp::Remainder,
        BinOp::Pow => BinaryOp::Power,
        BinOp::BitAnd => BinaryOp::BitwiseAnd,
        BinOp::BitOr => BinaryOp::BitwiseOr,
        BinOp::BitXor => BinaryOp::BitwiseXor,
        BinOp::LShift => BinaryOp::LeftShift,
        BinOp::RShift => BinaryOp::RightShift,
        BinOp::MatMul => {
            return Err(Error::runtime_error(
                "internal: matmul (@) is not an elementwise ufunc",
            ))
        }
    })
}

/// `a op b` where either side is an array or NumPy scalar.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    if op == BinOp::MatMul {
        return super::linalg::matmul_values(a, b);
    }
    if let Some((f, arr)) = fast_power(op, a, b) {
        let r = nops::unary(f, arr)?;
        fperr::check(f.name(), &[arr], &[&r])?;
        return wrap_result(r);
    }
    let u = binop_ufunc(op)?;
    if let Some(s) = scalar_math(u, a, b)? {
        fperr::check_scalar(u.name(), a, b, &s)?;
        return Ok(s);
    }
    let (mut x, mut y) = (None, None);
    let r = wrap_result(nops::binary_op(
        u,
        operand(a, &mut x)?,
        operand(b, &mut y)?,
    )?)?;
    fperr::check_values(u.name(), &[a, b], &r)?;
    Ok(r)
}

/// A fused chain of elementwise arithmetic over `ins` (the interpreter's
/// `a * 2.0 + b - 1.0`, see `xpush_npu::ops::fused_chain`): its value,
/// or `None` to evaluate it operator by operator, as when a value that
/// is not finite appeared while NumPy's floating-point errors are
/// handled (the unfused run raises their warnings in order).
pub fn fused_chain(steps: &[nops::ChainStep], ins: &[&Array]) -> Option<Result<Value>> {
    match nops::fused_chain(steps, ins) {
        Ok(None) => None,
        Ok(Some((_, true))) if fperr::settings().any() => None,
        Ok(Some((r, _))) => Some(wrap_result(r)),
        Err(e) => Some(Err(e)),
    }
}

/// `v` as an operand of NumPy's scalar math: a NumPy scalar, or a Python
/// number small enough for it; `None` for anything else.
fn scalar_operand(v: &Value) -> Option<nops::Operand<'static>> {
    Some(match v {
        Value::Scalar(s) => nops::Operand::Scalar(*s),
        Value::Bool(b) => nops::Operand::Scalar(xpush_npu::Scalar::Bool(*b)),
        Value::Int(i) => nops::Operand::PyInt(i128::from(*i)),
        Value::Float(f) => nops::Operand::PyFloat(*f),
        Value::Complex(c) => nops::Operand::PyComplex(c.re, c.im),
        _ => return None,
    })
}

/// `a < b` (and the other orderings) as a bool, for `min`, `max` and
/// `sorted` on NumPy scalars and Python numbers: no array and no NumPy
/// bool is made; `None` when the operands need [`compare`].
pub fn order_scalars(op: CmpOp, a: &Value, b: &Value) -> Result<Option<bool>> {
    let Some(u) = comparison_ufunc(op).filter(|_| !matches!(op, CmpOp::Eq | CmpOp::NotEq)) else {
        return Ok(None);
    };
    let (Some(x), Some(y)) = (scalar_operand(a), scalar_operand(b)) else {
        return Ok(None);
    };
    Ok(nops::binary_scalars(u, x, y)?.map(|s| s.as_bool()))
}

/// `a op b` for NumPy scalars and Python numbers, without making arrays
/// (npu's [`nops::binary_scalars`]); `None` when an array must be made.
fn scalar_math(op: BinaryOp, a: &Value, b: &Value) -> Result<Option<Value>> {
    let (Some(x), Some(y)) = (scalar_operand(a), scalar_operand(b)) else {
        return Ok(None);
    };
    Ok(nops::binary_scalars(op, x, y)?.map(conv::scalar))
}

/// NumPy's `fast_scalar_power`: `a ** 2`, `a ** -1` and `a ** 0.5`, for
/// a float or complex array `a` (not a NumPy scalar) and an exact Python
/// `int` or `float` exponent, are `np.square(a)`, `np.reciprocal(a)` and
/// `np.sqrt(a)`, whose results can differ from `np.power`'s
/// (`np.sqrt(-0.0)` is `-0.0`, a complex square root is not `cpow`).
fn fast_power<'a>(op: BinOp, a: &'a Value, b: &Value) -> Option<(NUnary, &'a Array)> {
    let Value::Array(arr) = a else {
        return None;
    };
    if op != BinOp::Pow || !arr.dtype().is_inexact() {
        return None;
    }
    let f = match *b {
        Value::Int(2) => NUnary::Square,
        Value::Int(-1) => NUnary::Reciprocal,
        Value::Float(0.5) => NUnary::Sqrt,
        _ => return None,
    };
    Some((f, arr))
}

/// `v` as a ufunc operand: an array borrowed (not cloned: a clone copies
/// its shape and strides, a large part of a small array's `x * 2.0`),
/// anything else converted through [`arg`] into `slot`.
fn operand<'a>(v: &'a Value, slot: &'a mut Option<conv::Arg>) -> Result<nops::Operand<'a>> {
    if let Value::Array(arr) = v {
        return Ok(nops::Operand::Array(arr));
    }
    Ok(slot.insert(arg(v)?).op())
}

/// `a op= b`: in place through npu's `binary_into` when `a` is an array
/// (`same_kind` casting, NumPy's UFuncTypeError otherwise).
pub fn inplace(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    match a {
        Value::Array(arr) if op == BinOp::MatMul => {
            super::linalg::matmul_inplace(arr, &as_array(b)?)?;
            Ok(a.clone())
        }
        Value::Array(arr) => {
            // The checks need the inputs: a copy of `a`'s values only when
            // the result turns out not finite.
            let before = fperr::Before::of(arr);
            if let Some((f, _)) = fast_power(op, a, b) {
                nops::unary_into(f, arr, arr)?;
                before.check(f.name(), None, arr)?;
                return Ok(a.clone());
            }
            let u = binop_ufunc(op)?;
            let (x, y) = (arg(a)?, arg(b)?);
            nops::binary_into(u, arr, x.op(), y.op())?;
            before.check(u.name(), Some(b), arr)?;
            Ok(a.clone())
        }
        _ => binary(op, a, b),
    }
}

/// `-a`, `+a`, `~a` on an array or NumPy scalar (`not a` is truthiness).
pub fn unary(op: UnaryOp, a: &Value) -> Result<Value> {
    let u = match op {
        UnaryOp::Neg => NUnary::Negative,
        UnaryOp::Pos => NUnary::Positive,
        UnaryOp::Invert => NUnary::Invert,
        UnaryOp::Not => return Ok(Value::Bool(!truthy(a)?)),
    };
    let x = as_array(a)?;
    let r = nops::unary(u, &x)?;
    fperr::check(u.name(), &[&x], &[&r])?;
    wrap_result(r)
}

/// The ufunc of a comparison operator (`<` is `np.less`); `None` for the
/// operators that keep Python's meaning (`is`, `in`).
pub fn comparison_ufunc(op: CmpOp) -> Option<BinaryOp> {
    Some(match op {
        CmpOp::Eq => BinaryOp::Equal,
        CmpOp::NotEq => BinaryOp::NotEqual,
        CmpOp::Lt => BinaryOp::Less,
        CmpOp::LtE => BinaryOp::LessEqual,
        CmpOp::Gt => BinaryOp::Greater,
        CmpOp::GtE => BinaryOp::GreaterEqual,
        _ => return None,
    })
}

/// `a op b` elementwise for `==`, `!=`, `<`, `<=`, `>`, `>=`; `None` for
/// the operators that keep Python's meaning (`is`, `in`).
pub fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<Option<Value>> {
    let Some(u) = comparison_ufunc(op) else {
        return Ok(None);
    };
    if matches!(op, CmpOp::Eq | CmpOp::NotEq)
        && (matches!(a, Value::None | Value::Str(_)) || matches!(b, Value::None | Value::Str(_)))
    {
        // NumPy compares against None and strings elementwise by identity: all False / all True.
        let arr = if conv::is_numpy(a) {
            as_array(a)?
        } else {
            as_array(b)?
        };
        let v = op == CmpOp::NotEq;
        let out = Array::full(
            arr.shape(),
            xpush_npu::Scalar::Bool(v),
            xpush_npu::DType::Bool,
        );
        return wrap_result(out).map(Some);
    }
    if let Some(r) = complex_scalar_compare(u, a, b) {
        return Ok(Some(conv::scalar(xpush_npu::Scalar::Bool(r))));
    }
    if let Some(s) = scalar_math(u, a, b)? {
        return Ok(Some(s));
    }
    let (x, y) = (arg(a)?, arg(b)?);
    wrap_result(nops::binary_op(u, x.op(), y.op())?).map(Some)
}

/// NumPy's own comparison of a complex scalar with a Python number or a
/// scalar of its dtype (scalarmath's `richcompare`, not the ufunc):
/// lexicographic on (real, imaginary) without the ufuncs' NaN rule, so
/// `np.complex64(1.5+nanj) <= 2` is True where `np.less_equal` says False.
fn complex_scalar_compare(u: BinaryOp, a: &Value, b: &Value) -> Option<bool> {
    use xpush_npu::promote::{can_cast, Casting};
    use xpush_npu::{Elem, Scalar};
    // Scalarmath takes two NumPy scalars when one casts safely to the
    // other (`np.complex64(z) > np.float16(0.5)`); otherwise the ufunc.
    let dtype = match (a, b) {
        // `np.bool_` has no scalarmath: its comparisons are the ufunc's
        // (`np.True_ >= np.complex64(0.5+nanj)` is False, the reverse True).
        (Value::Scalar(x), Value::Scalar(_)) if x.dtype().is_bool() => return None,
        (Value::Scalar(x), Value::Scalar(y)) if can_cast(y.dtype(), x.dtype(), Casting::Safe) => {
            x.dtype()
        }
        (Value::Scalar(x), Value::Scalar(y)) if can_cast(x.dtype(), y.dtype(), Casting::Safe) => {
            y.dtype()
        }
        (Value::Scalar(_), Value::Scalar(_)) => return None,
        (Value::Scalar(x), _) | (_, Value::Scalar(x)) => x.dtype(),
        _ => return None,
    };
    if !dtype.is_complex() {
        return None;
    }
    let parts = |v: &Value| -> Option<(f64, f64)> {
        let s = match v {
            Value::Scalar(s) => s.cast(dtype),
            Value::Bool(x) => Scalar::Float64(f64::from(u8::from(*x))).cast(dtype),
            Value::Int(i) => Scalar::Int64(*i).cast(dtype),
            // A Python int beyond int64 goes through a double, as
            // scalarmath converts one for an inexact scalar
            // (`np.complex64(1.5+nanj) <= 2**70` is True).
            Value::BigInt(i) => {
                let f = num_traits::ToPrimitive::to_f64(&**i).filter(|f| f.is_finite())?;
                Scalar::Float64(f).cast(dtype)
            }
            Value::Float(f) => Scalar::Float64(*f).cast(dtype),
            Value::Complex(c) => Scalar::Complex128(*c).cast(dtype),
            _ => return None,
        };
        match s.to_elem() {
            Elem::Complex(re, im) => Some((re, im)),
            _ => None,
        }
    };
    let ((xr, xi), (yr, yi)) = (parts(a)?, parts(b)?);
    let lt = |xr: f64, xi: f64, yr: f64, yi: f64| xr < yr || (xr == yr && xi < yi);
    let le = |xr: f64, xi: f64, yr: f64, yi: f64| xr < yr || (xr == yr && xi <= yi);
    Some(match u {
        BinaryOp::Less => lt(xr, xi, yr, yi),
        BinaryOp::LessEqual => le(xr, xi, yr, yi),
        BinaryOp::Greater => lt(yr, yi, xr, xi),
        BinaryOp::GreaterEqual => le(yr, yi, xr, xi),
        BinaryOp::Equal => xr == yr && xi == yi,
        BinaryOp::NotEqual => !(xr == yr && xi == yi),
        _ => return None,
    })
}

/// `item in a`: `(a == item).any()`, as NumPy.
pub fn contains(a: &Value, item: &Value) -> Result<bool> {
    let (x, y) = (arg(a)?, arg(item)?);
    let eq = nops::binary_op(BinaryOp::Equal, x.op(), y.op())?;
    let any = nops::reduce(nops::ReduceOp::Any, &eq, &nops::ReduceOpts::default())?;
    Ok(any.item()?.as_bool())
}

/// `divmod(a, b)` with an array or NumPy scalar operand: `np.divmod`.
pub fn divmod(a: &Value, b: &Value) -> Result<Value> {
    let (x, y) = (arg(a)?, arg(b)?);
    let q = nops::binary_op(BinaryOp::FloorDivide, x.op(), y.op())?;
    let r = nops::binary_op(BinaryOp::Remainder, x.op(), y.op())?;
    Ok(Value::tuple(vec![wrap_result(q)?, wrap_result(r)?]))
}

/// `round(a, ndigits)`: `np.round`; a NumPy scalar without `ndigits`
/// rounds to a Python int, as NumPy's `__round__` does.
pub fn round(a: &Value, ndigits: &Value) -> Result<Value> {
    let x = as_array(a)?;
    let n = conv::opt_int(ndigits)?;
    let r = super::ufuncs::round_array(&x, n.unwrap_or(0))?;
    if n.is_none() && matches!(a, Value::Scalar(_)) {
        let f = r.item()?;
        if f.dtype().is_integer() {
            return Ok(conv::to_python(&f));
        }
        return crate::py::num::f64_to_int(f.as_f64());
    }
    wrap_result(r)
}

/// `abs(a)`: `np.absolute`.
pub fn abs(v: &Value) -> Result<Value> {
    wrap_result(nops::unary(NUnary::Absolute, &as_array(v)?)?)
}

/// `bool(a)`: the only element's truth, or NumPy's ambiguity error.
pub fn truthy(v: &Value) -> Result<bool> {
    match v {
        Value::Scalar(s) => Ok(s.as_bool()),
        Value::Array(a) => match a.size() {
            1 => Ok(a.item()?.as_bool()),
            0 => Err(Error::value_error(
                "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.",
            )),
            _ => Err(Error::value_error(
                "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
            )),
        },
        _ => Ok(true),
    }
}

/// `len(a)`: the length of the first axis.
pub fn length(a: &Array) -> Result<usize> {
    a.shape()
        .first()
        .copied()
        .ok_or_else(|| Error::type_error("len() of unsized object"))
}

/// `a[index]`: a view for basic indices, a copy for advanced ones; a
/// single element is a NumPy scalar.
pub fn getitem(v: &Value, index: &Value) -> Result<Value> {
    let a = as_array(v)?;
    let items = index_items(index)?;
    let r = nops::get_index(&a, &items)?;
    let has_ellipsis = items.iter().any(|i| matches!(i, nops::Index::Ellipsis));
    if r.ndim() == 0 && !has_ellipsis {
        return Ok(conv::scalar(r.item()?));
    }
    Ok(wrap(r))
}

/// `a[index] = value`, with broadcasting and NumPy's casting.
pub fn setitem(v: &Value, index: &Value, value: &Value) -> Result<()> {
    let Value::Array(a) = v else {
        return Err(Error::type_error(format!(
            "'{}' object does not support item assignment",
            crate::ops::type_name(v)
        )));
    };
    let items = index_items(index)?;
    // A NumPy scalar stays one: set_index checks it as the Python number
    // it is when the index is basic, as NumPy does.
    if let Value::Scalar(s) = value {
        return nops::set_index(a, &items, nops::Operand::Scalar(*s));
    }
    let x = arg(value)?;
    if let (Value::List(_) | Value::Tuple(_), conv::Arg::Arr(v)) = (value, &x) {
        nops::check_sequence_value(a, &items, v.ndim(), crate::ops::type_name(value))?;
    }
    nops::set_index(a, &items, x.op())
}
