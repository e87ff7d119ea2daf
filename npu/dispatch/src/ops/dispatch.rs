//! The dispatch layer: NumPy's ufunc loop resolution, argument checks and
//! errors, and the [`Backend`] seam the cpu and Ascend backends implement.
//! Device choice and the NPU dtype policy are in
//! [`crate::device`], behind [`backend`].

use std::borrow::Cow;

use crate::device::ToDevice;
use xpush_core::array::Array;
use xpush_core::dtype::DType;
use xpush_core::error::{Error, ExcKind, Result};
use xpush_core::layout::{broadcast_shapes, normalize_axis, shape_to_string};
use xpush_core::op::FusedStep;
use xpush_core::promote::{
    can_cast, check_c_long, check_pycomplex, check_pyfloat, check_pyint, with_weak, Casting,
    PyScalarKind,
};
use xpush_core::scalar::Scalar;

use super::{Backend, BinaryOp, ReduceOp, UnaryOp};
use xpush_core::loops::{find_loop, loops_of, Loop};

/// One operand of a ufunc call: an array (or NumPy scalar as a 0-d array),
/// whose dtype is strong, or a weak Python scalar (NEP 50).
#[derive(Clone, Debug)]
pub enum Operand<'a> {
    /// An array; a Python `bool` is passed as a 0-d array.
    Array(&'a Array),
    /// A NumPy scalar (strongly typed, like a 0-d array, but no array is made for it).
    Scalar(Scalar),
    /// A Python `int` (any size up to `i128`).
    PyInt(i128),
    /// A Python `float`.
    PyFloat(f64),
    /// A Python `complex` (real, imaginary).
    PyComplex(f64, f64),
}

impl<'a> From<&'a Array> for Operand<'a> {
    fn from(a: &'a Array) -> Operand<'a> {
        Operand::Array(a)
    }
}

impl Operand<'_> {
    /// The kind of a weak Python scalar (`None` for arrays and NumPy scalars).
    pub fn weak_kind(&self) -> Option<PyScalarKind> {
        match self {
            Operand::Array(_) | Operand::Scalar(_) => None,
            Operand::PyInt(_) => Some(PyScalarKind::Int),
            Operand::PyFloat(_) => Some(PyScalarKind::Float),
            Operand::PyComplex(..) => Some(PyScalarKind::Complex),
        }
    }

    /// The shape (a scalar's is `()`).
    pub fn shape_of(&self) -> &[usize] {
        self.shape()
    }

    /// The dtype of an array or NumPy scalar; a Python scalar's default
    /// (int64, float64, complex128).
    pub fn dtype_of(&self) -> DType {
        match self {
            Operand::Array(a) => a.dtype(),
            Operand::Scalar(s) => s.dtype(),
            Operand::PyInt(_) => DType::Int64,
            Operand::PyFloat(_) => DType::Float64,
            Operand::PyComplex(..) => DType::Complex128,
        }
    }

    fn shape(&self) -> &[usize] {
        match self {
            Operand::Array(a) => a.shape(),
            _ => &[],
        }
    }

    /// The operand as an input of a loop over `dtype` broadcast to
    /// `shape`: an array already of that dtype and shape is borrowed, not
    /// cloned (a clone copies the layout's shape and strides, a large part
    /// of a small array's op).
    fn loop_input(&self, dtype: DType, shape: &[usize]) -> Result<Cow<'_, Array>> {
        let x = match *self {
            Operand::Array(a) if a.dtype() == dtype => Cow::Borrowed(a),
            _ => Cow::Owned(self.to_array(dtype)?),
        };
        if x.shape() == shape {
            return Ok(x);
        }
        Ok(Cow::Owned(match x {
            Cow::Borrowed(a) => a.broadcast_to(shape)?,
            Cow::Owned(a) => a.into_broadcast(shape)?,
        }))
    }

    /// The operand as an array of `dtype` (weak scalars are made 0-d of
    /// that dtype; arrays are cast if needed).
    pub fn to_array(&self, dtype: DType) -> Result<Array> {
        Ok(match *self {
            Operand::Array(a) if a.dtype() == dtype => a.clone(),
            Operand::Array(a) => backend().cast(a, dtype)?,
            _ => Array::from_scalar(self.to_scalar(dtype)?),
        })
    }

    /// The operand as an array of `dtype` to be stored by an assignment,
    /// checked as NumPy checks the value it packs into each element: a
    /// Python float NaN or infinity into an integer dtype raises, a float
    /// is truncated and must fit like a Python int, a complex into a real
    /// dtype is a TypeError ([`check_pyfloat`], [`check_pycomplex`]).
    /// With `scalars_as_python` (an assignment through basic indexing) a
    /// real NumPy scalar stored into a signed integer dtype is checked as
    /// the Python number it equals, as `a[0] = np.float64(np.inf)` is in
    /// NumPy; into an unsigned dtype NumPy's setitem wraps it (`a[0] =
    /// np.int64(-1)` is 255 in uint8), and advanced indexing casts it.
    pub fn to_stored(&self, dtype: DType, scalars_as_python: bool) -> Result<Array> {
        use xpush_core::dtype::Elem;
        match *self {
            // bool takes any number's truth value.
            Operand::PyInt(v) if dtype.is_bool() => {
                return Ok(Array::from_scalar(Scalar::Bool(v != 0)));
            }
            Operand::PyFloat(v) => check_pyfloat(v, dtype)?,
            Operand::PyComplex(..) => check_pycomplex(dtype)?,
            Operand::Scalar(s) if scalars_as_python && dtype.is_signed_integer() => {
                match s.to_elem() {
                    Elem::Float(v) => check_pyfloat(v, dtype)?,
                    Elem::Int(i) => check_pyint(i128::from(i), dtype)?,
                    Elem::UInt(u) => check_pyint(i128::from(u), dtype)?,
                    // NumPy packs a complex scalar's real part.
                    Elem::Complex(re, _) => check_pyfloat(re, dtype)?,
                    _ => {}
                }
            }
            _ => {}
        }
        self.to_array(dtype)
    }

    /// The operand as an array of `dtype`, a Python int converted by a C
    /// cast (`300` into uint8 is 44), as NumPy's `where` and `select` make
    /// their Python operands into the result dtype; only beyond int64 and
    /// uint64 is it "too large".
    pub fn to_array_wrapping(&self, dtype: DType) -> Result<Array> {
        match *self {
            Operand::PyInt(v) if dtype.is_integer() => {
                check_c_long(v)?;
                let s = if v < 0 {
                    Scalar::Int64(v as i64)
                } else {
                    Scalar::UInt64(v as u64)
                };
                Ok(Array::from_scalar(s.cast(dtype)))
            }
            _ => self.to_array(dtype),
        }
    }

    /// The operand as one value of `dtype`: a weak Python scalar (an
    /// `int` out of `dtype`'s range is NumPy's OverflowError), or a 0-d
    /// host array already of `dtype`; `None` for other arrays.
    fn to_scalar_of(&self, dtype: DType) -> Result<Option<Scalar>> {
        match *self {
            Operand::Array(a)
                if a.ndim() != 0
                    || a.dtype() != dtype
                    || a.device() != crate::device::Device::Cpu =>
            {
                Ok(None)
            }
            _ => self.to_scalar(dtype).map(Some),
        }
    }

    /// The operand's value as `dtype`: a weak scalar as [`to_array`]
    /// makes it, an array's one element cast.
    ///
    /// [`to_array`]: Operand::to_array
    fn to_scalar(&self, dtype: DType) -> Result<Scalar> {
        Ok(match *self {
            Operand::Array(a) => a.item()?.cast(dtype),
            Operand::Scalar(s) => s.cast(dtype),
            Operand::PyInt(v) if dtype.is_inexact() => Scalar::Float64(v as f64).cast(dtype),
            Operand::PyInt(v) => {
                check_pyint(v, dtype)?;
                let s = if v < 0 {
                    Scalar::Int64(v as i64)
                } else {
                    Scalar::UInt64(v as u64)
                };
                s.cast(dtype)
            }
            Operand::PyFloat(v) => Scalar::Float64(v).cast(dtype),
            Operand::PyComplex(re, im) => {
                Scalar::Complex128(num_complex::Complex64::new(re, im)).cast(dtype)
            }
        })
    }
}

