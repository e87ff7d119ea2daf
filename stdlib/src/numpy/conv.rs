//! Conversions between language values and the array runtime: nested
//! lists to arrays with NumPy's dtype discovery, dtype arguments, ufunc
//! operands (Python scalars stay weak, NEP 50), axes, shapes and indices.

use std::rc::Rc;

use num_traits::ToPrimitive;
use xpush_npu::dtype::Elem;
use xpush_npu::ops::{Index, Operand};
use xpush_npu::promote::{check_pycomplex, check_pyfloat, check_pyint, promote_types};
use xpush_npu::{Array, DType, Scalar, WithDType};

use crate::ops::type_name;
use crate::table::{self, Kind};
use crate::value::Value;
use crate::{Error, Result};

/// Wraps an array as a value.
pub fn wrap(a: Array) -> Value {
    a.mark_visible();
    Value::Array(Rc::new(a))
}

/// The complex array of dtype `dtype` (complex64 or complex128) whose
/// real and imaginary parts are `re` and `im`, broadcast together. Built
/// part by part, not as `re + im * 1j`, which turns an infinite part into
/// NaNs (`inf * 1j` is `nan+infj`).
pub fn complex_from_parts(re: &Array, im: &Array, dtype: DType) -> Result<Array> {
    let shape = xpush_npu::layout::broadcast_shapes(&[re.shape(), im.shape()])?;
    // On the parts' device (an NPU's when either is there), as their own
    // arithmetic would leave it.
    let device = if re.device().is_npu() {
        re.device()
    } else {
        im.device()
    };
    let re = re
        .broadcast_to(&shape)?
        .astype(DType::Float64)
        .to_vec::<f64>()?;
    let im = im
        .broadcast_to(&shape)?
        .astype(DType::Float64)
        .to_vec::<f64>()?;
    let z: Vec<num_complex::Complex64> = re
        .into_iter()
        .zip(im)
        .map(|(r, i)| num_complex::Complex64::new(r, i))
        .collect();
    xpush_npu::ToDevice::to_device(&Array::from_vec(z, &shape)?.astype(dtype), device)
}

/// Wraps a NumPy scalar as a value.
pub fn scalar(s: Scalar) -> Value {
    Value::Scalar(s)
}

/// A ufunc or reduction result: a 0-d array becomes a NumPy scalar, as
/// NumPy returns scalars from operations on scalars and full reductions.
pub fn wrap_result(a: Array) -> Result<Value> {
    if a.ndim() == 0 {
        Ok(scalar(a.item()?))
    } else {
        Ok(wrap(a))
    }
}

/// Whether `v` is an array or a NumPy scalar.
pub fn is_numpy(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Scalar(_))
}

/// The dtype named by a `dtype=` argument: a dtype object, a string
/// (`'f4'`), a NumPy scalar type (`np.float32`) or a Python type (`float`
/// is float64, `int` int64, `complex` complex128, `bool` bool). `None` is
/// `None`.
pub fn dtype_arg(v: &Value) -> Result<Option<DType>> {
    let bad = || {
        Error::type_error(format!(
            "Cannot interpret '{}' as a data type",
            crate::ops::repr(v)
        ))
    };
    Ok(Some(match v {
        Value::None => return Ok(None),
        Value::DType(d) => *d,
        Value::Str(s) => DType::parse(s)?,
        Value::Array(a) => a.dtype(),
        Value::Builtin(id) => {
            let d = table::get(*id);
            if d.kind != Kind::Type {
                return Err(bad());
            }
            match (d.module, d.name) {
                ("builtins", "int") => DType::Int64,
                ("builtins", "float") => DType::Float64,
                ("builtins", "complex") => DType::Complex128,
                ("builtins", "bool") => DType::Bool,
                ("numpy", name) => DType::parse(name).map_err(|_| bad())?,
                _ => return Err(bad()),
            }
        }
        _ => return Err(bad()),
    }))
}

/// A Python int as `i128`, or NumPy's OverflowError beyond.
pub fn pyint(v: &Value) -> Result<i128> {
    match v {
        Value::Bool(b) => Ok(i128::from(*b)),
        Value::Int(i) => Ok(i128::from(*i)),
        Value::BigInt(b) => b
            .to_i128()
            .ok_or_else(|| Error::overflow("Python int too large to convert to C long")),
        _ => Err(Error::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            type_name(v)
        ))),
    }
}

