//! Object arrays (`dtype=object`): host arrays whose cells hold any value
//! ([`Cell::Obj`]), computed as NumPy's object loops compute them: every
//! operator, ufunc and reduction calls the elements' own Python operation
//! (`int + int` stays a Python int of any size, a user class's `__add__`
//! runs), and comparisons give bool arrays of the results' truth.
//!
//! Structure (views, slicing, reshapes, `take`, ...) is the index array's,
//! as for every host array; what runs user code takes the [`Host`].

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};
use xpush_npu::dtype::Elem;
use xpush_npu::{Array, DType, Scalar};

use super::{funcs, positions_in, wrap, Cell, HostArray, HostDType, HostKind};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::Imp;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// Whether `v` is an object array.
pub fn is_object(v: &Value) -> bool {
    matches!(v, Value::HostArray(a) if a.dtype().kind == HostKind::Object)
}

/// Whether `v` counts as a sequence when NumPy discovers an object
/// array's shape: lists, tuples and arrays of at least one dimension.
fn is_sequence(v: &Value) -> bool {
    match v {
        Value::List(_) | Value::Tuple(_) => true,
        Value::Object(_) | Value::Instance(_) => crate::collections::as_sequence(v).is_some(),
        Value::Array(a) => a.ndim() > 0,
        Value::HostArray(a) => a.ndim() > 0,
        _ => false,
    }
}

/// The items of a sequence; the elements of a numeric array become the
/// Python numbers an object array holds.
fn children(v: &Value) -> Result<Vec<Value>> {
    Ok(match v {
        Value::Array(a) if a.ndim() == 1 => a
            .to_host()?
            .to_scalars()
            .iter()
            .map(crate::numpy::conv::to_python)
            .collect(),
        Value::HostArray(a) => a.items()?,
        Value::Object(_) | Value::Instance(_) => match crate::collections::as_sequence(v) {
            Some(items) => crate::py::iter::to_vec(&items)?,
            None => Vec::new(),
        },
        other => crate::py::iter::to_vec(other)?,
    })
}

/// `np.array(v, dtype=object)`: the shape is as deep as the nested
/// sequences agree in length (`[[1], [1, 2]]` is two lists, `[[1, 2], [3,
/// 4]]` four ints), the leaves are kept as they are.
pub fn from_value(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind == HostKind::Object => {
            return HostArray::new(a.dtype(), a.cells(), a.shape())
        }
        Value::HostArray(a) => {
            let cells = a.cells().into_iter().map(|c| Cell::Obj(a.py_value(&c)));
            return HostArray::new(HostDType::object(), cells.collect(), a.shape());
        }
        Value::Array(a) => return from_numeric(a),
        _ => {}
    }
    let mut shape = Vec::new();
    let mut level = vec![v.clone()];
    while !level.is_empty() && level.iter().all(is_sequence) {
        let items = level.iter().map(children).collect::<Result<Vec<_>>>()?;
        let n = items[0].len();
        if items.iter().any(|i| i.len() != n) {
            break;
        }
        shape.push(n);
        level = items.into_iter().flatten().collect();
    }
    let cells = level.into_iter().map(Cell::Obj).collect();
    HostArray::new(HostDType::object(), cells, &shape)
}

/// A numeric array as an object array of Python numbers
/// (`a.astype(object)`).
pub fn from_numeric(a: &Array) -> Result<HostArray> {
    let cells = a
        .to_host()?
        .to_scalars()
        .iter()
        .map(|s| Cell::Obj(crate::numpy::conv::to_python(s)))
        .collect();
    HostArray::new(HostDType::object(), cells, a.shape())
}

/// Whether a value that is not a number or text makes `np.array` an
/// object array without `dtype=object` (`[1, None]`, a list of dicts):
/// any leaf NumPy has no other dtype for, an int no int64 or uint64
/// holds among them.
pub fn holds_objects(v: &Value) -> bool {
    holds(v, true)
}

/// Whether `v` holds a leaf that is no number at all (`None`, a dict, a
/// user object): `np.array(v, dtype=float)` converts those one by one as
/// NumPy's object-to-number cast does (`None` is NaN).
pub fn holds_non_numbers(v: &Value) -> bool {
    holds(v, false)
}

fn holds(v: &Value, big_ints: bool) -> bool {
    let inner = |x: &Value| holds(x, big_ints);
    match v {
        Value::List(items) => items.borrow().iter().any(inner),
        Value::Tuple(items) => items.iter().any(inner),
        Value::HostArray(a) => a.dtype().kind == HostKind::Object,
        // A namedtuple is its tuple, a deque the list of its items.
        Value::Object(_) | Value::Instance(_) => match crate::collections::as_sequence(v) {
            Some(items) => inner(&items),
            None => class_instance(v),
        },
        Value::BigInt(b) => {
            big_ints
                && num_traits::ToPrimitive::to_i64(&**b).is_none()
                && num_traits::ToPrimitive::to_u64(&**b).is_none()
        }
        Value::None
        | Value::Dict(_)
        | Value::Set(_)
        | Value::FrozenSet(_)
        | Value::Function(_)
        | Value::Builtin(_)
        | Value::Class(_) => true,
        _ => false,
    }
}

/// Whether `v` is an object of a user class or a `datetime` value (which
/// NumPy holds in an object array), rather than one of xpush's own
/// objects.
fn class_instance(v: &Value) -> bool {
    matches!(v, Value::Instance(_)) || crate::datetime::of(v).is_some()
}