/// Options of [`reduce`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReduceOpts {
    /// `axis=`: `None` reduces every axis (for cumsum/cumprod: flattens);
    /// negative axes count from the end; duplicates are NumPy's
    /// `ValueError: duplicate value in 'axis'`.
    pub axes: Option<Vec<isize>>,
    /// `keepdims=`.
    pub keepdims: bool,
    /// `dtype=`: the accumulator and result dtype.
    pub dtype: Option<DType>,
    /// `ddof=` of var and std.
    pub ddof: f64,
}

pub use xpush_cpu::CpuBackend;

/// The backend every dispatch function calls: the device [`Router`],
/// which runs each primitive where its operands live (see
/// [`crate::device`]).
pub(crate) fn backend() -> &'static dyn Backend {
    &crate::device::Router
}

/// The effective input dtypes of a binary call: weak Python scalars take
/// the dtype NEP 50 gives them against the other operand.
fn effective_dtypes(a: &Operand, b: &Operand) -> [DType; 2] {
    let strong = |o: &Operand| match o {
        Operand::Array(x) => Some(x.dtype()),
        Operand::Scalar(s) => Some(s.dtype()),
        _ => None,
    };
    let default = |k: PyScalarKind| match k {
        PyScalarKind::Int => DType::Int64,
        PyScalarKind::Float => DType::Float64,
        PyScalarKind::Complex => DType::Complex128,
    };
    let one = |o: &Operand, other: &Operand| match (strong(o), o.weak_kind()) {
        (Some(d), _) => d,
        (None, Some(k)) => match (strong(other), other.weak_kind()) {
            (Some(d), _) => with_weak(d, k),
            (None, Some(k2)) => {
                // Two Python scalars: the higher kind's default.
                if (k as u8) >= (k2 as u8) {
                    default(k)
                } else {
                    with_weak(default(k2), k)
                }
            }
            (None, None) => default(k),
        },
        (None, None) => DType::Float64,
    };
    [one(a, b), one(b, a)]
}

fn is_logical(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor
    )
}

fn is_comparison(op: BinaryOp) -> bool {
    use BinaryOp::*;
    matches!(
        op,
        Equal | NotEqual | Less | LessEqual | Greater | GreaterEqual
    )
}

/// Resolves the loop of a binary ufunc for these operands.
/// The result dtype of `np.<op>(a, b, dtype=dtype)` without computing it
/// (a missing loop is its TypeError), for the checks NumPy makes of an
/// `out=` before it broadcasts.
pub fn binary_result_dtype(
    op: BinaryOp,
    a: &Operand,
    b: &Operand,
    dtype: Option<DType>,
) -> Result<DType> {
    let (ins, out) = resolve_binary_typed(op, a, b, dtype)?;
    // A Python int is converted to its loop input first (its OverflowError;
    // logical ufuncs read its truth, comparisons its value).
    let weak_checked = !is_logical(op) && !is_comparison(op);
    for (o, &t) in [a, b].into_iter().zip(ins).filter(|_| weak_checked) {
        if let (Operand::PyInt(v), true) = (o, t.is_integer()) {
            check_pyint(*v, t)?;
        }
    }
    Ok(*out)
}

/// [`binary_result_dtype`] of a unary ufunc.
pub fn unary_result_dtype(op: UnaryOp, a: DType, dtype: Option<DType>) -> Result<DType> {
    Ok(resolve_unary_typed(op, a, dtype)?.1)
}

/// [`resolve_binary`], or [`typed_loop`] for a `dtype=`.
fn resolve_binary_typed(
    op: BinaryOp,
    a: &Operand,
    b: &Operand,
    dtype: Option<DType>,
) -> Result<&'static Loop> {
    let Some(d) = dtype else {
        return resolve_binary(op, a, b);
    };
    let weak = [a, b].map(|o| match *o {
        Operand::PyInt(v) => Some(v),
        _ => None,
    });
    match typed_loop(
        super::Op::Binary(op),
        op.name(),
        &effective_dtypes(a, b),
        &weak,
        d,
    )? {
        Some(l) => Ok(l),
        None => resolve_binary(op, a, b),
    }
}

fn resolve_binary(op: BinaryOp, a: &Operand, b: &Operand) -> Result<&'static Loop> {
    let dts = effective_dtypes(a, b);
    // ldexp's loops take an int32 or int64 exponent: a Python int fits the
    // first of them (`np.ldexp(uint32_array, 2**31)` is out of bounds for
    // int32), as NumPy matches a weak int to any integer input.
    if op == BinaryOp::Ldexp {
        if let Some(l) = weak_loop(op, a, b) {
            return Ok(l);
        }
    }
    let name = op.name();
    if dts.iter().all(|d| d.is_bool()) && op == BinaryOp::Subtract {
        return Err(Error::type_error(
            "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.",
        ));
    }
    if op == BinaryOp::TrueDivide && dts.iter().all(|d| d.is_integer() || d.is_bool()) {
        return find_binary_loop(op, name, [DType::Float64, DType::Float64]);
    }
    find_binary_loop(op, name, dts).or_else(|e| weak_loop(op, a, b).ok_or(e))
}

/// The loop NumPy takes for a ufunc's `dtype=` (its signature `(None,
/// ..., dtype)`), for inputs of dtypes `ins`: `None` where `dtype=` only
/// names the bool output every loop of the ufunc has (comparisons,
/// logical and predicate ufuncs), so the usual loop stands. Otherwise the
/// homogeneous loop `(dtype, ..., dtype) -> dtype` if there is one, each
/// input cast to it under `same_kind` (NumPy's "Cannot cast ufunc 'add'
/// input 0 from dtype('float64') to dtype('int64')"), else the first loop
/// with that output whose inputs cast safely; none is NumPy's "No loop
/// matching the specified signature and casting was found". A Python int
/// input (`weak`) takes the loop's dtype, its value checked once the loop
/// is found (`np.add(int8_array, -1, dtype=np.uint8)` is an OverflowError).
fn typed_loop(
    op: super::Op,
    name: &str,
    ins: &[DType],
    weak: &[Option<i128>],
    dtype: DType,
) -> Result<Option<&'static Loop>> {
    let check_weak = |l: &Loop| -> Result<()> {
        for (w, &t) in weak.iter().zip(&l.0) {
            match *w {
                Some(_) if t.is_inexact() => {}
                Some(v) if t.is_bool() => check_c_long(v)?,
                Some(v) => check_pyint(v, t)?,
                None => {}
            }
        }
        Ok(())
    };
    let loops = loops_of(op);
    let no_loop = || {
        Error::type_error(format!(
            "No loop matching the specified signature and casting was found for ufunc {name}"
        ))
    };
    if loops.iter().all(|(_, o)| o.is_bool()) {
        return if dtype.is_bool() {
            Ok(None)
        } else {
            Err(no_loop())
        };
    }
    if let Some(l) = loops
        .iter()
        .find(|(li, o)| *o == dtype && li.len() == ins.len() && li.iter().all(|&d| d == dtype))
    {
        check_weak(l)?;
        for (i, &d) in ins.iter().enumerate() {
            if weak[i].is_none() && !can_cast(d, dtype, Casting::SameKind) {
                let which = if ins.len() == 1 {
                    String::new()
                } else {
                    format!(" {i}")
                };
                return Err(Error::new(
                    ExcKind::UFuncTypeError,
                    format!(
                        "Cannot cast ufunc '{name}' input{which} from {} to {} with casting rule 'same_kind'",
                        d.repr(),
                        dtype.repr()
                    ),
                ));
            }
        }
        return Ok(Some(l));
    }
    let l = loops
        .iter()
        .find(|(li, o)| {
            *o == dtype
                && li.len() == ins.len()
                && li.iter().zip(ins).zip(weak).all(|((&l, &i), w)| match w {
                    Some(_) => l.is_integer() || l.is_inexact(),
                    None => can_cast(i, l, Casting::Safe),
                })
        })
        .ok_or_else(no_loop)?;
    check_weak(l)?;
    Ok(Some(l))
}