/// One element discovered while converting nested sequences.
#[derive(Clone, Copy)]
struct Leaf {
    elem: Elem,
    /// What the element was when it was a Python number (checked against
    /// the array's dtype as NumPy 2 checks the values it packs).
    py: Py,
}

/// The Python number a [`Leaf`] came from.
#[derive(Clone, Copy)]
enum Py {
    /// Not a Python number (a NumPy scalar or an array's element: cast).
    No,
    /// A Python int (saturated at `i128`'s range: "too large" either way).
    Int(i128),
    /// A Python float.
    Float(f64),
    /// A Python complex.
    Complex,
    /// A NumPy scalar inside a sequence: packed like an assignment
    /// through basic indexing (checked as a Python number for a signed
    /// integer dtype, cast otherwise).
    Numpy(Elem),
}

impl Leaf {
    /// The element stored into `dtype`: the Python number's range, NaN,
    /// infinity and complex checks ([`check_pyint`], [`check_pyfloat`],
    /// [`check_pycomplex`]).
    fn check(&self, dtype: DType) -> Result<()> {
        match self.py {
            // bool takes any number's truth value.
            _ if dtype.is_bool() => Ok(()),
            Py::No => Ok(()),
            Py::Int(i) => check_pyint(i, dtype),
            Py::Float(f) => check_pyfloat(f, dtype),
            Py::Complex => check_pycomplex(dtype),
            Py::Numpy(_) if !dtype.is_signed_integer() => Ok(()),
            Py::Numpy(e) => match e {
                Elem::Bool(_) => Ok(()),
                Elem::Int(i) => check_pyint(i128::from(i), dtype),
                Elem::UInt(u) => check_pyint(i128::from(u), dtype),
                Elem::Float(f) | Elem::Complex(f, _) => check_pyfloat(f, dtype),
            },
        }
    }
}

/// State of [`discover`]: NumPy's shape discovery of nested sequences.
struct Discovery {
    shape: Vec<usize>,
    /// Depth at which the first scalar was seen (sequences at or below
    /// it are ragged).
    max_depth: usize,
    ragged: bool,
    /// A Python int beyond `u64` and `i64` was seen ([`big_leaf`]).
    too_large: bool,
    dtype: Option<DType>,
    leaves: Vec<Leaf>,
}

impl Discovery {
    fn add_dtype(&mut self, d: DType) {
        self.dtype = Some(self.dtype.map_or(d, |o| promote_types(o, d)));
    }

    fn dims(&mut self, depth: usize, dims: &[usize]) -> bool {
        for (k, &n) in dims.iter().enumerate() {
            let at = depth + k;
            if at >= self.max_depth {
                self.ragged = true;
                return false;
            }
            if at == self.shape.len() {
                self.shape.push(n);
            } else if self.shape[at] != n {
                self.ragged = true;
                self.shape.truncate(at);
                self.max_depth = at;
                return false;
            }
        }
        true
    }

    fn leaf_depth(&mut self, depth: usize) {
        if depth < self.shape.len() {
            self.ragged = true;
            self.shape.truncate(depth);
        }
        self.max_depth = self.max_depth.min(depth);
    }
}

/// A Python int beyond `u64` and `i64` as a leaf: its value as a float
/// (what an inexact `dtype=` stores), checked as too large for any
/// integer dtype; the dtype it discovers is none, so that without
/// `dtype=` the array is NumPy's OverflowError (NumPy makes an object
/// array, which xpush does not have yet).
fn big_leaf(b: &num_bigint::BigInt) -> Leaf {
    use num_traits::Signed;
    let sat = if b.is_negative() {
        i128::MIN
    } else {
        i128::MAX
    };
    Leaf {
        elem: Elem::Float(b.to_f64().unwrap_or(f64::INFINITY)),
        py: Py::Int(b.to_i128().unwrap_or(sat)),
    }
}