/// The array element NumPy converts an object to for a numeric dtype,
/// with Python's `int()`/`float()`/`complex()` errors (`None` is NaN
/// for the float dtypes, as NumPy casts it).
fn element_to(v: &Value, dtype: DType) -> Result<Elem> {
    let kind_error = |to: &str, what: &str| {
        Error::type_error(format!(
            "{to}() argument must be {what}, not '{}'",
            crate::ops::type_name(v)
        ))
    };
    if dtype == DType::Bool {
        return Ok(Elem::Bool(crate::ops::truthy(v)?));
    }
    if matches!(v, Value::List(_) | Value::Tuple(_)) {
        return Err(Error::value_error(
            "setting an array element with a sequence.",
        ));
    }
    let v = match v {
        Value::Scalar(s) => crate::numpy::conv::to_python(s),
        other => other.clone(),
    };
    if dtype.is_complex() {
        return match &v {
            Value::Complex(c) => Ok(Elem::Complex(c.re, c.im)),
            Value::None => Ok(Elem::Complex(f64::NAN, f64::NAN)),
            _ => element_to(&v, DType::Float64).map(|e| match e {
                Elem::Float(f) => Elem::Complex(f, 0.0),
                e => e,
            }),
        };
    }
    if dtype.is_float() {
        return match &v {
            Value::None => Ok(Elem::Float(f64::NAN)),
            Value::Bool(b) => Ok(Elem::Float(f64::from(u8::from(*b)))),
            Value::Int(i) => Ok(Elem::Float(*i as f64)),
            Value::BigInt(b) => Ok(Elem::Float(
                num_traits::ToPrimitive::to_f64(&**b).unwrap_or(f64::INFINITY),
            )),
            Value::Float(f) => Ok(Elem::Float(*f)),
            Value::Str(s) => crate::types::parse_float(s)
                .map(Elem::Float)
                .ok_or_else(|| {
                    Error::value_error(format!(
                        "could not convert string to float: {}",
                        crate::ops::repr(&v)
                    ))
                }),
            _ => Err(kind_error("float", "a string or a real number")),
        };
    }
    match &v {
        Value::Bool(b) => Ok(Elem::Int(i64::from(*b))),
        Value::Int(i) => Ok(Elem::Int(*i)),
        Value::BigInt(_) => Err(Error::new(
            ExcKind::OverflowError,
            "Python int too large to convert to C long",
        )),
        Value::Float(f) if f.is_nan() => {
            Err(Error::value_error("cannot convert float NaN to integer"))
        }
        Value::Float(f) if f.is_infinite() => Err(Error::new(
            ExcKind::OverflowError,
            "cannot convert float infinity to integer",
        )),
        Value::Float(f) => Ok(Elem::Int(f.trunc() as i64)),
        Value::Str(s) => crate::types::parse_int(s.trim(), 10)
            .and_then(|b| num_traits::ToPrimitive::to_i64(&b))
            .map(Elem::Int)
            .ok_or_else(|| {
                Error::value_error(format!(
                    "invalid literal for int() with base 10: {}",
                    crate::ops::repr(&v)
                ))
            }),
        _ => Err(kind_error(
            "int",
            "a string, a bytes-like object or a real number",
        )),
    }
}

/// `a.astype(dtype)` of an object array to a numeric dtype.
pub fn to_numeric(a: &HostArray, dtype: DType) -> Result<Array> {
    let elems = a
        .cells()
        .iter()
        .map(|c| element_to(&c.to_value(), dtype))
        .collect::<Result<Vec<_>>>()?;
    crate::numpy::conv::from_elems(&elems, a.shape(), dtype)
}

/// `a.astype(dtype)` of an object array to a text or time dtype: its
/// elements as `np.array(elements, dtype)` converts them.
pub fn to_host_dtype(a: &HostArray, dtype: HostDType) -> Result<HostArray> {
    super::from_value(&a.tolist_shallow()?, Some(dtype))
}

impl HostArray {
    /// The elements as nested lists in the array's shape (the elements
    /// themselves, never converted).
    fn tolist_shallow(&self) -> Result<Value> {
        Ok(self.tolist())
    }
}

/// An object element's text inside an array's repr: its `repr`, with a
/// list shown as `list([1, 2])` as NumPy shows it. `host` runs a user
/// class's `__repr__`; without one, a user object gets the default repr.
pub fn elem_repr(host: Option<&mut dyn Host>, v: &Value) -> String {
    let text = match host {
        Some(h) => crate::py::class::repr(h, v).unwrap_or_else(|_| crate::ops::repr(v)),
        None => crate::ops::repr(v),
    };
    match v {
        Value::List(_) => format!("list({text})"),
        _ => text,
    }
}

/// An operand of an object operation: its elements and shape.
struct Operand {
    cells: Vec<Value>,
    shape: Vec<usize>,
}