/// A loop for a Python scalar operand that takes the other's dtype in no
/// loop (`np.ldexp(float16_array, 3)`: no `(float16, float16)` loop): as
/// NumPy's weak scalars, a Python int then fits any integer input, a float
/// any float input, a complex any complex input (the value is checked
/// against the loop's input dtype when it is converted).
fn weak_loop(op: BinaryOp, a: &Operand, b: &Operand) -> Option<&'static Loop> {
    // Two Python scalars are taken as their default dtypes (NumPy makes
    // arrays of them): `np.ldexp(1.5, 2)` is float64. So are Python
    // scalars of a higher kind than every array operand, by NumPy's legacy
    // resolver (`should_use_min_scalar_weak_literals`: kinds bool < int <
    // float and complex): `np.ldexp(bool_array, 2**40)` takes the int64
    // exponent loop, `np.ldexp(1.5, int8_array)` the float64 one.
    let both_weak = (a.weak_kind().is_some() && b.weak_kind().is_some())
        || (op == BinaryOp::Ldexp && !min_scalar_weak(&[a, b]));
    let default = |k: PyScalarKind| match k {
        PyScalarKind::Int => DType::Int64,
        PyScalarKind::Float => DType::Float64,
        PyScalarKind::Complex => DType::Complex128,
    };
    let fits = |o: &Operand, l: DType| match (o, o.weak_kind()) {
        (_, Some(k)) if both_weak => can_cast(default(k), l, Casting::Safe),
        (_, Some(PyScalarKind::Int)) => l.is_integer() || l.is_inexact(),
        (_, Some(PyScalarKind::Float)) => l.is_inexact(),
        (_, Some(PyScalarKind::Complex)) => l.is_complex(),
        (Operand::Array(x), None) => can_cast(x.dtype(), l, Casting::Safe),
        (Operand::Scalar(s), None) => can_cast(s.dtype(), l, Casting::Safe),
        _ => false,
    };
    if a.weak_kind().is_none() && b.weak_kind().is_none() {
        return None;
    }
    loops_of(super::Op::Binary(op))
        .iter()
        .find(|(li, _)| li.len() == 2 && fits(a, li[0]) && fits(b, li[1]))
}

/// NumPy's `should_use_min_scalar_weak_literals`: whether the weak Python
/// scalars among `ops` match any loop input of their kind (false when all
/// are Python scalars, or when one's kind, a Python int counting as an
/// integer and a float or complex as inexact, is above every array's).
fn min_scalar_weak(ops: &[&Operand]) -> bool {
    let rank = |d: DType| {
        if d.is_bool() {
            0
        } else if d.is_integer() {
            1
        } else {
            2
        }
    };
    let (mut scalar, mut array) = (None, None);
    for o in ops {
        match (o, o.weak_kind()) {
            (_, Some(PyScalarKind::Int)) => scalar = scalar.max(Some(1)),
            (_, Some(_)) => scalar = scalar.max(Some(2)),
            (Operand::Array(x), None) => array = array.max(Some(rank(x.dtype()))),
            (Operand::Scalar(x), None) => array = array.max(Some(rank(x.dtype()))),
            _ => {}
        }
    }
    array.is_some() && array >= scalar
}

/// [`find_loop`] of a binary ufunc, remembered: the search tries each
/// loop's casts in turn, which costs more than the arithmetic of a small
/// array, and its answer depends on the op and the two dtypes only.
fn find_binary_loop(op: BinaryOp, name: &str, dts: [DType; 2]) -> Result<&'static Loop> {
    use std::sync::atomic::{AtomicU16, Ordering};
    const ND: usize = DType::ALL.len();
    const SLOTS: usize = BinaryOp::ALL.len() * ND * ND;
    /// Per (op, dtype, dtype): the index of the loop plus one, or 0 when
    /// not looked up yet (failures are not kept: they raise anyway).
    static FOUND: [AtomicU16; SLOTS] = [const { AtomicU16::new(0) }; SLOTS];
    let slot = (op as usize * ND + dts[0] as usize) * ND + dts[1] as usize;
    let loops = loops_of(super::Op::Binary(op));
    let known = FOUND[slot].load(Ordering::Relaxed) as usize;
    if let Some(l) = known.checked_sub(1).and_then(|i| loops.get(i)) {
        return Ok(l);
    }
    let l = find_loop(super::Op::Binary(op), name, &dts)?;
    if let Some(i) = loops.iter().position(|x| std::ptr::eq(x, l)) {
        FOUND[slot].store(i as u16 + 1, Ordering::Relaxed);
    }
    Ok(l)
}

/// A comparison with a Python int outside the other operand's integer
/// dtype: NumPy 2 answers from the sign of the int without converting.
fn out_of_range_compare(op: BinaryOp, a: &Operand, b: &Operand) -> Option<Array> {
    let (arr, v, flipped) = match (a, b) {
        (Operand::Array(x), Operand::PyInt(v)) => (*x, *v, false),
        (Operand::PyInt(v), Operand::Array(x)) => (*x, *v, true),
        _ => return None,
    };
    let info = arr.dtype().iinfo().ok()?;
    if arr.dtype().is_bool() || (v >= info.min && v <= info.max) {
        return None;
    }
    // `arr OP v` with v above (or below) every element.
    let above = v > info.max;
    use BinaryOp::*;
    let mut op = op;
    if flipped {
        op = match op {
            Less => Greater,
            LessEqual => GreaterEqual,
            Greater => Less,
            GreaterEqual => LessEqual,
            o => o,
        };
    }
    let r = match op {
        Equal => false,
        NotEqual => true,
        Less | LessEqual => above,
        Greater | GreaterEqual => !above,
        _ => return None,
    };
    Some(Array::full(arr.shape(), Scalar::Bool(r), DType::Bool))
}

fn broadcast_error(shapes: &[&[usize]]) -> Error {
    let parts: Vec<String> = shapes
        .iter()
        .map(|s| {
            let d: Vec<isize> = s.iter().map(|&x| x as isize).collect();
            shape_to_string(&d, "")
        })
        .collect();
    Error::value_error(format!(
        "operands could not be broadcast together with shapes {} ",
        parts.join(" ")
    ))
}

/// The broadcast shape of `a` and `b`; borrowed in the usual cases
/// (equal shapes, or one side a scalar), which then build no new shape.
fn broadcast_pair<'a>(a: &'a [usize], b: &'a [usize]) -> Result<Cow<'a, [usize]>> {
    if a == b || b.is_empty() {
        return Ok(Cow::Borrowed(a));
    }
    if a.is_empty() {
        return Ok(Cow::Borrowed(b));
    }
    broadcast_shapes(&[a, b])
        .map(Cow::Owned)
        .map_err(|_| broadcast_error(&[a, b]))
}