fn leaf_of(v: &Value) -> Result<Option<(Leaf, Option<DType>)>> {
    let l = |elem, py| Leaf { elem, py };
    Ok(Some(match v {
        Value::Bool(b) => (l(Elem::Bool(*b), Py::No), Some(DType::Bool)),
        Value::Int(i) => (
            l(Elem::Int(*i), Py::Int(i128::from(*i))),
            Some(DType::Int64),
        ),
        Value::BigInt(b) => match b.to_u64() {
            Some(u) => (
                l(Elem::UInt(u), Py::Int(i128::from(u))),
                Some(DType::UInt64),
            ),
            None => (big_leaf(b), None),
        },
        Value::Float(f) => (l(Elem::Float(*f), Py::Float(*f)), Some(DType::Float64)),
        Value::Complex(c) => (
            l(Elem::Complex(c.re, c.im), Py::Complex),
            Some(DType::Complex128),
        ),
        Value::Scalar(s) => (l(s.to_elem(), Py::No), Some(s.dtype())),
        _ => return Ok(None),
    }))
}

fn discover(v: &Value, depth: usize, st: &mut Discovery) -> Result<()> {
    if depth > 64 {
        return Err(Error::value_error(
            "maximum supported dimension for an ndarray is currently 64",
        ));
    }
    match v {
        Value::List(_) | Value::Tuple(_) => {
            let items = crate::py::iter::to_vec(v)?;
            if !st.dims(depth, &[items.len()]) {
                return Ok(());
            }
            for item in &items {
                discover(item, depth + 1, st)?;
                if st.ragged {
                    return Ok(());
                }
            }
            Ok(())
        }
        Value::Array(a) => {
            if !st.dims(depth, a.shape()) {
                return Ok(());
            }
            if a.ndim() == 0 {
                st.leaf_depth(depth);
            }
            st.add_dtype(a.dtype());
            st.leaves.extend(
                a.to_elems()
                    .into_iter()
                    .map(|elem| Leaf { elem, py: Py::No }),
            );
            Ok(())
        }
        Value::Range(_) => discover(&Value::list(crate::py::iter::to_vec(v)?), depth, st),
        // A namedtuple is its tuple, a deque the list of its items.
        Value::Object(_) | Value::Instance(_) => match crate::collections::as_sequence(v) {
            Some(seq) => discover(&seq, depth, st),
            None => Err(not_an_element(v)),
        },
        _ => match leaf_of(v)? {
            Some((mut leaf, dt)) => {
                if let (Value::Scalar(s), true) = (v, depth > 0) {
                    leaf.py = Py::Numpy(s.to_elem());
                }
                st.leaf_depth(depth);
                if st.ragged {
                    return Ok(());
                }
                match dt {
                    Some(dt) => st.add_dtype(dt),
                    None => st.too_large = true,
                }
                st.leaves.push(leaf);
                Ok(())
            }
            None => Err(not_an_element(v)),
        },
    }
}

/// The TypeError for a value an array cannot hold.
fn not_an_element(v: &Value) -> Error {
    Error::type_error(format!(
        "xpush arrays cannot hold '{}' elements",
        type_name(v)
    ))
}

/// Builds a contiguous array of `dtype` from widened elements (cast with
/// `astype` rules).
pub fn from_elems(elems: &[Elem], shape: &[usize], dtype: DType) -> Result<Array> {
    let storage = xpush_npu::with_dtype!(dtype, T => {
        T::wrap_vec(elems.iter().map(|&e| T::from_elem(e)).collect())
    });
    Array::from_storage(storage, shape)
}

/// NumPy's error for nested sequences whose lengths disagree below
/// `shape`.
pub fn inhomogeneous(shape: &[usize]) -> Error {
    Error::value_error(format!(
        "setting an array element with a sequence. The requested array has an inhomogeneous shape after {} dimensions. The detected shape was {} + inhomogeneous part.",
        shape.len(),
        xpush_npu::layout::shape_repr(shape)
    ))
}