/// Any operand of an object operation as object elements: an object
/// array's own, a numeric array's as Python numbers, a text or time
/// array's as their elements, a list as `np.array` makes it, anything
/// else as one element (a NumPy scalar becomes its Python number, as
/// NumPy casts a scalar to object).
fn operand(v: &Value) -> Result<Operand> {
    let a = match v {
        Value::HostArray(_) | Value::Array(_) => from_value(v)?,
        Value::List(_) | Value::Tuple(_) => {
            if holds_objects(v) || super::holds_text(v) {
                from_value(v)?
            } else {
                from_numeric(&crate::numpy::conv::as_array(v)?)?
            }
        }
        Value::Scalar(s) => {
            return Ok(Operand {
                cells: vec![crate::numpy::conv::to_python(s)],
                shape: Vec::new(),
            })
        }
        other => {
            return Ok(Operand {
                cells: vec![other.clone()],
                shape: Vec::new(),
            })
        }
    };
    Ok(Operand {
        cells: a.cells().into_iter().map(|c| c.to_value()).collect(),
        shape: a.shape().to_vec(),
    })
}

/// The broadcast shape of operands, with NumPy's error.
fn broadcast(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let n = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; n];
    for s in shapes {
        for (i, &d) in s.iter().enumerate() {
            let o = &mut out[n - s.len() + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let shown: Vec<String> = shapes
                    .iter()
                    .map(|s| xpush_npu::layout::shape_repr(s))
                    .collect();
                return Err(Error::value_error(format!(
                    "operands could not be broadcast together with shapes {} ",
                    shown.join(" ")
                )));
            }
        }
    }
    Ok(out)
}

/// Calls `f` on the broadcast elements of `operands`, in C order of the
/// broadcast shape: the results and that shape.
fn map_elements(
    host: &mut dyn Host,
    operands: &[Operand],
    mut f: impl FnMut(&mut dyn Host, &[&Value]) -> Result<Value>,
) -> Result<(Vec<Value>, Vec<usize>)> {
    let shapes: Vec<&[usize]> = operands.iter().map(|o| &o.shape[..]).collect();
    let shape = broadcast(&shapes)?;
    let positions = operands
        .iter()
        .map(|o| positions_in(&o.shape, &shape))
        .collect::<Result<Vec<_>>>()?;
    let n: usize = shape.iter().product();
    let mut out = Vec::with_capacity(n);
    let mut args: Vec<&Value> = Vec::with_capacity(operands.len());
    for i in 0..n {
        if i % 4096 == 4095 {
            host.check_interrupt()?;
        }
        args.clear();
        args.extend(operands.iter().zip(&positions).map(|(o, p)| &o.cells[p[i]]));
        out.push(f(host, &args)?);
    }
    Ok((out, shape))
}

/// An object array of `values` in `shape`, or the one value for a 0-d
/// result of operands that were all 0-d (`np.add(o0, 1)` of a 0-d object
/// array gives the element, as NumPy's ufuncs do).
fn object_result(values: Vec<Value>, shape: &[usize]) -> Result<Value> {
    if shape.is_empty() {
        return Ok(values.into_iter().next().unwrap_or(Value::None));
    }
    let cells = values.into_iter().map(Cell::Obj).collect();
    Ok(wrap(HostArray::new(HostDType::object(), cells, shape)?))
}

/// `x op y` of two elements with Python's rules, user classes included.
pub fn py_binary(host: &mut dyn Host, op: BinOp, x: &Value, y: &Value) -> Result<Value> {
    if let Some(r) = crate::py::class::binary(host, op, x, y) {
        return r;
    }
    if let Some(r) = crate::py::keys::set_binary(host, op, x, y, false) {
        return r;
    }
    crate::ops::binary(op, x, y)
}

/// `x op y` of two elements as a truth value, with Python's rules.
fn py_compare(host: &mut dyn Host, op: CmpOp, x: &Value, y: &Value) -> Result<bool> {
    let r = match crate::py::class::compare(host, op, x, y) {
        Some(r) => r?,
        None => match crate::py::keys::compare(host, op, x, y) {
            Some(r) => Value::Bool(r?),
            None => crate::ops::compare(op, x, y)?,
        },
    };
    match r {
        Value::Bool(b) => Ok(b),
        other => crate::py::class::truthy(host, &other),
    }
}

/// `a op b` where either is an object array: the elements' own operation,
/// broadcast; an object array (or the element, for 0-d operands).
pub fn binary(host: &mut dyn Host, op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    let ops = [operand(a)?, operand(b)?];
    let (values, shape) = map_elements(host, &ops, |h, xy| py_binary(h, op, xy[0], xy[1]))?;
    object_result(values, &shape)
}

/// `a op b` (a comparison) where either is an object array: a bool array
/// of the truth of the elements' comparisons.
pub fn compare(host: &mut dyn Host, op: CmpOp, a: &Value, b: &Value) -> Result<Value> {
    let ops = [operand(a)?, operand(b)?];
    let (values, shape) = map_elements(host, &ops, |h, xy| {
        py_compare(h, op, xy[0], xy[1]).map(Value::Bool)
    })?;
    let bools: Vec<bool> = values
        .into_iter()
        .map(|v| matches!(v, Value::Bool(true)))
        .collect();
    let r = Array::from_vec(bools, &shape)?;
    if shape.is_empty() {
        return Ok(Value::Scalar(r.item()?));
    }
    Ok(crate::numpy::conv::wrap(r))
}