/// `np.<op>(a, b)` with weak Python scalars allowed on either side:
/// broadcasting, NEP 50 promotion, NumPy's loop choice (integer
/// `true_divide` in float64, comparisons to bool, bool subtract a
/// `TypeError`, no loop a `TypeError`), `OverflowError` for a Python int
/// that does not fit the loop's integer dtype.
pub fn binary_op(op: BinaryOp, a: Operand, b: Operand) -> Result<Array> {
    binary_op_typed(op, a, b, None)
}

/// [`binary_op`] with a ufunc's `dtype=` ([`typed_loop`]).
pub fn binary_op_typed(
    op: BinaryOp,
    a: Operand,
    b: Operand,
    dtype: Option<DType>,
) -> Result<Array> {
    if dtype.is_some() {
        // A dtype= with no loop is the TypeError before a Python int's
        // range (of a logical ufunc or a comparison).
        resolve_binary_typed(op, &a, &b, dtype)?;
    }
    // A logical ufunc reads a Python int for its truth only: NumPy's
    // logical promoter never checks it against the other's range
    // (`np.logical_or(int8_array, 255)`).
    // Beyond int64 and uint64 it is "too large", whatever the other is.
    let (a, b) = match (a, b) {
        (Operand::PyInt(v), b) if is_logical(op) => {
            check_c_long(v)?;
            (Operand::PyInt(i128::from(v != 0)), b)
        }
        (a, Operand::PyInt(v)) if is_logical(op) => {
            check_c_long(v)?;
            (a, Operand::PyInt(i128::from(v != 0)))
        }
        ab => ab,
    };
    if is_comparison(op) {
        if let Some(r) = out_of_range_compare(op, &a, &b) {
            let arrays: Vec<&Array> = [&a, &b]
                .into_iter()
                .filter_map(|o| match o {
                    Operand::Array(x) => Some(*x),
                    _ => None,
                })
                .collect();
            return r.to_device(crate::device::common_device(&arrays)?);
        }
    }
    // NumPy resolves the loop before it broadcasts: a missing loop is the
    // TypeError even when the shapes do not broadcast either.
    let (ins, out) = resolve_binary_typed(op, &a, &b, dtype)?;
    let shape = broadcast_pair(a.shape(), b.shape())?;
    if let Some((x, s, scalar_first)) = array_and_scalar(op, &a, &b, ins, &shape)? {
        return backend().binary_scalar(op, x, s, scalar_first, *out);
    }
    let x = a.loop_input(ins[0], &shape)?;
    let y = b.loop_input(ins[1], &shape)?;
    if op == BinaryOp::Power && ins[1].is_integer() {
        check_int_power(&y)?;
    }
    backend().binary(op, &x, &y, *out)
}

/// `np.<op>(a, b)` when neither operand is an array (NumPy scalars and
/// weak Python scalars), as NumPy's scalar math does it: the loop
/// [`binary_op`] would choose, run on the two values by the same element
/// function (`xpush_cpu`'s kernels are written once for both), and no
/// array made. `None` where [`binary_op`] must decide: an array operand,
/// a comparison with a Python int out of an integer loop's range (NumPy
/// compares its value), an integer power (negative exponents raise), a
/// loop whose inputs differ.
pub fn binary_scalars(op: BinaryOp, a: Operand, b: Operand) -> Result<Option<Scalar>> {
    if matches!(a, Operand::Array(_)) || matches!(b, Operand::Array(_)) {
        return Ok(None);
    }
    let weak_int = |o: &Operand| matches!(o, Operand::PyInt(_));
    let (ins, out) = match resolve_binary(op, &a, &b) {
        Ok(l) => l,
        Err(_) if is_comparison(op) && (weak_int(&a) || weak_int(&b)) => return Ok(None),
        Err(e) => return Err(e),
    };
    if ins[0] != ins[1] || (op == BinaryOp::Power && ins[0].is_integer()) {
        return Ok(None);
    }
    // A Python int compared with an integer scalar is taken here only when
    // the loop's dtype holds it (`np.int8(1) < 1000` is decided by value).
    let out_of_range = |o: &Operand| matches!(*o, Operand::PyInt(v) if ins[0].is_integer() && check_pyint(v, ins[0]).is_err());
    if is_comparison(op) && (out_of_range(&a) || out_of_range(&b)) {
        return Ok(None);
    }
    // A NumPy scalar already of the loop's dtype is used as it is: no
    // `Result` round trip through memory on the hot path of scalar math.
    let operand = |o: &Operand, d: DType| match *o {
        Operand::Scalar(s) if s.dtype() == d => Ok(s),
        _ => o.to_scalar(d),
    };
    let (x, y) = (operand(&a, ins[0])?, operand(&b, ins[1])?);
    Ok(xpush_cpu::binary::scalars(op, x, y)
        .map(|r| if r.dtype() == *out { r } else { r.cast(*out) }))
}

/// The array and the scalar of a binary call whose loop takes both in one
/// dtype, when one operand is a scalar ([`Operand::to_scalar_of`]) and
/// the other an array of that dtype and of the result's `shape`:
/// `(array, scalar, scalar_first)`. Integer powers are left to the
/// general path, which checks for negative exponents.
fn array_and_scalar<'a>(
    op: BinaryOp,
    a: &Operand<'a>,
    b: &Operand<'a>,
    ins: &[DType],
    shape: &[usize],
) -> Result<Option<(&'a Array, Scalar, bool)>> {
    let d = ins[0];
    if ins[1] != d || (op == BinaryOp::Power && d.is_integer()) {
        return Ok(None);
    }
    let array_of = |o: &Operand<'a>| match *o {
        Operand::Array(x) if x.dtype() == d && x.shape() == shape => Some(x),
        _ => None,
    };
    if let Some(x) = array_of(a) {
        if let Some(s) = b.to_scalar_of(d)? {
            return Ok(Some((x, s, false)));
        }
    }
    if let Some(y) = array_of(b) {
        if let Some(s) = a.to_scalar_of(d)? {
            return Ok(Some((y, s, true)));
        }
    }
    Ok(None)
}

fn check_int_power(exp: &Array) -> Result<()> {
    if exp.dtype().is_signed_integer() && exp.to_elems().iter().any(|e| e.as_f64() < 0.0) {
        return Err(Error::value_error(
            "Integers to negative integer powers are not allowed.",
        ));
    }
    Ok(())
}

/// `np.<op>(a, b)` on two arrays (see [`binary_op`]).
pub fn binary(op: BinaryOp, a: &Array, b: &Array) -> Result<Array> {
    binary_op(op, Operand::Array(a), Operand::Array(b))
}

/// `np.<op>(a, b, out=out)` and the in-place operators (`out += b`): the
/// loop's result is cast into `out` with `same_kind` casting (NumPy's
/// `UFuncTypeError: Cannot cast ufunc 'add' output from dtype('float64')
/// to dtype('int64') with casting rule 'same_kind'`); the inputs must
/// broadcast to `out`'s shape. Works through views; overlapping inputs are
/// read before `out` is written.
pub fn binary_into(op: BinaryOp, out: &Array, a: Operand, b: Operand) -> Result<()> {
    binary_into_typed(op, out, a, b, None)
}