/// `np.array(v, dtype=dtype)`: nested lists and tuples, scalars and arrays,
/// with NumPy's dtype discovery (Python ints are int64, floats float64,
/// complex complex128, bools bool, mixed kinds promote) and its ragged
/// error. Always a new array.
pub fn array_from(v: &Value, dtype: Option<DType>) -> Result<Array> {
    if let Value::Array(a) = v {
        // A copy in the array's own memory order, as NumPy's 'K'.
        let d = dtype.unwrap_or(a.dtype());
        return super::order::cast(a, d, super::order::Order::K);
    }
    if let Some(d) = dtype {
        if crate::numpy::host::object::holds_non_numbers(v) {
            // NumPy casts each object as `float(x)`/`int(x)` would; a
            // list left as an element is a ragged sequence.
            let objects = crate::numpy::host::object::from_value(v)?;
            let ragged = objects
                .cells()
                .iter()
                .any(|c| matches!(c.to_value(), Value::List(_) | Value::Tuple(_)));
            if ragged {
                return Err(inhomogeneous(objects.shape()));
            }
            return crate::numpy::host::object::to_numeric(&objects, d);
        }
    }
    let mut st = Discovery {
        shape: Vec::new(),
        max_depth: usize::MAX,
        ragged: false,
        too_large: false,
        dtype: None,
        leaves: Vec::new(),
    };
    discover(v, 0, &mut st)?;
    if st.ragged {
        return Err(inhomogeneous(&st.shape));
    }
    if st.too_large && dtype.is_none() {
        return Err(Error::overflow("Python int too large to convert to C long"));
    }
    // Discovered floats take the session's default float (float32 on the npu).
    let dt = match (dtype, st.dtype) {
        (Some(d), _) => d,
        (None, None | Some(DType::Float64)) => xpush_npu::device::default_float(),
        (None, Some(d)) => d,
    };
    for leaf in &st.leaves {
        leaf.check(dt)?;
    }
    let elems: Vec<Elem> = st.leaves.iter().map(|l| l.elem).collect();
    // Python values become arrays on the session device.
    xpush_npu::device::place(from_elems(&elems, &st.shape, dt)?)
}

/// `np.asarray(v)`: an array value is returned as is (a view of the same
/// data); anything else is converted with [`array_from`].
pub fn as_array(v: &Value) -> Result<Array> {
    match v {
        Value::Array(a) => Ok((**a).clone()),
        Value::Scalar(s) => Ok(Array::from_scalar(*s)),
        _ => array_from(v, None),
    }
}

/// A ufunc operand: an owned array (NumPy scalars, Python bools and
/// sequences become arrays) or a weak Python scalar.
pub enum Arg {
    /// An array (strongly typed).
    Arr(Array),
    /// A Python int.
    Int(i128),
    /// A Python float.
    Float(f64),
    /// A Python complex.
    Complex(f64, f64),
}

impl Arg {
    /// The operand npu's dispatch takes.
    pub fn op(&self) -> Operand<'_> {
        match self {
            Arg::Arr(a) => Operand::Array(a),
            Arg::Int(i) => Operand::PyInt(*i),
            Arg::Float(f) => Operand::PyFloat(*f),
            Arg::Complex(re, im) => Operand::PyComplex(*re, *im),
        }
    }

    /// The operand as an array (weak scalars take their default dtype).
    pub fn into_array(self) -> Result<Array> {
        Ok(match self {
            Arg::Arr(a) => a,
            Arg::Int(i) => {
                let v = i64::try_from(i)
                    .map_err(|_| Error::overflow("Python int too large to convert to C long"))?;
                Array::from_scalar(Scalar::Int64(v))
            }
            Arg::Float(f) => Array::from_scalar(Scalar::Float64(f)),
            Arg::Complex(re, im) => {
                Array::from_scalar(Scalar::Complex128(num_complex::Complex64::new(re, im)))
            }
        })
    }
}

/// Converts a value to a ufunc operand.
pub fn arg(v: &Value) -> Result<Arg> {
    Ok(match v {
        Value::Int(_) | Value::BigInt(_) => Arg::Int(pyint(v)?),
        Value::Float(f) => Arg::Float(*f),
        Value::Complex(c) => Arg::Complex(c.re, c.im),
        _ => Arg::Arr(as_array(v)?),
    })
}

/// An optional int argument (`None` is `None`).
pub fn opt_int(v: &Value) -> Result<Option<i64>> {
    match v {
        Value::None => Ok(None),
        other => crate::py::num::index_i64(other).map(Some),
    }
}