/// `-a`, `+a`, `~a` and `abs(a)` (`None`) of an object array.
pub fn unary(host: &mut dyn Host, op: Option<UnaryOp>, a: &Value) -> Result<Value> {
    let ops = [operand(a)?];
    let (values, shape) = map_elements(host, &ops, |h, x| match op {
        Some(op) => match crate::py::class::unary(h, op, x[0]) {
            Some(r) => r,
            None => crate::ops::unary(op, x[0]),
        },
        None if crate::py::class::is_instance(x[0]) => {
            let missing = "bad operand type for abs(): '{}'";
            crate::py::class::call_special(h, x[0], "__abs__", Vec::new(), missing)
        }
        None => crate::py::arith::abs(x[0]),
    })?;
    object_result(values, &shape)
}

/// The binary ufuncs of object arrays and their operators.
const BINARY: &[(&str, BinOp)] = &[
    ("add", BinOp::Add),
    ("subtract", BinOp::Sub),
    ("multiply", BinOp::Mul),
    ("divide", BinOp::Div),
    ("true_divide", BinOp::Div),
    ("floor_divide", BinOp::FloorDiv),
    ("remainder", BinOp::Mod),
    ("mod", BinOp::Mod),
    ("power", BinOp::Pow),
    ("pow", BinOp::Pow),
    ("bitwise_and", BinOp::BitAnd),
    ("bitwise_or", BinOp::BitOr),
    ("bitwise_xor", BinOp::BitXor),
    ("left_shift", BinOp::LShift),
    ("right_shift", BinOp::RShift),
];

/// The comparison ufuncs of object arrays and their operators.
const COMPARE: &[(&str, CmpOp)] = &[
    ("equal", CmpOp::Eq),
    ("not_equal", CmpOp::NotEq),
    ("less", CmpOp::Lt),
    ("less_equal", CmpOp::LtE),
    ("greater", CmpOp::Gt),
    ("greater_equal", CmpOp::GtE),
];

/// The math ufuncs NumPy's object loops run as a method of each element
/// of the same name (`np.sqrt(o)` calls `x.sqrt()`).
const METHOD_UFUNCS: &[&str] = &[
    "sqrt",
    "exp",
    "log",
    "log2",
    "log10",
    "sin",
    "cos",
    "tan",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "exp2",
    "expm1",
    "log1p",
    "floor",
    "ceil",
    "trunc",
    "rint",
    "conjugate",
    "conj",
    "deg2rad",
    "rad2deg",
    "cbrt",
    "square",
    "reciprocal",
];

/// `np.sqrt(o)` and the other [`METHOD_UFUNCS`]: the element's method of
/// that name, or NumPy's TypeError naming the element's type.
fn method_ufunc(host: &mut dyn Host, name: &str, a: &Value) -> Result<Value> {
    let ops = [operand(a)?];
    let (values, shape) = map_elements(host, &ops, |h, x| {
        let method = match name {
            "conj" => "conjugate",
            n => n,
        };
        let builtin = match (name, x[0]) {
            ("square", v) => Some(py_binary(h, BinOp::Mul, v, v)),
            ("reciprocal", v) => Some(py_binary(h, BinOp::Div, &Value::Int(1), v)),
            (
                "conjugate" | "conj",
                v @ (Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_)),
            ) => Some(Ok(v.clone())),
            ("conjugate" | "conj", Value::Complex(c)) => Some(Ok(Value::Complex(c.conj()))),
            _ => None,
        };
        if let Some(r) = builtin {
            return r;
        }
        match crate::ops::getattr(x[0], method)
            .or_else(|_| crate::py::class::getattr(h, x[0], method).unwrap_or_else(|| Err(Error::type_error(""))))
        {
            Ok(f) => h.call(&f, Vec::new(), Vec::new()),
            Err(_) => Err(Error::type_error(format!(
                "loop of ufunc does not support argument 0 of type {} which has no callable {method} method",
                crate::ops::type_name(x[0])
            ))),
        }
    })?;
    object_result(values, &shape)
}

/// The positions of an array's elements grouped along `axis` (each group
/// the elements of one line along it, in order), with the shape the
/// other axes leave; `None` groups them all in C order.
fn lines(a: &HostArray, axis: Option<usize>) -> Result<(Vec<Vec<usize>>, Vec<usize>)> {
    let n = a.size();
    let c_order: Array = {
        let flat = Array::arange_int(0, n as i64, 1, DType::Int64)?;
        let shape: Vec<isize> = a.shape().iter().map(|&d| d as isize).collect();
        flat.reshape(&shape)?
    };
    let Some(axis) = axis else {
        return Ok((vec![(0..n).collect()], Vec::new()));
    };
    let nd = a.ndim() as isize;
    let mut perm: Vec<isize> = (0..nd).filter(|&d| d != axis as isize).collect();
    perm.push(axis as isize);
    let moved = c_order.transpose(Some(&perm))?;
    let len = a.shape()[axis];
    let flat: Vec<usize> = moved
        .to_contiguous()
        .to_vec::<i64>()?
        .into_iter()
        .map(|p| p as usize)
        .collect();
    let rest: Vec<usize> = perm[..perm.len() - 1]
        .iter()
        .map(|&d| a.shape()[d as usize])
        .collect();
    let groups = if len == 0 {
        vec![Vec::new(); rest.iter().product()]
    } else {
        flat.chunks(len).map(<[usize]>::to_vec).collect()
    };
    Ok((groups, rest))
}

/// The axis argument of a reduction: `None`, or a normalized axis.
fn axis_of(v: &Value, ndim: usize) -> Result<Option<usize>> {
    match v {
        Value::None => Ok(None),
        v => {
            let ax = crate::py::num::index_i64(v)? as isize;
            Ok(Some(xpush_npu::layout::normalize_axis(ax, ndim)?))
        }
    }
}