/// [`binary_into`] with a ufunc's `dtype=` ([`typed_loop`]).
pub fn binary_into_typed(
    op: BinaryOp,
    out: &Array,
    a: Operand,
    b: Operand,
    dtype: Option<DType>,
) -> Result<()> {
    out.check_writeable("output array")?;
    let (_, lo) = resolve_binary_typed(op, &a, &b, dtype)?;
    broadcast_pair(a.shape(), b.shape())?;
    check_out_operands(out, &[a.shape(), b.shape()])?;
    check_out_cast(op.name(), *lo, out.dtype())?;
    let r = binary_op_typed(op, a, b, dtype)?;
    if r.shape() == out.shape() {
        return backend().move_into(r, out);
    }
    backend().copy_into(&r.broadcast_to(out.shape())?, out)
}

/// NumPy's ValueErrors for a ufunc's `out`: the operands and `out` that
/// do not broadcast together at all (all their shapes listed), or an
/// `out` smaller than the inputs' broadcast shape ([`check_out_shape`]).
pub fn check_out_operands(out: &Array, inputs: &[&[usize]]) -> Result<()> {
    let mut all: Vec<&[usize]> = inputs.to_vec();
    all.push(out.shape());
    broadcast_shapes(&all)?;
    check_out_shape(out, &broadcast_shapes(inputs)?)
}

/// NumPy's ValueError when `out` cannot hold the broadcast result `shape`.
pub fn check_out_shape(out: &Array, shape: &[usize]) -> Result<()> {
    if broadcast_shapes(&[shape, out.shape()]).ok().as_deref() != Some(out.shape()) {
        let o: Vec<isize> = out.shape().iter().map(|&x| x as isize).collect();
        let s: Vec<isize> = shape.iter().map(|&x| x as isize).collect();
        return Err(Error::value_error(format!(
            "non-broadcastable output operand with shape {} doesn't match the broadcast shape {}",
            shape_to_string(&o, ""),
            shape_to_string(&s, "")
        )));
    }
    Ok(())
}

/// NumPy's UFuncTypeError when ufunc `name`'s result dtype `from` does not
/// cast into `out`'s `to` under `same_kind`.
pub fn check_out_cast(name: &str, from: DType, to: DType) -> Result<()> {
    if !can_cast(from, to, Casting::SameKind) {
        return Err(Error::new(
            ExcKind::UFuncTypeError,
            format!(
                "Cannot cast ufunc '{name}' output from {} to {} with casting rule 'same_kind'",
                from.repr(),
                to.repr()
            ),
        ));
    }
    Ok(())
}

/// Resolves the loop of a unary ufunc for an input dtype.
fn resolve_unary(op: UnaryOp, d: DType) -> Result<&'static Loop> {
    if d.is_bool() && op == UnaryOp::Negative {
        return Err(Error::type_error(
            "The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.",
        ));
    }
    // `np.sinc` is Python (`y = pi * x; sin(y) / y`): `pi * x` makes an
    // integer or bool input float64. `np.angle` of bool is
    // `arctan2(0, a)`, whose Python 0 with a bool array is int64: float64.
    let float64_input = match op {
        UnaryOp::Sinc => d.is_bool() || d.is_integer(),
        UnaryOp::Angle => d.is_bool(),
        _ => false,
    };
    let d = if float64_input { DType::Float64 } else { d };
    find_loop(super::Op::Unary(op), op.name(), &[d])
}

/// `np.<op>(a)`: NumPy's loop choice (`np.sqrt(int8) -> float16`,
/// `np.absolute(complex128) -> float64`, `-bool` a `TypeError`).
pub fn unary(op: UnaryOp, a: &Array) -> Result<Array> {
    unary_typed(op, a, None)
}

/// [`unary`] with a ufunc's `dtype=` ([`typed_loop`]).
pub fn unary_typed(op: UnaryOp, a: &Array, dtype: Option<DType>) -> Result<Array> {
    let (ins, out) = resolve_unary_typed(op, a.dtype(), dtype)?;
    let x = Operand::Array(a).to_array(ins[0])?;
    backend().unary(op, &x, *out)
}

fn resolve_unary_typed(op: UnaryOp, d: DType, dtype: Option<DType>) -> Result<&'static Loop> {
    match dtype {
        Some(t) => match typed_loop(super::Op::Unary(op), op.name(), &[d], &[None], t)? {
            Some(l) => Ok(l),
            None => resolve_unary(op, d),
        },
        None => resolve_unary(op, d),
    }
}

/// `np.<op>(a, out=out)` with `same_kind` casting into `out`.
pub fn unary_into(op: UnaryOp, out: &Array, a: &Array) -> Result<()> {
    unary_into_typed(op, out, a, None)
}

/// [`unary_into`] with a ufunc's `dtype=` ([`typed_loop`]).
pub fn unary_into_typed(op: UnaryOp, out: &Array, a: &Array, dtype: Option<DType>) -> Result<()> {
    out.check_writeable("output array")?;
    check_out_operands(out, &[a.shape()])?;
    let (_, lo) = resolve_unary_typed(op, a.dtype(), dtype)?;
    check_out_cast(op.name(), *lo, out.dtype())?;
    let r = unary_typed(op, a, dtype)?;
    if r.shape() == out.shape() {
        return backend().move_into(r, out);
    }
    backend().copy_into(&r.broadcast_to(out.shape())?, out)
}

/// Normalises `axis=` for a reduction over `ndim` axes: sorted, distinct
/// (NumPy's `duplicate value in 'axis'` otherwise).
pub fn reduce_axes(axes: &Option<Vec<isize>>, ndim: usize) -> Result<Vec<usize>> {
    let mut out = match axes {
        None => (0..ndim).collect(),
        Some(v) => {
            let mut out = Vec::with_capacity(v.len());
            for &ax in v {
                let n = normalize_axis(ax, ndim)?;
                if out.contains(&n) {
                    return Err(Error::value_error("duplicate value in 'axis'"));
                }
                out.push(n);
            }
            out
        }
    };
    out.sort_unstable();
    Ok(out)
}

/// `np.<op>(a, axis=, keepdims=, dtype=, ddof=)`. Sums of floats are
/// pairwise as NumPy's `pairwise_sum` (so printed results agree on
/// contiguous data); integer sums accumulate in int64/uint64, bool in
/// int64; mean/var/std of integers in float64; `argmin`/`argmax` give
/// int64 indices over one axis or the flattened array; empty `min`/`max`
/// are NumPy's `ValueError`.
pub fn reduce(op: ReduceOp, a: &Array, opts: &ReduceOpts) -> Result<Array> {
    use ReduceOp::*;
    let ndim = a.ndim();
    match op {
        Cumsum | Cumprod => {
            let acc = opts.dtype.unwrap_or_else(|| op.accumulator(a.dtype()));
            let (src, axis) = match &opts.axes {
                None => (a.reshape(&[-1])?, 0),
                Some(v) if v.len() == 1 => (a.clone(), normalize_axis(v[0], ndim)?),
                Some(_) => {
                    return Err(Error::type_error(
                        "'tuple' object cannot be interpreted as an integer",
                    ))
                }
            };
            let x = Operand::Array(&src).to_array(acc)?;
            return backend().reduce(op, &x, &[axis], 0.0);
        }
        Argmin | Argmax => {
            let (src, axis) = match &opts.axes {
                None => (a.reshape(&[-1])?, 0),
                Some(v) if v.len() == 1 => (a.clone(), normalize_axis(v[0], ndim)?),
                Some(_) => {
                    return Err(Error::type_error(
                        "'tuple' object cannot be interpreted as an integer",
                    ))
                }
            };
            if src.shape()[axis] == 0 {
                return Err(Error::value_error(format!(
                    "attempt to get {} of an empty sequence",
                    op.name()
                )));
            }
            let r = backend().reduce(op, &src, &[axis], 0.0)?;
            return keep(r, a, opts, &[axis], opts.axes.is_none());
        }
        _ => {}
    }
    let axes = reduce_axes(&opts.axes, ndim)?;
    if matches!(op, Mean | Var | Std) {
        return moments(op, a, opts, &axes);
    }
    if matches!(op, Min | Max) && axes.iter().any(|&ax| a.shape()[ax] == 0) {
        return Err(Error::value_error(format!(
            "zero-size array to reduction operation {} which has no identity",
            if op == Min { "minimum" } else { "maximum" }
        )));
    }
    let acc = match opts.dtype {
        Some(d) => d,
        None => op.accumulator(a.dtype()),
    };
    // NumPy's add and multiply loops of bool (`??->?`) are logical or and
    // logical and: `np.sum(a, dtype=bool)` is `np.any(a)`.
    let op = match (op, acc) {
        (Sum, DType::Bool) => Any,
        (Prod, DType::Bool) => All,
        _ => op,
    };
    let x = if matches!(op, All | Any) {
        a.clone()
    } else {
        Operand::Array(a).to_array(acc)?
    };
    let r = backend().reduce(op, &in_memory_order(x, &axes), &axes, opts.ddof)?;
    keep(r, a, opts, &axes, false)
}

