//! Array creation: `array`, `asarray`, `zeros`/`ones`/`empty`/`full` and
//! their `_like` forms, `arange`, `linspace`, `logspace`, `geomspace`,
//! `eye`, `identity`, `diag`, `diagflat`, `tri`, `tril`, `triu`,
//! `meshgrid`, `indices`, `copy`. Arithmetic on existing arrays
//! (linspace's scaling, tril's mask) goes through npu dispatch.

use xpush_npu::device::default_float;
use xpush_npu::dtype::Elem;
use xpush_npu::ops::{self as nops, BinaryOp, Operand, UnaryOp};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType, Layout, Scalar, WithDType};

use super::compose::{np, shape_value};
use super::conv::{self, array_from, as_array, dtype_arg, opt_int, shape_arg, wrap};
use super::order::{self, Order};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::num::to_f64;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Creation functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyCreate, "numpy", "array", "(object, dtype=None, *, copy=True, order='K', ndmin=0, subok=False)", array_entry,
        "A new array from nested lists/tuples, scalars or arrays, with NumPy's dtype discovery; laid out in order 'C', 'F', or as an array given is ('K', 'A').",
        ["np.array([1, 2.5])  # array([1. , 2.5])", "np.array([[1, 2], [3]])  # ValueError: setting an array element with a sequence. The requested array has an inhomogeneous shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part.", "np.array([1, 2], dtype='f4')  # array([1., 2.], dtype=float32)", "np.array(5, ndmin=2)  # array([[5]])"]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyCreate, "numpy", "frombuffer", "(buffer, dtype=None, count=-1, offset=0)", frombuffer,
        "A 1-d array of the elements a bytes-like buffer holds, of the default float dtype unless dtype says (a copy; NumPy's is a read-only view of the buffer).",
        ["np.frombuffer(b'\\x01\\x02\\x03\\x04', dtype=np.uint8, count=2, offset=1)  # array([2, 3], dtype=uint8)",
         "np.frombuffer(np.arange(3, dtype=np.int16).tobytes(), dtype=np.int16)  # array([0, 1, 2], dtype=int16)",
         "np.frombuffer(b'abc', dtype=np.int16)  # ValueError: buffer size must be a multiple of element size"]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyCreate, "numpy", "fromiter", "(iter, dtype, count=-1)", fromiter,
        "A new 1-d array of the items of an iterable (a generator included), at most count of them.",
        ["np.fromiter(range(3), dtype=float)  # array([0., 1., 2.])", "np.fromiter([1, 2, 3], int, count=2)  # array([1, 2])",
         "np.fromiter([1], dtype=int, count=3)  # ValueError: iterator too short: Expected 3 but iterator had only 1 items."]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, runs = Dispatch, Function, NumpyCreate, "numpy", "asarray", "(a, dtype=None, order=None, *, device=None)", asarray_entry,
        "The input as an array: an array of the right dtype, device and order ('C' or 'F' contiguity, if asked) is returned as is, anything else is converted; device='cpu' or 'npu[:N]' places it.",
        ["np.asarray((1, True))  # array([1, 1])", "a = np.zeros(2); np.asarray(a) is a  # True"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "zeros", "(shape, dtype=None, order='C')", zeros,
        "A new array of zeros (float64 unless dtype is given), in C order or Fortran order (order='F').",
        ["np.zeros(3)  # array([0., 0., 0.])", "np.zeros((2, 1), dtype=int)  # array([[0],\n       [0]])", "np.zeros(-1)  # ValueError: negative dimensions are not allowed", "np.zeros((2, 3), order='F').strides  # (8, 16)"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "ones", "(shape, dtype=None, order='C')", ones,
        "A new array of ones (float64 unless dtype is given).",
        ["np.ones(2, dtype=np.int8)  # array([1, 1], dtype=int8)"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "empty", "(shape, dtype=None, order='C')", empty,
        "A new array (xpush fills it with zeros; NumPy leaves it uninitialised).",
        ["np.empty(2)  # array([0., 0.])"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "full", "(shape, fill_value, dtype=None, order='C')", full,
        "A new array filled with a value (of the value's dtype unless dtype is given).",
        ["np.full(2, 7)  # array([7, 7])", "np.full((1, 2), 1.5, dtype=np.float32)  # array([[1.5, 1.5]], dtype=float32)"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "zeros_like", "(a, dtype=None, order='K', subok=True, shape=None)", zeros_like,
        "Zeros with the shape and dtype of a, laid out as a is (order='K') or in order 'C', 'F' or 'A'.", ["np.zeros_like([1, 2])  # array([0, 0])"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "ones_like", "(a, dtype=None, order='K', subok=True, shape=None)", ones_like,
        "Ones with the shape and dtype of a, laid out as a is (order='K') or in order 'C', 'F' or 'A'.", ["np.ones_like([1.5])  # array([1.])"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "empty_like", "(a, dtype=None, order='K', subok=True, shape=None)", empty_like,
        "An array with the shape, dtype and layout (order=) of a (xpush fills it with zeros, and an object array with None).", ["np.empty_like([1, 2]).shape  # (2,)"]),
    entry!(npu = crate::coverage::how::FILL, runs = Dispatch, Function, NumpyCreate, "numpy", "full_like", "(a, fill_value, dtype=None, order='K', subok=True, shape=None)", full_like,
        "An array with the shape, dtype and layout (order=) of a, filled with a value (cast to the dtype).",
        ["np.full_like([1, 2], 2.7)  # array([2, 2])"]),
    entry!(npu = crate::coverage::how::ARANGE, runs = Dispatch, Function, NumpyCreate, "numpy", "arange", "(start, stop=None, step=None, *, dtype=None)", arange,
        "Evenly spaced values in [start, stop) with NumPy's length rule ceil((stop - start) / step).",
        ["np.arange(5)  # array([0, 1, 2, 3, 4])", "np.arange(1, 2, 0.25)  # array([1.  , 1.25, 1.5 , 1.75])", "np.arange(0, 1, 0)  # ZeroDivisionError: division by zero"]),
    entry!(npu = crate::coverage::how::LINSPACE, runs = Dispatch, Function, NumpyCreate, "numpy", "linspace", "(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)", linspace,
        "num evenly spaced values from start to stop (stop included unless endpoint=False).",
        ["np.linspace(0, 1, 5)  # array([0.  , 0.25, 0.5 , 0.75, 1.  ])", "np.linspace(0, 1, 2, endpoint=False, retstep=True)  # (array([0. , 0.5]), np.float64(0.5))"]),
    entry!(npu = crate::coverage::how::LOGSPACE, runs = Dispatch, Function, NumpyCreate, "numpy", "logspace", "(start, stop, num=50, endpoint=True, base=10.0, dtype=None)", logspace,
        "base ** linspace(start, stop, num).",
        ["np.logspace(0, 2, 3)  # array([  1.,  10., 100.])"]),
    entry!(npu = crate::coverage::how::LOGSPACE, runs = Dispatch, Function, NumpyCreate, "numpy", "geomspace", "(start, stop, num=50, endpoint=True, dtype=None)", geomspace,
        "A geometric progression from start to stop.",
        ["np.geomspace(1, 1000, 4)  # array([   1.,   10.,  100., 1000.])", "np.geomspace(0, 1, 2)  # ValueError: Geometric sequence cannot include zero"]),
    entry!(npu = crate::coverage::how::EYE, runs = Dispatch, Function, NumpyCreate, "numpy", "eye", "(N, M=None, k=0, dtype=None, order='C')", eye,
        "A 2-d array with ones on the k-th diagonal.",
        ["np.eye(2, dtype=int)  # array([[1, 0],\n       [0, 1]])", "np.eye(2, 3, k=1)  # array([[0., 1., 0.],\n       [0., 0., 1.]])"]),
    entry!(npu = crate::coverage::how::EYE, runs = Dispatch, Function, NumpyCreate, "numpy", "identity", "(n, dtype=None)", identity,
        "The n x n identity matrix.", ["np.identity(1)  # array([[1.]])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyCreate, "numpy", "diag", "(v, k=0)", diag,
        "The k-th diagonal of a 2-d array, or a 2-d array with a 1-d array on its k-th diagonal.",
        ["np.diag([1, 2])  # array([[1, 0],\n       [0, 2]])", "np.diag(np.eye(3), 1)  # array([0., 0.])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyCreate, "numpy", "diagflat", "(v, k=0)", diagflat,
        "A 2-d array with the flattened input on its k-th diagonal.",
        ["np.diagflat([[1, 2]])  # array([[1, 0],\n       [0, 2]])"]),
    entry!(npu = crate::coverage::how::TRI, runs = Dispatch, Function, NumpyCreate, "numpy", "tri", "(N, M=None, k=0, dtype=None)", tri,
        "Ones at and below the k-th diagonal, zeros elsewhere.",
        ["np.tri(2, dtype=int)  # array([[1, 0],\n       [1, 1]])"]),
    entry!(npu = crate::coverage::how::TRIL, runs = Dispatch, Function, NumpyCreate, "numpy", "tril", "(m, k=0)", tril,
        "A copy with the elements above the k-th diagonal zeroed.",
        ["np.tril([[1, 2], [3, 4]])  # array([[1, 0],\n       [3, 4]])"]),
    entry!(npu = crate::coverage::how::TRIU, runs = Dispatch, Function, NumpyCreate, "numpy", "triu", "(m, k=0)", triu,
        "A copy with the elements below the k-th diagonal zeroed.",
        ["np.triu([[1, 2], [3, 4]])  # array([[1, 2],\n       [0, 4]])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyCreate, "numpy", "meshgrid", "(*xi, indexing='xy')", meshgrid,
        "Coordinate matrices from coordinate vectors ('xy' Cartesian or 'ij' matrix indexing).",
        ["np.meshgrid([1, 2], [3])  # (array([[1, 2]]), array([[3, 3]]))"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyCreate, "numpy", "indices", "(dimensions, dtype=None, sparse=False)", indices,
        "An array of grid indices, one slab per dimension (sparse=True: a tuple of ramps, each along its own axis).",
        ["np.indices((2,))  # array([[0, 1]])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyCreate, "numpy", "copy", "(a, order='K', subok=False)", copy,
        "A copy of the array, laid out as it is (order='K') or in order 'C', 'F' or 'A'.", ["np.copy([1, 2])  # array([1, 2])", "np.copy(np.arange(6).reshape(2, 3).T).strides  # (8, 24)"]),
];

fn dtype_or(v: &Value, d: DType) -> Result<DType> {
    Ok(dtype_arg(v)?.unwrap_or(d))
}

/// `np.array`, also run when its data holds host arrays (see
/// [`crate::numpy::host`]).
pub fn array_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    with_subarray(host, a, array)
}

/// A creation function from data (`np.array`, `np.asarray`, dtype the
/// second parameter) given a subarray dtype (`dtype=('f8', (2,))`): the
/// array made with the base dtype, each element repeated over the
/// subarray's shape, which NumPy appends to the array's.
fn with_subarray(
    host: &mut dyn Host,
    a: &mut Args,
    make: fn(&mut dyn Host, &mut Args) -> Result<Value>,
) -> Result<Value> {
    let Some((base, sub)) = crate::numpy::host::record::subarray_arg(a.get(1)) else {
        return make(host, a);
    };
    if let Some(d) = a.values.get_mut(1) {
        *d = base.value();
    }
    let made = make(host, a)?;
    let mut shape = shape_arg(&crate::ops::getattr(&made, "shape")?)?;
    let ones = shape.len() + sub.len();
    shape.resize(ones, 1);
    let column = np(host, "reshape", vec![made, shape_value(&shape)])?;
    shape.truncate(ones - sub.len());
    shape.extend(sub);
    let spread = np(host, "broadcast_to", vec![column, shape_value(&shape)])?;
    np(host, "array", vec![spread])
}

/// The shape and dtype a creation function of a shape makes (`np.zeros`
/// and kin): a subarray dtype (`dtype=('f8', (2,))`) is its base dtype,
/// with its shape appended to the array's, as NumPy makes it.
fn shape_and_dtype(shape: &Value, dtype: &Value) -> Result<(Vec<usize>, Value)> {
    let mut s = shape_arg(shape)?;
    Ok(match crate::numpy::host::record::subarray_arg(dtype) {
        Some((base, sub)) => {
            s.extend(sub);
            (s, base.value())
        }
        None => (s, dtype.clone()),
    })
}

fn array(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // `subok=True`: a matrix or masked array stays one (a copy unless
    // `copy=False`); by default it becomes a plain array, and any object
    // with `__array__` the array it gives (np.array sees its argument
    // before the table does that, for this).
    let sub = crate::numpy::matrix::is_matrix(a.get(0)) || crate::numpy::ma::is_ma(a.get(0));
    if sub && crate::ops::truthy(a.get(5))? && a.get(1).is_none() {
        if !crate::ops::truthy(a.get(2))? {
            return Ok(a.get(0).clone());
        }
        let copy = match crate::py::class::getattr(host, a.get(0), "copy") {
            Some(m) => m?,
            None => crate::ops::getattr(a.get(0), "copy")?,
        };
        return host.call(&copy, Vec::new(), Vec::new());
    }
    if let Some(v) = a.values.get_mut(0) {
        *v = crate::table::via_array(host, std::mem::replace(v, Value::None))?;
    }
    let text_dtype = crate::numpy::host::dtype_arg(a.get(1));
    // Objects make an object array only when no dtype is asked for: with
    // one, `np.array(2**70, dtype=float)` is a float array (NumPy).
    if a.get(1).is_none() && crate::numpy::host::object::holds_objects(a.get(0)) {
        let t = crate::numpy::host::object::from_value(a.get(0))?;
        return Ok(crate::numpy::host::wrap(t));
    }
    if text_dtype.is_some() || crate::numpy::host::holds_text(a.get(0)) {
        let t = crate::numpy::host::from_value(a.get(0), text_dtype)?;
        return Ok(crate::numpy::host::wrap(t));
    }
    let dt = dtype_arg(a.get(1))?;
    let copy = crate::ops::truthy(a.get(2))?;
    let order = Order::arg(a.get(3), Order::K)?;
    let mut arr = match (a.get(0), copy, dt) {
        (Value::Array(x), false, None) => {
            order::arranged(x, order)?.unwrap_or_else(|| (**x).clone())
        }
        (Value::Array(x), _, dt) => order::cast(x, dt.unwrap_or(x.dtype()), order)?,
        (v, _, dt) => order::fresh(array_from(v, dt)?, order)?,
    };
    let ndmin = opt_int(a.get(4))?.unwrap_or(0).max(0) as usize;
    if ndmin > 64 {
        return Err(Error::value_error(
            "ndmin bigger than allowable number of dimensions NPY_MAXDIMS (=64)",
        ));
    }
    if arr.ndim() < ndmin {
        let mut shape: Vec<isize> = vec![1; ndmin - arr.ndim()];
        shape.extend(arr.shape().iter().map(|&d| d as isize));
        arr = arr.reshape(&shape)?;
    }
    Ok(wrap(arr))
}

/// The bytes of `data` that `np.frombuffer(data, count=count,
/// offset=offset)` reads for elements of `item` bytes, or NumPy's errors.
pub fn buffer_span(data: &[u8], item: usize, count: i64, offset: i64) -> Result<&[u8]> {
    if offset < 0 || offset as usize > data.len() {
        return Err(Error::value_error(format!(
            "offset must be non-negative and no greater than buffer length ({})",
            data.len()
        )));
    }
    let rest = &data[offset as usize..];
    let item = item.max(1);
    let n = if count < 0 {
        if !rest.len().is_multiple_of(item) {
            return Err(Error::value_error(
                "buffer size must be a multiple of element size",
            ));
        }
        rest.len() / item
    } else {
        let n = count as usize;
        if n.saturating_mul(item) > rest.len() {
            return Err(Error::value_error("buffer is smaller than requested size"));
        }
        n
    };
    Ok(&rest[..n * item])
}

fn frombuffer(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if crate::numpy::host::dtype_arg(a.get(1)).is_some_and(|d| d.kind.is_record()) {
        return crate::numpy::host::record_io::frombuffer(host, a);
    }
    let data = crate::py::bytes::bytes_like(a.get(0))?;
    let dt = dtype_arg(a.get(1))?.unwrap_or_else(default_float);
    let span = buffer_span(
        &data,
        dt.itemsize(),
        crate::py::num::index_i64(a.get(2))?,
        crate::py::num::index_i64(a.get(3))?,
    )?;
    let r = xpush_npu::io::npy::from_bytes(span, dt)?;
    // NumPy's array is a view of the buffer: read-only over immutable
    // `bytes`.
    Ok(wrap(if matches!(a.get(0), Value::Bytes(_)) {
        r.into_read_only()
    } else {
        r
    }))
}

/// `np.fromiter`; with a subarray dtype (`dtype=(int, 2)`) each item is
/// a row of that shape (assigned as NumPy assigns it, so broadcast).
pub(crate) fn fromiter(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sub = crate::numpy::host::record::subarray_arg(a.get(1));
    let dt = match &sub {
        Some((base, _)) => dtype_arg(&base.value())?,
        None => dtype_arg(a.get(1))?,
    };
    let count = crate::py::num::index_i64(a.get(2))?;
    let mut items = Vec::new();
    let mut it = crate::py::lazy::stream(a.get(0))?;
    while count < 0 || (items.len() as i64) < count {
        match it.next(host)? {
            Some(v) => items.push(v),
            None if count >= 0 => {
                return Err(Error::value_error(format!(
                    "iterator too short: Expected {count} but iterator had only {} items.",
                    items.len()
                )))
            }
            None => break,
        }
    }
    let Some((_, shape)) = sub else {
        return Ok(wrap(array_from(&Value::list(items), dt)?));
    };
    let dt = dt.ok_or_else(|| Error::type_error("fromiter needs a dtype"))?;
    let mut full = vec![items.len()];
    full.extend(shape);
    let out = Array::try_zeros(&full, dt)?;
    for (i, item) in items.iter().enumerate() {
        let row = array_from(item, Some(dt))?;
        nops::set_index(&out, &[nops::Index::Int(i as isize)], Operand::Array(&row))?;
    }
    Ok(wrap(out))
}

/// `np.asarray`, also run when its data holds host arrays.
pub fn asarray_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    with_subarray(host, a, asarray)
}

fn asarray(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let text_dtype = crate::numpy::host::dtype_arg(a.get(1));
    match (a.get(0), text_dtype) {
        (Value::HostArray(t), d) if d.is_none_or(|d| d == t.dtype()) && t.is_scalar() => {
            return Ok(crate::numpy::host::wrap(t.as_array()));
        }
        (v @ Value::HostArray(t), d) if d.is_none_or(|d| d == t.dtype()) => return Ok(v.clone()),
        (v, None) if a.get(1).is_none() && crate::numpy::host::object::holds_objects(v) => {
            return Ok(crate::numpy::host::wrap(
                crate::numpy::host::object::from_value(v)?,
            ));
        }
        (v, d) if d.is_some() || crate::numpy::host::holds_text(v) => {
            return Ok(crate::numpy::host::wrap(crate::numpy::host::from_value(
                v, d,
            )?));
        }
        _ => {}
    }
    let dt = dtype_arg(a.get(1))?;
    let order = Order::arg(a.get(2), Order::K)?;
    let dev = match a.get(3) {
        Value::None => None,
        v => Some(super::attrs::device_arg(v)?),
    };
    let same =
        |x: &Array| (dt.is_none() || dt == Some(x.dtype())) && dev.is_none_or(|d| d == x.device());
    match a.get(0) {
        v @ Value::Array(x) if same(x) && !order::needs_copy(x, order) => Ok(v.clone()),
        Value::Array(x) if same(x) => Ok(wrap(order::copy(x, order)?)),
        v => {
            let x = order::fresh(array_from(v, dt)?, order)?;
            Ok(wrap(match dev {
                Some(d) => x.to_device(d)?,
                None => xpush_npu::device::place(x)?,
            }))
        }
    }
}

/// A new array of `shape` and `dt` with every element `value` on the
/// session device: built on the host for a cpu session, made on the
/// device in an npu session (`aclnnInplaceFillScalar`, no host copy);
/// `value` is cast to `dt` as `Array::full` casts it.
fn filled(
    shape: &[usize],
    dt: DType,
    value: Scalar,
    host: impl FnOnce() -> Result<Array>,
) -> Result<Array> {
    let dev = xpush_npu::device::placement().device;
    if dev == xpush_npu::device::Device::Cpu {
        return host();
    }
    let v = Array::full(&[], value, dt).item()?;
    xpush_npu::device::full_on(dev, shape, dt, v)
}

pub(crate) fn zeros(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    filled_or_zeros(a, HostFill::Zero)
}

pub(crate) fn empty(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    filled_or_zeros(a, HostFill::Empty)
}

/// What a new host array (text, time or object dtype) holds.
#[derive(Clone, Copy)]
enum HostFill<'a> {
    /// `np.zeros`: the empty string, the epoch or zero span, the int 0.
    Zero,
    /// `np.empty`: as zeros, but `None` in an object array (NumPy's
    /// uninitialised object array).
    Empty,
    /// `np.full`/`np.ones`: a value converted to the dtype, broadcast.
    Value(&'a Value),
}

/// A new host array of `shape` and `t` holding `fill`.
fn host_filled(shape: &[usize], t: crate::numpy::host::HostDType, fill: HostFill) -> Result<Value> {
    use crate::numpy::host::{Cell, HostArray, HostDType, HostKind};
    if let HostFill::Value(v) = fill {
        // A flexible `'U'` (width 0) takes the value's width.
        let made = crate::numpy::host::from_value(v, Some(t))?;
        let index = made.index().broadcast_to(shape)?;
        return Ok(crate::numpy::host::wrap(
            made.select(index.to_contiguous())?,
        ));
    }
    if t.kind.is_record() {
        let records = match fill {
            HostFill::Empty => crate::numpy::host::record::empty(t, shape)?,
            _ => crate::numpy::host::record::zeros(t, shape)?,
        };
        return Ok(crate::numpy::host::wrap(records));
    }
    let t = HostDType {
        width: if t.kind.is_text() { t.width.max(1) } else { 0 },
        ..t
    };
    let cell = match (fill, t.kind) {
        (HostFill::Zero, HostKind::Object) => Cell::Obj(Value::Int(0)),
        (_, kind) => Cell::empty(kind),
    };
    let n = shape.iter().product();
    Ok(crate::numpy::host::wrap(HostArray::new(
        t,
        vec![cell; n],
        shape,
    )?))
}

/// `np.zeros` and `np.empty`: zeros, or the host array `fill` makes.
fn filled_or_zeros(a: &Args, fill: HostFill) -> Result<Value> {
    let (shape, dtype) = shape_and_dtype(a.get(0), a.get(1))?;
    let axes = order::creation_axes(a.get(2), shape.len())?;
    if let Some(t) = crate::numpy::host::dtype_arg(&dtype) {
        return host_filled(&shape, t, fill);
    }
    let dt = dtype_or(&dtype, default_float())?;
    conv::size_check(&shape, dt)?;
    Ok(wrap(order::new_in(&shape, axes, |s| {
        filled(s, dt, Scalar::Bool(false), || Array::try_zeros(s, dt))
    })?))
}

pub(crate) fn ones(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (shape, dtype) = shape_and_dtype(a.get(0), a.get(1))?;
    let axes = order::creation_axes(a.get(2), shape.len())?;
    if let Some(t) = crate::numpy::host::dtype_arg(&dtype) {
        return host_filled(&shape, t, HostFill::Value(&Value::Int(1)));
    }
    let dt = dtype_or(&dtype, default_float())?;
    conv::size_check(&shape, dt)?;
    Ok(wrap(new_filled(&shape, axes, dt, Scalar::Bool(true))?))
}

/// A new array of `shape`, laid out in the axis order `axes`, with every
/// element `value` cast to `dt` (see [`filled`]).
fn new_filled(shape: &[usize], axes: order::Axes, dt: DType, value: Scalar) -> Result<Array> {
    order::new_in(shape, axes, |s| {
        filled(s, dt, value, || Array::try_full(s, value, dt))
    })
}

pub(crate) fn full(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (shape, dtype) = shape_and_dtype(a.get(0), a.get(2))?;
    let axes = order::creation_axes(a.get(3), shape.len())?;
    let fill = a.get(1);
    let host_dtype = crate::numpy::host::dtype_arg(&dtype);
    if let Some(t) = host_dtype {
        return host_filled(&shape, t, HostFill::Value(fill));
    }
    let objects = dtype.is_none() && crate::numpy::host::object::holds_objects(fill);
    if objects || crate::numpy::host::holds_text(fill) {
        let t = if objects {
            crate::numpy::host::object::from_value(fill)?
        } else {
            crate::numpy::host::from_value(fill, None)?
        };
        let index = t.index().broadcast_to(&shape)?;
        return Ok(crate::numpy::host::wrap(t.select(index.to_contiguous())?));
    }
    let sequence = match fill {
        Value::List(_) | Value::Tuple(_) => true,
        Value::Array(x) => x.ndim() > 0,
        _ => false,
    };
    if sequence {
        let src = as_array(fill)?;
        let dt = dtype_or(&dtype, src.dtype())?;
        conv::size_check(&shape, dt)?;
        let out =
            order::new_in(&shape, axes, |s| Array::try_zeros(s, dt))?.to_device(src.device())?;
        let b = src.broadcast_to(&shape)?;
        nops::set_index(&out, &[nops::Index::Ellipsis], Operand::Array(&b))?;
        return Ok(wrap(out));
    }
    let s = conv::to_scalar(fill)?;
    let dt = dtype_or(&dtype, s.dtype())?;
    conv::size_check(&shape, dt)?;
    Ok(wrap(new_filled(&shape, axes, dt, s)?))
}

/// The dtype of a `*_like` result.
enum LikeDType {
    Num(DType),
    Host(crate::numpy::host::HostDType),
}

/// The shape, dtype and axis order of a `*_like` result: `a`'s (a host
/// array's too), or those asked for (`dtype` at `at`, `order` after it,
/// `shape` three after it).
fn like(a: &Args, at: usize) -> Result<(Vec<usize>, LikeDType, order::Axes)> {
    let order = Order::arg(a.get(at + 1), Order::K)?;
    let (shape, own, layout) = match a.get(0) {
        Value::HostArray(t) => (t.shape().to_vec(), LikeDType::Host(t.dtype()), None),
        v => {
            let x = as_array(v)?;
            (
                x.shape().to_vec(),
                LikeDType::Num(x.dtype()),
                Some(x.layout().clone()),
            )
        }
    };
    let shape = match a.get(at + 3) {
        Value::None => shape,
        s => shape_arg(s)?,
    };
    let axes = match &layout {
        Some(l) => order::like_axes(order, l, shape.len()),
        None => None,
    };
    let dt = match (a.get(at), own) {
        (Value::None, own) => own,
        (d, _) => match crate::numpy::host::dtype_arg(d) {
            Some(t) => LikeDType::Host(t),
            None => LikeDType::Num(dtype_or(d, DType::Float64)?),
        },
    };
    if let LikeDType::Num(d) = dt {
        conv::size_check(&shape, d)?;
    }
    Ok((shape, dt, axes))
}

pub(crate) fn zeros_like(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match like(a, 1)? {
        (shape, LikeDType::Host(t), _) => host_filled(&shape, t, HostFill::Zero)?,
        (shape, LikeDType::Num(dt), axes) => wrap(order::new_in(&shape, axes, |s| {
            filled(s, dt, Scalar::Bool(false), || Array::try_zeros(s, dt))
        })?),
    })
}

pub(crate) fn empty_like(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match like(a, 1)? {
        (shape, LikeDType::Host(t), _) => host_filled(&shape, t, HostFill::Empty),
        _ => zeros_like(h, a),
    }
}

pub(crate) fn ones_like(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match like(a, 1)? {
        (shape, LikeDType::Host(t), _) => host_filled(&shape, t, HostFill::Value(&Value::Int(1)))?,
        (shape, LikeDType::Num(dt), axes) => {
            wrap(new_filled(&shape, axes, dt, Scalar::Bool(true))?)
        }
    })
}

pub(crate) fn full_like(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match like(a, 2)? {
        (shape, LikeDType::Host(t), _) => host_filled(&shape, t, HostFill::Value(a.get(1)))?,
        // An array fill value is broadcast to the shape (NumPy's `copyto`).
        (shape, LikeDType::Num(dt), _)
            if matches!(a.get(1), Value::List(_) | Value::Tuple(_) | Value::Array(_)) =>
        {
            let f = xpush_npu::ops::cast(&as_array(a.get(1))?, dt)?;
            wrap(nops::copy(&f.broadcast_to(&shape)?)?)
        }
        (shape, LikeDType::Num(dt), axes) => {
            let s = conv::to_scalar(a.get(1))?;
            wrap(new_filled(&shape, axes, dt, s)?)
        }
    })
}

/// An arange bound: an int or a float.
enum Num {
    I(i64),
    F(f64),
}

fn num_arg(v: &Value) -> Result<Num> {
    Ok(match v {
        Value::Bool(b) => Num::I(i64::from(*b)),
        Value::Int(i) => Num::I(*i),
        Value::Scalar(s) if s.dtype().is_integer() || s.dtype().is_bool() => {
            Num::I(s.as_f64() as i64)
        }
        Value::Scalar(s) => Num::F(s.as_f64()),
        Value::Float(f) => Num::F(*f),
        other => Num::F(to_f64(other)?),
    })
}

/// `np.arange`, also run when a bound is a datetime (see
/// [`crate::numpy::host`]).
pub fn arange_entry(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arange(host, a)
}

fn arange(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // Dates: a time dtype, or a datetime (or ISO string) bound.
    let time_dtype = crate::numpy::host::dtype_arg(a.get(3)).filter(|d| d.kind.is_time());
    let time_bound = [a.get(0), a.get(1)].into_iter().any(|v| {
        crate::numpy::host::times::is_time(v)
            || (matches!(v, Value::Str(_)) && time_dtype.is_some())
    });
    if time_dtype.is_some() || time_bound {
        let t = crate::numpy::host::times::arange(a.get(0), a.get(1), a.get(2), time_dtype)?;
        return Ok(crate::numpy::host::wrap(t));
    }
    let (start, stop, step) = match (a.get(0), a.get(1)) {
        (stop, Value::None) => (Value::Int(0), stop.clone(), a.get(2).clone()),
        (start, stop) => (start.clone(), stop.clone(), a.get(2).clone()),
    };
    let step = if step.is_none() { Value::Int(1) } else { step };
    let dt = dtype_arg(a.get(3))?;
    let r = match (num_arg(&start)?, num_arg(&stop)?, num_arg(&step)?) {
        (Num::I(s), Num::I(e), Num::I(k)) => {
            let dt = dt.unwrap_or(DType::Int64);
            let dev = xpush_npu::device::placement().device;
            let n = int_len(s, e, k);
            // Too large: arange_int raises NumPy's error.
            let on_device = match conv::alloc_check(&[n], dt) {
                Ok(()) => xpush_npu::device::arange_on(dev, s, k, n, dt)?,
                Err(_) => None,
            };
            match on_device {
                Some(r) => r,
                None => Array::arange_int(s, e, k, dt)?,
            }
        }
        (s, e, k) => {
            let f = |n: Num| match n {
                Num::I(i) => i as f64,
                Num::F(f) => f,
            };
            Array::arange_float(f(s), f(e), f(k), dt.unwrap_or(default_float()))?
        }
    };
    Ok(wrap(r))
}

/// NumPy's arange length for integer bounds, `ceil((e - s) / k)` at least
/// 0 (0 for a zero step, which `Array::arange_int` refuses).
fn int_len(s: i64, e: i64, k: i64) -> usize {
    if k == 0 {
        return 0;
    }
    let (d, k) = (e as i128 - s as i128, k as i128);
    let n = if k > 0 {
        (d + k - 1) / k
    } else {
        (d + k + 1) / k
    };
    usize::try_from(n.max(0)).unwrap_or(0)
}

fn num_of(v: &Value) -> Result<usize> {
    let n = opt_int(v)?.unwrap_or(50);
    let n = usize::try_from(n).map_err(|_| {
        Error::value_error(format!("Number of samples, {n}, must be non-negative."))
    })?;
    conv::alloc_check(&[n], DType::Float64)?;
    Ok(n)
}

/// `0, 1, ..., n - 1` of `dtype` on the session device: the ramp the
/// computed creation functions (linspace, logspace, geomspace, indices)
/// start from, so their arithmetic runs where the result lives (through
/// aclnn on the NPU, as the ops table says) rather than on the host.
pub(crate) fn ramp(n: usize, dtype: DType) -> Result<Array> {
    let dev = xpush_npu::device::placement().device;
    if let Some(r) = xpush_npu::device::arange_on(dev, 0, 1, n, dtype)? {
        return Ok(r);
    }
    xpush_npu::device::place(Array::arange_int(0, n as i64, 1, dtype)?)
}

/// NumPy's linspace on float64: `arange(num) * step + start`, the last
/// element set to `stop`; returns the array and the step.
fn linspace_f64(start: f64, stop: f64, num: usize, endpoint: bool) -> Result<(Array, f64)> {
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let delta = stop - start;
    if num == 0 {
        let step = if endpoint {
            f64::NAN
        } else {
            delta / num as f64
        };
        return Ok((Array::zeros(&[0], DType::Float64), step));
    }
    let y = ramp(num, DType::Float64)?;
    let (y, step) = if div > 0 {
        let step = delta / div as f64;
        let y = if step == 0.0 {
            let q = nops::binary_op(
                BinaryOp::TrueDivide,
                Operand::Array(&y),
                Operand::PyFloat(div as f64),
            )?;
            nops::binary_op(
                BinaryOp::Multiply,
                Operand::Array(&q),
                Operand::PyFloat(delta),
            )?
        } else {
            nops::binary_op(
                BinaryOp::Multiply,
                Operand::Array(&y),
                Operand::PyFloat(step),
            )?
        };
        (y, step)
    } else {
        let y = nops::binary_op(
            BinaryOp::Multiply,
            Operand::Array(&y),
            Operand::PyFloat(delta),
        )?;
        (y, f64::NAN)
    };
    let y = nops::binary_op(BinaryOp::Add, Operand::Array(&y), Operand::PyFloat(start))?;
    if endpoint && num > 1 {
        y.set(&[-1], Scalar::Float64(stop))?;
    }
    Ok((y, step))
}

/// The float64 result `y` in the asked dtype (the session's default
/// float when none was asked).
fn finish(y: Array, dt: Option<DType>) -> Result<Array> {
    match dt.unwrap_or_else(default_float) {
        d if d == y.dtype() => Ok(y),
        d if d.is_integer() => nops::cast(&nops::unary(UnaryOp::Floor, &y)?, d),
        d => nops::cast(&y, d),
    }
}

/// `np.linspace` of array end points or along another axis, as NumPy
/// computes it: `arange(num)` down axis 0 times the step (or divided,
/// then times the span, where a step is 0), plus `start`, the last row
/// `stop` exactly, moved to `axis`, floored for an integer dtype.
fn linspace_arrays(host: &mut dyn Host, a: &Args, num: usize) -> Result<Value> {
    use super::compose::{bin, np, np_kw};
    use xpush_lang::ast::BinOp;
    let start = np(host, "asarray", vec![a.get(0).clone()])?;
    let stop = np(host, "asarray", vec![a.get(1).clone()])?;
    let endpoint = crate::ops::truthy(a.get(3))?;
    let div = if endpoint { num.saturating_sub(1) } else { num };
    // (Python numbers are weak: `linspace(float32_array, 3)` is float32.)
    let weak = |v: &Value, arr: &Value| match v {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Complex(_) => v.clone(),
        _ => arr.clone(),
    };
    let dt = np(
        host,
        "result_type",
        vec![
            weak(a.get(0), &start),
            weak(a.get(1), &stop),
            Value::Float(1.0),
        ],
    )?;
    let delta = np_kw(
        host,
        "subtract",
        vec![stop.clone(), start.clone()],
        &[("dtype", dt.clone())],
    )?;
    let nd = np(host, "ndim", vec![delta.clone()])?;
    let mut shape = vec![Value::Int(-1)];
    shape.extend(std::iter::repeat_n(
        Value::Int(1),
        crate::py::num::index_i64(&nd)? as usize,
    ));
    let y = np_kw(
        host,
        "arange",
        vec![Value::Int(0), Value::Int(num as i64)],
        &[("dtype", dt)],
    )?;
    let y = np(host, "reshape", vec![y, Value::tuple(shape)])?;
    let (y, step) = if div > 0 {
        let step = bin(BinOp::Div, &delta, &Value::Int(div as i64))?;
        let zero = crate::ops::compare(xpush_lang::ast::CmpOp::Eq, &step, &Value::Int(0))?;
        let y = if crate::ops::truthy(&np(host, "any", vec![zero])?)? {
            bin(
                BinOp::Mul,
                &bin(BinOp::Div, &y, &Value::Int(div as i64))?,
                &delta,
            )?
        } else {
            bin(BinOp::Mul, &y, &step)?
        };
        (y, step)
    } else {
        (bin(BinOp::Mul, &y, &delta)?, Value::Float(f64::NAN))
    };
    let y = bin(BinOp::Add, &y, &start)?;
    if endpoint && num > 1 {
        let last = Value::tuple(vec![Value::Int(-1), Value::Ellipsis]);
        crate::py::index::setitem(&y, &last, stop)?;
    }
    let axis = super::conv::opt_int(a.get(6))?.unwrap_or(0);
    let y = match axis {
        0 => y,
        ax => np(host, "moveaxis", vec![y, Value::Int(0), Value::Int(ax)])?,
    };
    let y = match dtype_arg(a.get(5))? {
        Some(d) if d.is_integer() => {
            let f = np(host, "floor", vec![y])?;
            super::compose::method(host, &f, "astype", vec![Value::DType(d)])?
        }
        Some(d) => super::compose::method(host, &y, "astype", vec![Value::DType(d)])?,
        None => y,
    };
    if crate::ops::truthy(a.get(4))? {
        return Ok(Value::tuple(vec![y, step]));
    }
    Ok(y)
}

fn linspace(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let num = num_of(a.get(2))?;
    let scalar = |v: &Value| {
        matches!(
            v,
            Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Scalar(_)
        )
    };
    let axis = super::conv::opt_int(a.get(6))?.unwrap_or(0);
    if !scalar(a.get(0)) || !scalar(a.get(1)) || axis != 0 {
        return linspace_arrays(host, a, num);
    }
    let (start, stop) = (to_f64(a.get(0))?, to_f64(a.get(1))?);
    let endpoint = crate::ops::truthy(a.get(3))?;
    let (y, step) = linspace_f64(start, stop, num, endpoint)?;
    let y = wrap(finish(y, dtype_arg(a.get(5))?)?);
    if crate::ops::truthy(a.get(4))? {
        return Ok(Value::tuple(vec![y, conv::scalar(Scalar::Float64(step))]));
    }
    Ok(y)
}

fn logspace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (start, stop) = (to_f64(a.get(0))?, to_f64(a.get(1))?);
    let num = num_of(a.get(2))?;
    let (y, _) = linspace_f64(start, stop, num, crate::ops::truthy(a.get(3))?)?;
    let base = to_f64(a.get(4))?;
    let r = nops::binary_op(BinaryOp::Power, Operand::PyFloat(base), Operand::Array(&y))?;
    Ok(wrap(finish(r, dtype_arg(a.get(5))?)?))
}

fn geomspace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (start, stop) = (to_f64(a.get(0))?, to_f64(a.get(1))?);
    if start == 0.0 || stop == 0.0 {
        return Err(Error::value_error("Geometric sequence cannot include zero"));
    }
    let num = num_of(a.get(2))?;
    let endpoint = crate::ops::truthy(a.get(3))?;
    let sign = start.signum();
    let (s, e) = (start / sign, stop / sign);
    let (y, _) = linspace_f64(s.log10(), e.log10(), num, endpoint)?;
    let r = nops::binary_op(BinaryOp::Power, Operand::PyFloat(10.0), Operand::Array(&y))?;
    if num > 0 {
        r.set(&[0], Scalar::Float64(s))?;
    }
    if num > 1 && endpoint {
        r.set(&[-1], Scalar::Float64(e))?;
    }
    let r = nops::binary_op(
        BinaryOp::Multiply,
        Operand::PyFloat(sign),
        Operand::Array(&r),
    )?;
    Ok(wrap(finish(r, dtype_arg(a.get(4))?)?))
}

fn dim(v: &Value) -> Result<usize> {
    let n = opt_int(v)?.unwrap_or(0);
    usize::try_from(n).map_err(|_| Error::value_error("negative dimensions are not allowed"))
}

/// A host-built `n x m` 0/1 matrix: `one(i, j)` decides each element.
fn matrix01(n: usize, m: usize, dt: DType, one: impl Fn(i64, i64) -> bool) -> Result<Array> {
    conv::alloc_check(&[n, m], dt)?;
    let shape = [n, m];
    let storage = xpush_npu::with_dtype!(dt, T => {
        let (zero, unit) = (T::from_elem(Elem::Bool(false)), T::from_elem(Elem::Bool(true)));
        let mut v: Vec<T> = xpush_npu::pool::with_capacity(n * m, &shape, dt)?;
        v.extend((0..n * m).map(|p| {
            if one((p / m.max(1)) as i64, (p % m.max(1)) as i64) { unit } else { zero }
        }));
        T::wrap_vec(v)
    });
    Array::from_storage(storage, &shape)
}

fn eye(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = dim(a.get(0))?;
    let m = if a.get(1).is_none() {
        n
    } else {
        dim(a.get(1))?
    };
    let k = opt_int(a.get(2))?.unwrap_or(0);
    let dt = dtype_or(a.get(3), default_float())?;
    let order = Order::creation(a.get(4))?;
    let on_device = if k == 0 {
        eye_on_device(n, m, dt)?
    } else {
        None
    };
    let r = match on_device {
        Some(r) => r,
        None => matrix01(n, m, dt, |i, j| j - i == k)?,
    };
    Ok(wrap(order::arranged(&r, order)?.unwrap_or(r)))
}

/// The `n` x `m` identity made on the session's NPU (`aclnnEye`, no host
/// copy); `None` in a cpu session.
fn eye_on_device(n: usize, m: usize, dt: DType) -> Result<Option<Array>> {
    let dev = xpush_npu::device::placement().device;
    if dev == xpush_npu::device::Device::Cpu {
        return Ok(None);
    }
    conv::alloc_check(&[n, m], dt)?;
    Ok(Some(xpush_npu::device::eye_on(dev, n, m, dt)?))
}

fn identity(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = dim(a.get(0))?;
    let dt = dtype_or(a.get(1), default_float())?;
    if let Some(r) = eye_on_device(n, n, dt)? {
        return Ok(wrap(r));
    }
    Ok(wrap(matrix01(n, n, dt, |i, j| i == j)?))
}

fn tri_array(n: usize, m: usize, k: i64, dt: DType) -> Result<Array> {
    matrix01(n, m, dt, |i, j| j - i <= k)
}

fn tri(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = dim(a.get(0))?;
    let m = if a.get(1).is_none() {
        n
    } else {
        dim(a.get(1))?
    };
    let k = opt_int(a.get(2))?.unwrap_or(0);
    let dt = dtype_or(a.get(3), default_float())?;
    // NumPy's tri is a bool `greater_equal.outer` first, cast to `dtype`
    // after: a refusal names the bool array.
    conv::alloc_check(&[n, m], DType::Bool)?;
    if let Some(t) = tri_on_device(n, m, k, true, dt)? {
        return Ok(wrap(t));
    }
    Ok(wrap(tri_array(n, m, k, dt)?))
}

/// `np.tri(n, m, k)` of `dt` made on the session's NPU: ones
/// (aclnnInplaceFillScalar) with the part above diagonal `k` zeroed
/// (aclnnTril, or `where` for complex), or with `lower` false the part
/// below it (`triu(ones, k)`, aclnnTriu); `None` in a cpu session.
pub(crate) fn tri_on_device(
    n: usize,
    m: usize,
    k: i64,
    lower: bool,
    dt: DType,
) -> Result<Option<Array>> {
    if xpush_npu::device::placement().device == xpush_npu::device::Device::Cpu {
        return Ok(None);
    }
    conv::alloc_check(&[n, m], dt)?;
    let ones = filled(&[n, m], dt, Scalar::Bool(true), || {
        Array::try_ones(&[n, m], dt)
    })?;
    Ok(Some(tri_mask(&ones, k, lower)?))
}

fn tri_mask(m: &Array, k: i64, lower: bool) -> Result<Array> {
    if m.ndim() < 2 {
        return Err(Error::value_error("input array must be at least 2-d"));
    }
    if let Some(r) = xpush_npu::device::tri_on_device(m, k, lower)? {
        return Ok(r);
    }
    let nd = m.ndim();
    let (r, c) = (m.shape()[nd - 2], m.shape()[nd - 1]);
    let t = tri_array(r, c, if lower { k } else { k - 1 }, DType::Bool)?.to_device(m.device())?;
    let zero = Array::zeros(&[], m.dtype());
    if lower {
        nops::where_(&t, Operand::Array(m), Operand::Array(&zero))
    } else {
        nops::where_(&t, Operand::Array(&zero), Operand::Array(m))
    }
}

fn tril(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = as_array(a.get(0))?;
    Ok(wrap(tri_mask(&m, opt_int(a.get(1))?.unwrap_or(0), true)?))
}

fn triu(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = as_array(a.get(0))?;
    Ok(wrap(tri_mask(&m, opt_int(a.get(1))?.unwrap_or(0), false)?))
}

/// The k-th diagonal of a 2-d array as a view.
fn diagonal_view(m: &Array, k: i64) -> Result<Array> {
    let l = m.layout();
    let (r, c) = (l.shape[0] as i64, l.shape[1] as i64);
    let (row0, col0) = if k >= 0 { (0, k) } else { (-k, 0) };
    let len = (r - row0).min(c - col0).max(0) as usize;
    let offset = if len == 0 {
        l.offset
    } else {
        (l.offset as isize + row0 as isize * l.strides[0] + col0 as isize * l.strides[1]) as usize
    };
    Ok(m.with_layout(Layout {
        shape: vec![len],
        strides: vec![l.strides[0] + l.strides[1]],
        offset,
    }))
}

fn diag_of(v: &Array, k: i64) -> Result<Array> {
    match v.ndim() {
        1 => {
            let n = v.shape()[0] + k.unsigned_abs() as usize;
            let out = Array::zeros(&[n, n], v.dtype()).to_device(v.device())?;
            let d = diagonal_view(&out, k)?;
            nops::set_index(&d, &[nops::Index::Ellipsis], Operand::Array(v))?;
            Ok(out)
        }
        2 => nops::copy(&diagonal_view(v, k)?),
        _ => Err(Error::value_error("Input must be 1- or 2-d.")),
    }
}

fn diag(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = as_array(a.get(0))?;
    Ok(wrap(diag_of(&v, opt_int(a.get(1))?.unwrap_or(0))?))
}

fn diagflat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = as_array(a.get(0))?.reshape(&[-1])?;
    Ok(wrap(diag_of(&v, opt_int(a.get(1))?.unwrap_or(0))?))
}

fn meshgrid(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let ij = match a.get(0) {
        Value::Str(s) if &**s == "ij" => true,
        Value::Str(s) if &**s == "xy" => false,
        _ => {
            return Err(Error::value_error(
                "Valid values for `indexing` are 'xy' and 'ij'.",
            ))
        }
    };
    let xs: Vec<Array> = a
        .rest
        .iter()
        .map(|v| as_array(v)?.reshape(&[-1]))
        .collect::<Result<_>>()?;
    let nd = xs.len();
    let mut shapes: Vec<Vec<isize>> = (0..nd)
        .map(|i| {
            let mut s = vec![1isize; nd];
            s[i] = -1;
            s
        })
        .collect();
    if !ij && nd > 1 {
        shapes[0].swap(0, 1);
        shapes[1].swap(0, 1);
    }
    let parts: Vec<Array> = xs
        .iter()
        .zip(&shapes)
        .map(|(x, s)| x.reshape(s))
        .collect::<Result<_>>()?;
    let shape_refs: Vec<&[usize]> = parts.iter().map(|p| p.shape()).collect();
    let full = xpush_npu::layout::broadcast_shapes(&shape_refs)?;
    for p in &parts {
        conv::alloc_check(&full, p.dtype())?;
    }
    let out: Vec<Value> = parts
        .iter()
        .map(|p| Ok(wrap(nops::copy(&p.broadcast_to(&full)?)?)))
        .collect::<Result<_>>()?;
    Ok(Value::tuple(out))
}

fn indices(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dims = shape_arg(a.get(0))?;
    let dt = dtype_or(a.get(1), DType::Int64)?;
    let nd = dims.len();
    if crate::ops::truthy(a.get(2))? {
        // `sparse=True`: one ramp per axis, along that axis only.
        return Ok(Value::tuple(
            dims.iter()
                .enumerate()
                .map(|(i, &n)| {
                    let mut s = vec![1isize; nd];
                    s[i] = n as isize;
                    Ok(wrap(ramp(n, dt)?.reshape(&s)?))
                })
                .collect::<Result<_>>()?,
        ));
    }
    let mut all = vec![nd];
    all.extend(&dims);
    conv::alloc_check(&all, dt)?;
    let mut slabs = Vec::with_capacity(nd);
    for (i, &n) in dims.iter().enumerate() {
        let r = ramp(n, dt)?;
        let mut s = vec![1isize; nd];
        s[i] = n as isize;
        let b = r.reshape(&s)?.broadcast_to(&dims)?;
        let mut one = vec![1isize];
        one.extend(dims.iter().map(|&d| d as isize));
        slabs.push(nops::copy(&b)?.reshape(&one)?);
    }
    if slabs.is_empty() {
        return Ok(wrap(Array::zeros(&[0], dt)));
    }
    Ok(wrap(nops::concatenate(&slabs, Some(0))?))
}

fn copy(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    Ok(wrap(order::copy(&x, Order::arg(a.get(1), Order::K)?)?))
}