/// A reduction of object elements along an axis by a binary operation:
/// NumPy's object reduce, which starts from the first element (`identity`
/// for an empty line, or NumPy's error when the ufunc has none).
fn reduce(
    host: &mut dyn Host,
    a: &Args,
    name: &str,
    identity: Option<Value>,
    mut step: impl FnMut(&mut dyn Host, &Value, &Value) -> Result<Value>,
) -> Result<Value> {
    let t = object(a.get(0))?;
    let axis = axis_of(a.get(1), t.ndim())?;
    let cells: Vec<Value> = t.cells().into_iter().map(|c| c.to_value()).collect();
    let (groups, shape) = lines(&t, axis)?;
    let mut out = Vec::with_capacity(groups.len());
    for g in groups {
        let mut it = g.into_iter();
        let mut acc = match it.next() {
            Some(p) => cells[p].clone(),
            None => identity.clone().ok_or_else(|| {
                Error::value_error(format!(
                    "zero-size array to reduction operation {name} which has no identity"
                ))
            })?,
        };
        for p in it {
            acc = step(host, &acc, &cells[p])?;
        }
        out.push(acc);
    }
    object_result(out, &shape)
}

fn sum(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    reduce(host, a, "add", Some(Value::Int(0)), |h, x, y| {
        py_binary(h, BinOp::Add, x, y)
    })
}

fn prod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    reduce(host, a, "multiply", Some(Value::Int(1)), |h, x, y| {
        py_binary(h, BinOp::Mul, x, y)
    })
}

/// `max` (`max` true) or `min`: NumPy's object maximum keeps the running
/// result while it is `>=` the next element (minimum: `<=`), else takes
/// the element.
fn extreme(host: &mut dyn Host, a: &Args, max: bool) -> Result<Value> {
    let (name, op) = if max {
        ("maximum", CmpOp::GtE)
    } else {
        ("minimum", CmpOp::LtE)
    };
    reduce(host, a, name, None, |h, x, y| {
        Ok(if py_compare(h, op, x, y)? {
            x.clone()
        } else {
            y.clone()
        })
    })
}

/// `mean`: the sum divided by the count, as NumPy divides it (by an
/// `np.intp`, so a whole-array mean of Python numbers is a NumPy float).
fn mean(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = object(a.get(0))?;
    let axis = axis_of(a.get(1), t.ndim())?;
    let count = match axis {
        None => t.size(),
        Some(ax) => t.shape()[ax],
    };
    let s = sum(host, a)?;
    let n = Value::Scalar(Scalar::Int64(count as i64));
    match &s {
        Value::HostArray(_) => binary(host, BinOp::Div, &s, &Value::Int(count as i64)),
        _ => py_binary(host, BinOp::Div, &s, &n),
    }
}

/// `cumsum`/`cumprod`: running results along an axis (the flattened
/// array for `axis=None`).
fn accumulate(host: &mut dyn Host, a: &Args, op: BinOp) -> Result<Value> {
    let t = object(a.get(0))?;
    let axis = axis_of(a.get(1), t.ndim())?;
    let (t, axis) = match axis {
        None => (HostArray::new(t.dtype(), t.cells(), &[t.size()])?, Some(0)),
        ax => (t, ax),
    };
    let mut cells: Vec<Value> = t.cells().into_iter().map(|c| c.to_value()).collect();
    let (groups, _) = lines(&t, axis)?;
    for g in groups {
        for w in 1..g.len() {
            let next = py_binary(host, op, &cells[g[w - 1]], &cells[g[w]])?;
            cells[g[w]] = next;
        }
    }
    let cells = cells.into_iter().map(Cell::Obj).collect();
    Ok(wrap(HostArray::new(HostDType::object(), cells, t.shape())?))
}

/// The order of `values` by Python's `<` (stable), with the first error a
/// comparison raised.
fn order(host: &mut dyn Host, values: &[Value]) -> Result<Vec<usize>> {
    let mut idx: Vec<usize> = (0..values.len()).collect();
    let error: RefCell<Option<Error>> = RefCell::new(None);
    let host = RefCell::new(host);
    idx.sort_by(|&i, &j| {
        if error.borrow().is_some() {
            return std::cmp::Ordering::Equal;
        }
        let mut h = host.borrow_mut();
        let less = |h: &mut dyn Host, x: &Value, y: &Value| py_compare(h, CmpOp::Lt, x, y);
        match less(&mut **h, &values[j], &values[i]) {
            Ok(true) => std::cmp::Ordering::Greater,
            Ok(false) => match less(&mut **h, &values[i], &values[j]) {
                Ok(true) => std::cmp::Ordering::Less,
                Ok(false) => std::cmp::Ordering::Equal,
                Err(e) => {
                    *error.borrow_mut() = Some(e);
                    std::cmp::Ordering::Equal
                }
            },
            Err(e) => {
                *error.borrow_mut() = Some(e);
                std::cmp::Ordering::Equal
            }
        }
    });
    match error.into_inner() {
        Some(e) => Err(e),
        None => Ok(idx),
    }
}