/// `x` with its axes in memory order ([`xpush_core::layout::Layout::memory_order`]) when
/// `axes` are all of its axes: NumPy's iterator reduces a transposed view
/// in the order of its memory (the pairwise sum of `a.T.sum()` is
/// `a.sum()`'s), and the result of a full reduction has no axes whose
/// order this could change.
///
/// A view that does not walk as one strided run in that order (a reversed
/// or sliced axis outside a transpose: `m[:, ::-1]`, `m[::-1, 1:]`) is
/// copied by NumPy's buffered iterator, when it has at most
/// [`NPY_BUFSIZE`] elements, into one buffer in that order, and summed
/// there as one pairwise sum; such a view of a float or complex dtype is
/// gathered into a contiguous array in that order here, so the sum is the
/// same tree. (Larger views are summed by NumPy a buffer at a time, a
/// buffer's extent chosen by its iterator's cost model, which is not
/// ported.)
fn in_memory_order(x: Array, axes: &[usize]) -> Array {
    if axes.len() == x.ndim() {
        let l = x.layout().memory_order();
        let one_run = l.chunks().next().is_none_or(|c| c.len == l.size());
        let x = x.with_layout(l);
        if !one_run
            && x.size() <= NPY_BUFSIZE
            && x.dtype().is_inexact()
            && x.device() == crate::device::Device::Cpu
        {
            return x.to_contiguous();
        }
        return x;
    }
    x
}

/// NumPy's `NPY_BUFSIZE`: the elements its iterator buffers at a time.
const NPY_BUFSIZE: usize = 8192;

/// Re-inserts reduced axes as length 1 when `keepdims`.
fn keep(r: Array, a: &Array, opts: &ReduceOpts, axes: &[usize], all: bool) -> Result<Array> {
    if !opts.keepdims {
        return Ok(r);
    }
    let shape: Vec<isize> = a
        .shape()
        .iter()
        .enumerate()
        .map(|(i, &d)| {
            if all || axes.contains(&i) {
                1
            } else {
                d as isize
            }
        })
        .collect();
    r.reshape(&shape)
}

/// `a.astype(dtype)` through the backend.
pub fn cast(a: &Array, dtype: DType) -> Result<Array> {
    copy_check(a, dtype)?;
    backend().cast(a, dtype)
}

/// `a.copy()` (order `K`: keeps the memory order of `a`).
pub fn copy(a: &Array) -> Result<Array> {
    copy_check(a, a.dtype())?;
    backend().cast(a, a.dtype())
}

/// A large host copy of `a` as `dtype` asks the allocator first
/// ([`xpush_core::pool::check`]): the copy of a broadcast view (`np.tile`,
/// `np.broadcast_to(x, shape).copy()`) has a size the user's numbers
/// chose, not the size of memory `a` already holds, so a refusal is
/// NumPy's `_ArrayMemoryError` instead of an abort.
fn copy_check(a: &Array, dtype: DType) -> Result<()> {
    let bytes = a.size().saturating_mul(dtype.itemsize());
    if a.device() == crate::device::Device::Cpu && bytes >= xpush_core::pool::MIN_BYTES {
        xpush_core::pool::check(a.shape(), dtype)?;
    }
    Ok(())
}

/// `np.where(cond, a, b)`: `cond` is truth-tested, `a` and `b` promote
/// under NEP 50 (weak Python scalars allowed), all three broadcast.
pub fn where_(cond: &Array, a: Operand, b: Operand) -> Result<Array> {
    let dts = effective_dtypes(&a, &b);
    let dt = xpush_core::promote::promote_types(dts[0], dts[1]);
    let shape = broadcast_shapes(&[cond.shape(), a.shape(), b.shape()])
        .map_err(|_| broadcast_error(&[cond.shape(), a.shape(), b.shape()]))?;
    let c = Operand::Array(cond).to_array(DType::Bool)?;
    let x = a.to_array_wrapping(dt)?.broadcast_to(&shape)?;
    let y = b.to_array_wrapping(dt)?.broadcast_to(&shape)?;
    backend().where_(&c.broadcast_to(&shape)?, &x, &y)
}

/// `np.concatenate(arrays, axis=axis)` (`None` flattens first): dtypes
/// promote, shapes must agree off the axis (NumPy's messages).
pub fn concatenate(arrays: &[Array], axis: Option<isize>) -> Result<Array> {
    if arrays.is_empty() {
        return Err(Error::value_error("need at least one array to concatenate"));
    }
    let flat: Vec<Array>;
    let (arrays, axis) = match axis {
        None => {
            flat = arrays
                .iter()
                .map(|a| a.reshape(&[-1]))
                .collect::<Result<_>>()?;
            (&flat[..], 0isize)
        }
        Some(ax) => (arrays, ax),
    };
    let first = &arrays[0];
    let ndim = first.ndim();
    if ndim == 0 {
        return Err(Error::value_error(
            "zero-dimensional arrays cannot be concatenated",
        ));
    }
    let ax = normalize_axis(axis, ndim)?;
    let mut dt = first.dtype();
    let mut total = 0usize;
    for (i, a) in arrays.iter().enumerate() {
        if a.ndim() != ndim {
            return Err(Error::value_error(format!(
                "all the input arrays must have same number of dimensions, but the array at index 0 has {ndim} dimension(s) and the array at index {i} has {} dimension(s)",
                a.ndim()
            )));
        }
        for d in 0..ndim {
            if d != ax && a.shape()[d] != first.shape()[d] {
                return Err(Error::value_error(format!(
                    "all the input array dimensions except for the concatenation axis must match exactly, but along dimension {d}, the array at index 0 has size {} and the array at index {i} has size {}",
                    first.shape()[d],
                    a.shape()[d]
                )));
            }
        }
        dt = xpush_core::promote::promote_types(dt, a.dtype());
        total += a.shape()[ax];
    }
    let mut shape = first.shape().to_vec();
    shape[ax] = total;
    if arrays
        .iter()
        .all(|a| a.device() != crate::device::Device::Cpu)
    {
        let parts: Vec<Array> = arrays
            .iter()
            .map(|a| {
                if a.dtype() == dt {
                    Ok(a.clone())
                } else {
                    cast(a, dt)
                }
            })
            .collect::<Result<_>>()?;
        if let Some(r) = crate::device::concat_on_device(&parts, ax, &shape, dt)? {
            return Ok(r);
        }
    }
    let refs: Vec<&Array> = arrays.iter().collect();
    let out = crate::device::empty_on(crate::device::common_device(&refs)?, &shape, dt)?;
    let mut start = 0isize;
    for a in arrays {
        let n = a.shape()[ax] as isize;
        let dst = out.slice_axis(ax, Some(start), Some(start + n), 1)?;
        backend().copy_into(a, &dst)?;
        start += n;
    }
    Ok(out)
}