/// `axis=`: `None`, an int or a tuple of ints.
pub fn axes_arg(v: &Value) -> Result<Option<Vec<isize>>> {
    match v {
        Value::None => Ok(None),
        Value::Tuple(items) => items
            .iter()
            .map(|x| Ok(crate::py::num::index_i64(x)? as isize))
            .collect::<Result<Vec<_>>>()
            .map(Some),
        other => Ok(Some(vec![opt_int(other)?.unwrap_or(0) as isize])),
    }
}

/// A shape argument: an int or a sequence of ints (negative sizes are
/// NumPy's ValueError).
pub fn shape_arg(v: &Value) -> Result<Vec<usize>> {
    let dims: Vec<i64> = match v {
        Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(v)?
            .iter()
            .map(|x| opt_int(x).map(|o| o.unwrap_or(0)))
            .collect::<Result<_>>()?,
        other => vec![opt_int(other)?.unwrap_or(0)],
    };
    dims.into_iter()
        .map(|d| {
            usize::try_from(d)
                .map_err(|_| Error::value_error("negative dimensions are not allowed"))
        })
        .collect()
}

/// NumPy's ValueError for an array of more bytes than the address space
/// has; the bytes otherwise.
pub fn size_check(shape: &[usize], dtype: DType) -> Result<u128> {
    shape
        .iter()
        .try_fold(dtype.itemsize() as u128, |acc, &d| acc.checked_mul(d as u128))
        .filter(|&b| b <= isize::MAX as u128)
        .ok_or_else(|| {
            Error::value_error(
                "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
            )
        })
}

/// [`size_check`], and NumPy's `_ArrayMemoryError` when the allocator
/// refuses a buffer of that size ([`xpush_npu::pool::check`]), for the
/// creators that build their result by other means than the fallible
/// constructors (`np.zeros`, `np.ones`, `np.full` and `np.empty` are
/// those: the allocator's refusal is that error at any size).
pub fn alloc_check(shape: &[usize], dtype: DType) -> Result<()> {
    size_check(shape, dtype)?;
    xpush_npu::pool::check(shape, dtype)
}

/// Signed dims for `reshape` (`-1` allowed).
pub fn reshape_dims(args: &[Value]) -> Result<Vec<isize>> {
    let items: Vec<Value> = match args {
        [one @ (Value::List(_) | Value::Tuple(_))] => crate::py::iter::to_vec(one)?,
        many => many.to_vec(),
    };
    items
        .iter()
        .map(|x| Ok(opt_int(x)?.unwrap_or(0) as isize))
        .collect()
}

/// A slice bound or step, clamped to the index range as CPython's
/// `PySlice_Unpack` clamps it (`a[10**20:]` is empty, not an OverflowError).
fn bound(v: &Value) -> Result<Option<isize>> {
    use num_traits::Signed;
    match v {
        Value::BigInt(b) if b.is_negative() => Ok(Some(isize::MIN)),
        Value::BigInt(_) => Ok(Some(isize::MAX)),
        Value::Scalar(s) if matches!(s.to_elem(), Elem::UInt(u) if u > i64::MAX as u64) => {
            Ok(Some(isize::MAX))
        }
        _ => Ok(opt_int(v)?.map(|i| i as isize)),
    }
}