/// The axis of `sort`/`argsort` (`-1` by default, `None` flattens).
fn sort_axis(t: &HostArray, v: &Value) -> Result<(HostArray, usize)> {
    match v {
        Value::None => Ok((HostArray::new(t.dtype(), t.cells(), &[t.size()])?, 0)),
        v => {
            let ax = crate::py::num::index_i64(v)? as isize;
            if t.ndim() == 0 {
                return Err(Error::new(
                    ExcKind::AxisError,
                    format!("axis {ax} is out of bounds for array of dimension 0"),
                ));
            }
            Ok((t.clone(), xpush_npu::layout::normalize_axis(ax, t.ndim())?))
        }
    }
}

/// The sorted elements (`values`) or their order (`!values`) along an axis.
fn sorted(host: &mut dyn Host, a: &Args, values: bool) -> Result<Value> {
    let t = object(a.get(0))?;
    let axis = match a.get(1) {
        Value::None if a.values.len() < 2 => Value::Int(-1),
        v => v.clone(),
    };
    let (t, axis) = sort_axis(&t, &axis)?;
    let cells: Vec<Value> = t.cells().into_iter().map(|c| c.to_value()).collect();
    let (groups, _) = lines(&t, Some(axis))?;
    let mut out_values = cells.clone();
    let mut out_order = vec![0i64; cells.len()];
    for g in groups {
        let line: Vec<Value> = g.iter().map(|&p| cells[p].clone()).collect();
        let o = order(host, &line)?;
        for (k, &src) in o.iter().enumerate() {
            out_values[g[k]] = line[src].clone();
            out_order[g[k]] = src as i64;
        }
    }
    if values {
        let cells = out_values.into_iter().map(Cell::Obj).collect();
        Ok(wrap(HostArray::new(HostDType::object(), cells, t.shape())?))
    } else {
        Ok(crate::numpy::conv::wrap(Array::from_vec(
            out_order,
            t.shape(),
        )?))
    }
}

fn sort_in_place(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let t = object(a.get(0))?;
    let axis = match a.get(1) {
        Value::None => Value::Int(-1),
        v => v.clone(),
    };
    let args = Args {
        values: vec![a.get(0).clone(), axis],
        rest: Vec::new(),
    };
    let Value::HostArray(s) = sorted(host, &args, true)? else {
        return Ok(Value::None);
    };
    let cells = s.cells();
    let mut table = t.table().borrow_mut();
    for (p, c) in t.index().to_vec::<i64>()?.into_iter().zip(cells) {
        table[p as usize] = c;
    }
    Ok(Value::None)
}

/// A bool array of `value` in the shape of the object array `a[0]`
/// (a NumPy bool for a 0-d one).
fn all_bool(a: &Args, value: bool) -> Result<Value> {
    let t = object(a.get(0))?;
    crate::numpy::conv::wrap_result(Array::full(t.shape(), Scalar::Bool(value), DType::Bool))
}

/// `np.outer(a, b)` with an object operand: every element of flattened
/// `a` times every element of flattened `b`, with Python's `*`.
fn outer(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut x = operand(a.get(0))?;
    let mut y = operand(a.get(1))?;
    x.shape = vec![x.cells.len(), 1];
    y.shape = vec![1, y.cells.len()];
    let (values, shape) = map_elements(host, &[x, y], |h, xy| {
        py_binary(h, BinOp::Mul, xy[0], xy[1])
    })?;
    object_result(values, &shape)
}

/// `np.tensordot(a, b, axes)` with an object operand: the numeric
/// tensordot's axes and reshapes, run on arrays of the operands' element
/// positions, with NumPy's object `dot` as the product: each result is
/// the left-to-right Python sum of the products (`0` for an empty sum).
/// A full contraction is a 0-d object array, as NumPy's.
fn tensordot(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = operand(a.get(0))?;
    let y = operand(a.get(1))?;
    let axes = crate::numpy::linalg::tensordot_axes(a.get(2))?;
    let positions = |o: &Operand| Array::from_vec((0..o.cells.len() as i64).collect(), &o.shape);
    let mut values = Vec::new();
    let r =
        xpush_npu::ops::linalg::tensordot_by(&positions(&x)?, &positions(&y)?, &axes, |px, py| {
            let (m, k, n) = (px.shape()[0], px.shape()[1], py.shape()[1]);
            let (px, py) = (px.to_vec::<i64>()?, py.to_vec::<i64>()?);
            for i in 0..m {
                host.check_interrupt()?;
                for j in 0..n {
                    let mut sum: Option<Value> = None;
                    for l in 0..k {
                        let xv = &x.cells[px[i * k + l] as usize];
                        let yv = &y.cells[py[l * n + j] as usize];
                        let p = py_binary(host, BinOp::Mul, xv, yv)?;
                        sum = Some(match sum {
                            None => p,
                            Some(s) => py_binary(host, BinOp::Add, &s, &p)?,
                        });
                    }
                    values.push(sum.unwrap_or(Value::Int(0)));
                }
            }
            Array::from_vec((0..(m * n) as i64).collect(), &[m, n])
        })?;
    let cells = r
        .to_vec::<i64>()?
        .into_iter()
        .map(|p| Cell::Obj(values[p as usize].clone()))
        .collect();
    Ok(wrap(HostArray::new(HostDType::object(), cells, r.shape())?))
}

/// The object array a value is (a 0-d one for any other value).
fn object(v: &Value) -> Result<HostArray> {
    match v {
        Value::HostArray(a) if a.dtype().kind == HostKind::Object => Ok((**a).clone()),
        other => from_value(other),
    }
}