/// An NPU array's mean, var or std as one reduction (`aclnnMean`,
/// `aclnnVarCorrection`, `aclnnStd`; the cpu reference and acl-sim run
/// NumPy's formula, `xpush_cpu`'s `moments`), where that one op is
/// NumPy's computation: an inexact accumulator (float64 for integer
/// input, float32 for a float16 mean, cast back), no `dtype=` that would
/// change `_methods.py`'s promotions for var/std, an integral
/// `0 <= ddof < n` (CANN's `correction` is an int64; `n <= ddof` is
/// NumPy's division by zero, with its warning). `None`: compose it.
fn moment_op(
    op: ReduceOp,
    a: &Array,
    opts: &ReduceOpts,
    axes: &[usize],
    n: usize,
) -> Result<Option<Array>> {
    let default = op.accumulator(a.dtype());
    let (acc, back) = match (op, opts.dtype) {
        (ReduceOp::Mean, Some(d)) => (d, None),
        (ReduceOp::Mean, None) if a.dtype() == DType::Float16 => {
            (DType::Float32, Some(DType::Float16))
        }
        (_, None) => (default, None),
        (_, Some(d)) if d == a.dtype() => (d, None),
        _ => return Ok(None),
    };
    let ddof_ok = op == ReduceOp::Mean
        || (opts.ddof >= 0.0 && opts.ddof.fract() == 0.0 && (n as f64) > opts.ddof);
    // A complex64 mean is NumPy's sum divided in complex128
    // ([`count_divide`]), which a complex64 aclnnMean is not.
    let wide_divide = op == ReduceOp::Mean && acc == DType::Complex64;
    if !acc.is_inexact() || n == 0 || !ddof_ok || wide_divide {
        return Ok(None);
    }
    // Where the one op would leave the NPU (float64 var under `off` or
    // `cpu`: aclnnVarCorrection takes no DOUBLE) the composition's ops
    // still run there.
    let aclnn = xpush_ascend::backend::AscendBackend::aclnn_for(super::Op::Reduce(op));
    let plan = xpush_ascend::policy::decide(op.name(), aclnn, acc, crate::device::float64_mode());
    if !matches!(
        plan,
        xpush_ascend::policy::Plan::Native | xpush_ascend::policy::Plan::Demote { .. }
    ) {
        return Ok(None);
    }
    let x = Operand::Array(a).to_array(acc)?;
    let r = backend().reduce(op, &x, axes, opts.ddof)?;
    let r = match back {
        Some(d) => cast(&r, d)?,
        None => r,
    };
    keep(r, a, opts, axes, false).map(Some)
}

/// mean, var and std composed from sums as NumPy's `_methods.py` does:
/// integer input in float64, float16 means accumulate in float32; var is
/// `sum(|a - mean|**2) / (n - ddof)`, whose sum is one fused cpu kernel
/// for C-contiguous float32/float64 cpu arrays (same bits, no temporaries).
/// `s / n` as NumPy's `_mean` and `_var` divide a sum by its count: the
/// count is an `intp`, not a weak Python int, so the quotient is computed
/// in double precision and cast back. Only a complex64 quotient differs
/// from the sum's own division (a real one is correctly rounded either
/// way; complex division is not, so NumPy's mean is rounded once per part
/// from complex128). That one is divided on the host, as NumPy does it,
/// wherever the sum lives.
fn count_divide(s: &Array, n: usize) -> Result<Array> {
    if s.dtype() != DType::Complex64 {
        return binary_op(
            BinaryOp::TrueDivide,
            Operand::Array(s),
            Operand::PyFloat(n as f64),
        );
    }
    let host = s.to_device(crate::device::Device::Cpu)?;
    let q = binary_op(
        BinaryOp::TrueDivide,
        Operand::Array(&host),
        Operand::Scalar(Scalar::Int64(n as i64)),
    )?;
    cast(&q, DType::Complex64)?.to_device(s.device())
}

fn moments(op: ReduceOp, a: &Array, opts: &ReduceOpts, axes: &[usize]) -> Result<Array> {
    let a = &in_memory_order(a.clone(), axes);
    let n: usize = axes.iter().map(|&i| a.shape()[i]).product();
    let int_in = a.dtype().is_integer() || a.dtype().is_bool();
    if a.device() != crate::device::Device::Cpu {
        if let Some(r) = moment_op(op, a, opts, axes, n)? {
            return Ok(r);
        }
    }
    let sum = |x: &Array, dtype: Option<DType>, keepdims: bool| {
        reduce(
            ReduceOp::Sum,
            x,
            &ReduceOpts {
                axes: Some(axes.iter().map(|&i| i as isize).collect()),
                keepdims,
                dtype,
                ddof: 0.0,
            },
        )
    };
    if op == ReduceOp::Mean {
        let (dtype, back) = match opts.dtype {
            Some(d) => (Some(d), None),
            None if int_in => (Some(DType::Float64), None),
            None if a.dtype() == DType::Float16 => (Some(DType::Float32), Some(DType::Float16)),
            None => (None, None),
        };
        let s = sum(a, dtype, opts.keepdims)?;
        let r = count_divide(&s, n)?;
        return match back {
            Some(d) => cast(&r, d),
            None => Ok(r),
        };
    }
    let dtype = opts
        .dtype
        .or(if int_in { Some(DType::Float64) } else { None });
    let m = sum(a, dtype, true)?;
    let m = count_divide(&m, n)?;
    let fused = a.device() == crate::device::Device::Cpu
        && matches!(a.dtype(), DType::Float32 | DType::Float64)
        && dtype.is_none_or(|d| d == a.dtype())
        && a.layout().is_c_contiguous();
    let s = if fused {
        // The same sum without the two full-size temporaries.
        let s = crate::device::Router.centered_sumsq(a, &m, axes)?;
        keep(s, a, opts, axes, false)?
    } else {
        let x = binary(BinaryOp::Subtract, a, &m)?;
        let x = if x.dtype().is_complex() {
            let c = unary(UnaryOp::Conjugate, &x)?;
            let p = binary(BinaryOp::Multiply, &x, &c)?;
            unary(UnaryOp::Real, &p)?
        } else {
            binary(BinaryOp::Multiply, &x, &x)?
        };
        sum(&x, dtype.map(|d| d.real_dtype()), opts.keepdims)?
    };
    let div = (n as f64 - opts.ddof).max(0.0);
    let v = binary_op(
        BinaryOp::TrueDivide,
        Operand::Array(&s),
        Operand::PyFloat(div),
    )?;
    if op == ReduceOp::Std {
        unary(UnaryOp::Sqrt, &v)
    } else {
        Ok(v)
    }
}

/// One step of a fused elementwise chain in postfix order, as the
/// language hands it over ([`fused_chain`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChainStep {
    /// The `i`-th input array.
    Input(usize),
    /// A Python `int` or `float` ([`Operand::PyInt`]/[`Operand::PyFloat`]),
    /// weak as NEP 50 has it: it takes the arrays' dtype.
    Number(f64, bool),
    /// `-x`, `x**2`, `np.sqrt(x)` or `np.absolute(x)`
    /// ([`xpush_cpu::fused::fusable_unary`]).
    Unary(UnaryOp),
    /// `+`, `-`, `*` or `/` ([`xpush_cpu::fused::fusable`]).
    Binary(BinaryOp),
    /// `<`, `<=`, `>`, `>=`, `==` or `!=`
    /// ([`xpush_cpu::fused::fusable_compare`]): a mask for `Where`.
    Compare(BinaryOp),
    /// `np.where(mask, x, y)`.
    Where,
}