fn index_item(v: &Value, out: &mut Vec<Index>) -> Result<()> {
    let invalid = || {
        Error::index_error(
            "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices",
        )
    };
    match v {
        Value::Int(i) => out.push(Index::Int(*i as isize)),
        Value::BigInt(_) => {
            return Err(Error::index_error(format!(
                "index {} is out of bounds",
                crate::ops::repr(v)
            )))
        }
        Value::Bool(b) => out.push(Index::BoolArray(Array::from_scalar(Scalar::Bool(*b)))),
        Value::None => out.push(Index::NewAxis),
        Value::Ellipsis => out.push(Index::Ellipsis),
        Value::Slice(s) => out.push(Index::Slice {
            start: bound(&s.start)?,
            stop: bound(&s.stop)?,
            step: bound(&s.step)?,
        }),
        Value::Scalar(s) => match s.dtype() {
            DType::Bool => out.push(Index::BoolArray(Array::from_scalar(*s))),
            d if d.is_integer() => out.push(Index::Int(match s.to_elem() {
                Elem::UInt(u) => isize::try_from(u)
                    .map_err(|_| Error::overflow("Python int too large to convert to C long"))?,
                Elem::Int(i) => i as isize,
                e => e.as_f64() as isize,
            })),
            _ => return Err(invalid()),
        },
        // A 0-d integer array is an integer index, as in NumPy.
        Value::Array(a) if a.ndim() == 0 && a.dtype().is_integer() => {
            index_item(&Value::Scalar(a.item()?), out)?
        }
        Value::List(_) | Value::Array(_) => {
            let a = match v {
                Value::List(l) if l.borrow().is_empty() => Array::zeros(&[0], DType::Int64),
                _ => as_array(v)?,
            };
            match a.dtype() {
                DType::Bool => out.push(Index::BoolArray(a)),
                d if d.is_integer() => out.push(Index::IntArray(a)),
                _ => {
                    return Err(Error::index_error(
                        "arrays used as indices must be of integer (or boolean) type",
                    ))
                }
            }
        }
        _ => return Err(invalid()),
    }
    Ok(())
}

/// A subscript as npu's index items (a tuple is one item per element).
pub fn index_items(index: &Value) -> Result<Vec<Index>> {
    let mut out = Vec::new();
    match index {
        Value::Tuple(items) => {
            for item in items.iter() {
                index_item(item, &mut out)?;
            }
        }
        other => index_item(other, &mut out)?,
    }
    Ok(out)
}

/// A scalar as a Python number (`a.item()`, `a.tolist()` elements).
pub fn to_python(s: &Scalar) -> Value {
    elem_value(s.to_elem())
}

/// An element as a Python number.
pub fn elem_value(e: Elem) -> Value {
    match e {
        Elem::Bool(b) => Value::Bool(b),
        Elem::Int(i) => Value::Int(i),
        Elem::UInt(u) => match i64::try_from(u) {
            Ok(i) => Value::Int(i),
            Err(_) => Value::from_bigint(num_bigint::BigInt::from(u)),
        },
        Elem::Float(f) => Value::Float(f),
        Elem::Complex(re, im) => Value::Complex(num_complex::Complex64::new(re, im)),
    }
}

/// `int(a)`, `float(a)`, `complex(a)` of an array or NumPy scalar: its
/// only element as a Python number (NumPy's TypeError for larger arrays);
/// other values are returned unchanged.
pub fn py_number(v: &Value) -> Result<Value> {
    match v {
        Value::Scalar(s) => Ok(to_python(s)),
        Value::Array(a) if a.ndim() == 0 => Ok(to_python(&a.item()?)),
        Value::Array(_) => Err(Error::type_error(
            "only 0-dimensional arrays can be converted to Python scalars",
        )),
        other => Ok(other.clone()),
    }
}

/// A Python scalar value to an npu scalar with NumPy's default dtypes
/// (for `np.full` fill values and `np.float32(x)`).
pub fn to_scalar(v: &Value) -> Result<Scalar> {
    Ok(match v {
        Value::Scalar(s) => *s,
        Value::Bool(b) => Scalar::Bool(*b),
        Value::Int(i) => Scalar::Int64(*i),
        Value::BigInt(b) => match b.to_u64() {
            Some(u) => Scalar::UInt64(u),
            None => return Err(Error::overflow("Python int too large to convert to C long")),
        },
        Value::Float(f) => Scalar::Float64(*f),
        Value::Complex(c) => Scalar::Complex128(*c),
        Value::Array(a) if a.size() == 1 => a.item()?,
        _ => {
            return Err(Error::type_error(format!(
                "expected a number, got '{}'",
                type_name(v)
            )))
        }
    })
}

/// `axes=` that may also be a list (`[0, 1]`): `None`, an int, or a tuple
/// or list of ints.
pub fn axes_seq(v: &Value) -> Result<Option<Vec<isize>>> {
    match v {
        Value::List(_) => axes_arg(&Value::tuple(crate::py::iter::to_vec(v)?)),
        other => axes_arg(other),
    }
}