fn item(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    object(a.get(0))?.item(&a.rest)
}

/// The ufunc entry `name` ([`BINARY`], [`COMPARE`] or
/// [`METHOD_UFUNCS`]) on object arrays.
fn ufunc_by_name(host: &mut dyn Host, name: &str, a: &mut Args) -> Result<Value> {
    if let Some(&(_, op)) = BINARY.iter().find(|(n, _)| *n == name) {
        return binary(host, op, a.get(0), a.get(1));
    }
    if let Some(&(_, op)) = COMPARE.iter().find(|(n, _)| *n == name) {
        return compare(host, op, a.get(0), a.get(1));
    }
    method_ufunc(host, name, a.get(0))
}

/// The entries that run their own object implementation: `(module,
/// name, implementation)`.
const OWN: &[(&str, &str, Imp)] = &[
    ("numpy", "sum", sum),
    ("ndarray", "sum", sum),
    ("numpy", "prod", prod),
    ("ndarray", "prod", prod),
    ("numpy", "max", |h, a| extreme(h, a, true)),
    ("numpy", "amax", |h, a| extreme(h, a, true)),
    ("ndarray", "max", |h, a| extreme(h, a, true)),
    ("numpy", "min", |h, a| extreme(h, a, false)),
    ("numpy", "amin", |h, a| extreme(h, a, false)),
    ("ndarray", "min", |h, a| extreme(h, a, false)),
    ("numpy", "mean", mean),
    ("ndarray", "mean", mean),
    ("numpy", "outer", outer),
    // NumPy's `imag` of an object array is zeros: every element is real.
    ("numpy", "isreal", |_, a| all_bool(a, true)),
    ("numpy", "iscomplex", |_, a| all_bool(a, false)),
    ("numpy", "tensordot", tensordot),
    ("numpy", "cumsum", |h, a| accumulate(h, a, BinOp::Add)),
    ("ndarray", "cumsum", |h, a| accumulate(h, a, BinOp::Add)),
    ("numpy", "cumprod", |h, a| accumulate(h, a, BinOp::Mul)),
    ("ndarray", "cumprod", |h, a| accumulate(h, a, BinOp::Mul)),
    ("numpy", "sort", |h, a| sorted(h, a, true)),
    ("numpy", "argsort", |h, a| sorted(h, a, false)),
    ("ndarray", "argsort", |h, a| sorted(h, a, false)),
    ("ndarray", "sort", sort_in_place),
    ("ndarray", "item", item),
    ("numpy", "negative", |h, a| {
        unary(h, Some(UnaryOp::Neg), a.get(0))
    }),
    ("numpy", "positive", |h, a| {
        unary(h, Some(UnaryOp::Pos), a.get(0))
    }),
    ("numpy", "invert", |h, a| {
        unary(h, Some(UnaryOp::Invert), a.get(0))
    }),
    ("numpy", "bitwise_not", |h, a| {
        unary(h, Some(UnaryOp::Invert), a.get(0))
    }),
    ("numpy", "absolute", |h, a| unary(h, None, a.get(0))),
    ("numpy", "abs", |h, a| unary(h, None, a.get(0))),
];

/// The entries of the text overrides ([`funcs`]) that hold for object
/// arrays as they are: the dtype's and array's properties, conversion and
/// joining.
const SHARED: &[(&str, &str)] = &[
    ("numpy", "array2string"),
    ("dtype", "name"),
    ("dtype", "itemsize"),
    ("dtype", "kind"),
    ("dtype", "char"),
    ("dtype", "str"),
    ("dtype", "type"),
    ("ndarray", "dtype"),
    ("ndarray", "itemsize"),
    ("ndarray", "nbytes"),
    ("ndarray", "device"),
    ("ndarray", "tolist"),
    ("ndarray", "astype"),
    ("numpy", "where"),
    ("numpy", "concatenate"),
    ("numpy", "stack"),
    ("numpy", "vstack"),
    ("numpy", "hstack"),
    ("numpy", "column_stack"),
    ("numpy", "append"),
    ("numpy", "array"),
    ("numpy", "asarray"),
    ("numpy", "result_type"),
    ("numpy", "promote_types"),
    ("numpy", "can_cast"),
    ("numpy", "issubdtype"),
    ("numpy", "min_scalar_type"),
    ("numpy", "common_type"),
    ("numpy", "asanyarray"),
    ("numpy", "zeros_like"),
    ("numpy", "ones_like"),
    ("numpy", "empty_like"),
    ("numpy", "full_like"),
];

/// What runs instead of entry `module.name` when an argument is an object
/// array; `None` when object arrays are not supported there.
pub fn override_for(module: &str, name: &str) -> Option<funcs::Override> {
    let ufunc = BINARY.iter().any(|(n, _)| *n == name)
        || COMPARE.iter().any(|(n, _)| *n == name)
        || METHOD_UFUNCS.contains(&name);
    if module == "numpy" && ufunc {
        return Some(funcs::Override::ByName(ufunc_by_name));
    }
    if let Some((_, _, imp)) = OWN.iter().find(|(m, n, _)| *m == module && *n == name) {
        return Some(funcs::Override::Own(*imp));
    }
    match funcs::override_for(module, name) {
        Some(funcs::Override::OnIndex) => Some(funcs::Override::OnIndex),
        Some(own) if SHARED.contains(&(module, name)) => Some(own),
        _ => None,
    }
}