/// Chains over fewer elements than this run unfused: the single ops are
/// as fast there, and the pass's setup would cost more than it saves.
const FUSE_MIN: usize = 1 << 15;

/// The least number of elements a chain is fused on: [`FUSE_MIN`], or
/// `XPUSH_FUSE_MIN` when set (the test suite runs the NumPy cases with
/// `0`, fusing every chain, to check that the fused pass prints what the
/// operators one by one print).
pub fn fuse_min() -> usize {
    static MIN: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *MIN.get_or_init(|| {
        std::env::var("XPUSH_FUSE_MIN")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(FUSE_MIN)
    })
}

/// Whether a chain over arrays like `a` may be fused, as far as its size
/// goes: at least [`fuse_min`] elements on the cpu (the interpreter's
/// cheap test before it collects a chain's arrays); any NPU array but an
/// empty one, where fusing saves launches whatever the size.
pub fn may_fuse(a: &Array) -> bool {
    match a.device() {
        crate::device::Device::Cpu => a.size() >= fuse_min(),
        crate::device::Device::Npu(_) => a.size() > 0,
    }
}

/// Evaluates a chain of elementwise `+ - * /`, unary `-`, `np.square`,
/// `np.sqrt`, `np.absolute` and `np.where` of a comparison over `ins` and
/// Python numbers as one op,
/// recorded in `:profile` as one row named by its operators
/// (`fused(multiply, add)`):
/// - on the cpu, in one blocked pass on every thread
///   ([`xpush_cpu::fused`]), for at least [`fuse_min`] elements;
/// - on an NPU, as aclnn launches in which aclnn's fused ops
///   (`aclnnAdd` with alpha, `aclnnAddcmul`, `aclnnAddcdiv`) take the
///   parts they compute ([`xpush_ascend::fused`]), when one of them does.
///
/// `None` where the chain must run unfused: inputs not all of one float
/// dtype (float32 or float64), device, shape and C order, or too small or
/// without a fused form, as above. Otherwise the result (the same bits as
/// the unfused ops give) and whether some operator gave a value that is
/// not finite, which the caller evaluates unfused to raise NumPy's
/// warnings.
pub fn fused_chain(steps: &[ChainStep], ins: &[&Array]) -> Result<Option<(Array, bool)>> {
    let Some(first) = ins.first() else {
        return Ok(None);
    };
    let (d, dev) = (first.dtype(), first.device());
    let fits = |a: &&Array| {
        a.dtype() == d
            && a.device() == dev
            && a.shape() == first.shape()
            && a.layout().is_c_contiguous()
    };
    if !matches!(d, DType::Float32 | DType::Float64)
        || first.ndim() == 0
        || !may_fuse(first)
        || !ins.iter().all(fits)
    {
        return Ok(None);
    }
    // What each value on the stack is. An operator on two Python numbers
    // is Python's arithmetic, in Python's types (`a * (s * 3.0)`
    // multiplies in float64, then casts once), which the pass would do
    // in the arrays' dtype, and `np.where(m > 0, 1.0, 0.0)` is float64
    // whatever `m` is, so such chains run unfused; so does a mask used as
    // a number (bool arithmetic).
    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Array,
        Number,
        Mask,
    }
    let mut kinds: Vec<Kind> = Vec::with_capacity(steps.len());
    let pop = |kinds: &mut Vec<Kind>| kinds.pop().filter(|k| *k != Kind::Mask);
    for s in steps {
        match s {
            ChainStep::Input(_) => kinds.push(Kind::Array),
            ChainStep::Number(..) => kinds.push(Kind::Number),
            // Negation is exact in every precision; Python's own square
            // or square root of a number is not the dtype's.
            ChainStep::Unary(UnaryOp::Negative) if kinds.last() == Some(&Kind::Number) => {}
            ChainStep::Unary(_) => {
                if pop(&mut kinds) != Some(Kind::Array) {
                    return Ok(None);
                }
                kinds.push(Kind::Array);
            }
            ChainStep::Binary(_) | ChainStep::Compare(_) => {
                let (Some(y), Some(x)) = (pop(&mut kinds), pop(&mut kinds)) else {
                    return Ok(None);
                };
                if x != Kind::Array && y != Kind::Array {
                    return Ok(None);
                }
                kinds.push(match s {
                    ChainStep::Compare(_) => Kind::Mask,
                    _ => Kind::Array,
                });
            }
            ChainStep::Where => {
                let (Some(y), Some(x)) = (pop(&mut kinds), pop(&mut kinds)) else {
                    return Ok(None);
                };
                if kinds.pop() != Some(Kind::Mask) || (x != Kind::Array && y != Kind::Array) {
                    return Ok(None);
                }
                kinds.push(Kind::Array);
            }
        }
    }
    if kinds != [Kind::Array] {
        return Ok(None);
    }
    let mut fused = Vec::with_capacity(steps.len());
    for s in steps {
        fused.push(match *s {
            ChainStep::Input(i) => FusedStep::Input(i),
            ChainStep::Number(v, is_int) => {
                let o = if is_int {
                    Operand::PyInt(v as i128)
                } else {
                    Operand::PyFloat(v)
                };
                FusedStep::Const(o.to_scalar(d)?)
            }
            ChainStep::Unary(op) if xpush_cpu::fused::fusable_unary(op) => FusedStep::Unary(op),
            ChainStep::Unary(_) => return Ok(None),
            ChainStep::Binary(op) if xpush_cpu::fused::fusable(op) => FusedStep::Binary(op),
            ChainStep::Compare(op) if xpush_cpu::fused::fusable_compare(op) => {
                FusedStep::Compare(op)
            }
            ChainStep::Binary(_) | ChainStep::Compare(_) => return Ok(None),
            ChainStep::Where => FusedStep::Where,
        });
    }
    let aclnn = match dev {
        crate::device::Device::Cpu => None,
        crate::device::Device::Npu(_) => match xpush_ascend::fused::launches(&fused) {
            Some(names) => Some(intern(names.join("+"))),
            None => return Ok(None),
        },
    };
    crate::device::Router
        .fused_chain(fused_name(steps), aclnn, &fused, ins)
        .map(Some)
}

/// `fused(multiply, add, ...)`: a chain's operators in the order they
/// run, interned.
fn fused_name(steps: &[ChainStep]) -> &'static str {
    let ops: Vec<&str> = steps
        .iter()
        .filter_map(|s| match s {
            ChainStep::Unary(op) => Some(op.name()),
            ChainStep::Binary(op) | ChainStep::Compare(op) => Some(op.name()),
            ChainStep::Where => Some("where"),
            _ => None,
        })
        .collect();
    intern(format!("fused({})", ops.join(", ")))
}

/// `name` as a `&'static str` that lives as long as the program: the
/// chain names of `:profile` (a program has few distinct chains).
fn intern(name: String) -> &'static str {
    use std::collections::HashSet;
    use std::sync::Mutex;
    static NAMES: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    let set = names.get_or_insert_with(HashSet::new);
    if let Some(n) = set.get(name.as_str()) {
        return n;
    }
    let n: &'static str = Box::leak(name.into_boxed_str());
    set.insert(n);
    n
}