/// Every entry that takes object arrays, as `(module, name)`.
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    BINARY
        .iter()
        .map(|(n, _)| ("numpy", *n))
        .chain(COMPARE.iter().map(|(n, _)| ("numpy", *n)))
        .chain(METHOD_UFUNCS.iter().map(|n| ("numpy", *n)))
        .chain(OWN.iter().map(|(m, n, _)| (*m, *n)))
        .chain(SHARED.iter().copied())
}

/// A `np.frompyfunc(func, nin, nout)` ufunc: `func` called on the
/// broadcast elements of its `nin` arguments (as object elements), its
/// results gathered into `nout` object arrays.
pub struct FromPyFunc {
    /// The Python function.
    pub func: Value,
    /// `nin`.
    pub nin: usize,
    /// `nout`.
    pub nout: usize,
    /// `__name__`: the function's name and ` (vectorized)`.
    pub name: String,
}

impl FromPyFunc {
    /// `repr`: `<ufunc 'f (vectorized)'>`.
    pub fn repr(&self) -> String {
        format!("<ufunc '{}'>", self.name)
    }

    /// `nin`, `nout`, `nargs`, `__name__`, `identity`, `ntypes`, `types`.
    pub fn attr(&self, name: &str) -> Option<Value> {
        Some(match name {
            "nin" => Value::Int(self.nin as i64),
            "nout" => Value::Int(self.nout as i64),
            "nargs" => Value::Int((self.nin + self.nout) as i64),
            "__name__" => Value::str(self.name.clone()),
            "identity" => Value::None,
            "ntypes" => Value::Int(1),
            "types" => Value::list(vec![Value::str(format!(
                "{}->{}",
                "O".repeat(self.nin),
                "O".repeat(self.nout)
            ))]),
            _ => return None,
        })
    }

    /// Calls it: object arrays (the function's results themselves when
    /// every argument is a scalar), a tuple of them for `nout > 1`.
    pub fn call(
        &self,
        host: &mut dyn Host,
        args: Vec<Value>,
        kwargs: crate::host::Kwargs,
    ) -> Result<Value> {
        if args.len() != self.nin || !kwargs.is_empty() {
            return Err(Error::type_error(format!(
                "{}() takes from {} to {} positional arguments but {} {} given",
                self.name,
                self.nin,
                self.nin + self.nout,
                args.len(),
                if args.len() == 1 { "was" } else { "were" }
            )));
        }
        let ops = args.iter().map(operand).collect::<Result<Vec<_>>>()?;
        let (values, shape) = map_elements(host, &ops, |h, xs| {
            h.call(
                &self.func,
                xs.iter().map(|&x| x.clone()).collect(),
                Vec::new(),
            )
        })?;
        if self.nout == 1 {
            return object_result(values, &shape);
        }
        let mut outs: Vec<Vec<Value>> = vec![Vec::with_capacity(values.len()); self.nout];
        for v in values {
            let items = crate::py::iter::to_vec(&v)?;
            if items.len() != self.nout {
                return Err(Error::value_error(format!(
                    "not enough values to unpack (expected {}, got {})",
                    self.nout,
                    items.len()
                )));
            }
            for (out, item) in outs.iter_mut().zip(items) {
                out.push(item);
            }
        }
        let outs = outs
            .into_iter()
            .map(|o| object_result(o, &shape))
            .collect::<Result<Vec<_>>>()?;
        Ok(Value::tuple(outs))
    }
}

/// `np.frompyfunc(func, /, nin, nout, *, identity=None)`.
fn frompyfunc(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    if !crate::py::attr::callable(&func) {
        return Err(Error::type_error("function must be callable"));
    }
    let count = |v: &Value| -> Result<usize> { Ok(crate::py::num::index_i64(v)?.max(0) as usize) };
    let (nin, nout) = (count(a.get(1))?, count(a.get(2))?);
    let fname = match crate::ops::getattr(&func, "__name__") {
        Ok(Value::Str(s)) => s.to_string(),
        _ => "?".to_string(),
    };
    Ok(Value::Object(Rc::new(crate::value::Object::Callable(
        crate::functools::Callable::FromPyFunc(Box::new(FromPyFunc {
            func,
            nin,
            nout,
            name: format!("{fname} (vectorized)"),
        })),
    ))))
}

/// The entries of the object type and `np.frompyfunc`.
pub const FUNCS: &[crate::table::FuncDef] = &[
    entry!(
        Type,
        NumpyTypes,
        "numpy",
        "object_",
        "(value=None, /)",
        |_: &mut dyn Host, a: &mut Args| {
            Ok(match a.get(0) {
                v @ (Value::List(_) | Value::Tuple(_)) => wrap(from_value(v)?),
                v => v.clone(),
            })
        },
        "NumPy's object type: as a dtype, arrays of any Python values; called, the value itself.",
        ["np.array([1, None], dtype=np.object_)  # array([1, None], dtype=object)"]
    ),
    entry!(
        Function,
        NumpyUfunc,
        "numpy",
        "frompyfunc",
        "(func, /, nin, nout, *, identity=None)",
        frompyfunc,
        "A ufunc calling a Python function on each element; its results are object arrays.",
        ["np.frompyfunc(pow, 2, 1)(np.arange(3), 2)  # array([0, 1, 4], dtype=object)"]
    ),
];
