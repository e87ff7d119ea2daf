//! Indexing and searching routines (`take`, `put`, `take_along_axis`,
//! `put_along_axis`, `choose`, `compress`, `extract`, `select`, `place`,
//! `nonzero`, `argwhere`, `flatnonzero`, `searchsorted`, `diagonal`,
//! `trace`, `fill_diagonal`, `ix_`, `tril_indices`, `triu_indices`,
//! `diag_indices` and their `_from` forms) and the `ndarray` methods that
//! mirror them. The work is in `xpush_npu::ops::select`.

use xpush_npu::ops::manip as m;
use xpush_npu::ops::select::{self as sel, ClipMode};
use xpush_npu::{Array, DType};

use super::conv::{arg, as_array, dtype_arg, opt_int, wrap, wrap_result};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::iter::to_vec;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Indexing and searching entries (numpy functions and ndarray methods).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "take", "(a, indices, axis=None, out=None, mode='raise')", take,
        "Elements (or slices along an axis) at the given indices; mode 'wrap' or 'clip' for out-of-range ones.",
        ["np.take([4, 5, 6], [0, 2])  # array([4, 6])", "np.take([4, 5, 6], 5)  # IndexError: index 5 is out of bounds for axis 0 with size 3"]),
    entry!(npu = crate::coverage::how::SCATTER, runs = Dispatch, Function, NumpyManip, "numpy", "put", "(a, ind, v, mode='raise')", put,
        "Writes values at flat indices of an array, in place (values repeat as needed).",
        ["a = np.zeros(3, dtype=int); np.put(a, [0, 2], 7); a  # array([7, 0, 7])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "take_along_axis", "(arr, indices, axis=-1)", take_along_axis,
        "Elements picked along an axis by an index array of the same number of dimensions.",
        ["np.take_along_axis(np.array([[3, 1], [2, 4]]), np.array([[1], [0]]), axis=1)  # array([[1],\n       [2]])"]),
    entry!(npu = crate::coverage::how::SCATTER, runs = Dispatch, Function, NumpyManip, "numpy", "put_along_axis", "(arr, indices, values, axis)", put_along_axis,
        "Writes values along an axis at an index array's positions, in place.",
        ["a = np.zeros((2, 2)); np.put_along_axis(a, np.array([[1], [0]]), 5, axis=1); a  # array([[0., 5.],\n       [5., 0.]])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "choose", "(a, choices, out=None, mode='raise')", choose,
        "Each element taken from the choice its index names.", ["np.choose([0, 1, 0], [[1, 2, 3], [10, 20, 30]])  # array([ 1, 20,  3])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "compress", "(condition, a, axis=None, out=None)", compress,
        "The slices along an axis where a 1-d condition is true.", ["np.compress([True, False, True], [1, 2, 3])  # array([1, 3])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "extract", "(condition, arr)", extract,
        "The elements where the condition is true, flattened.", ["np.extract(np.array([[1, 0], [0, 1]]), [[1, 2], [3, 4]])  # array([1, 4])"]),
    entry!(npu = crate::coverage::how::SELECT, runs = Dispatch, Function, NumpyManip, "numpy", "select", "(condlist, choicelist, default=0)", select,
        "From the choice of the first true condition, else the default.",
        ["np.select([np.array([True, False]), np.array([True, True])], [1, 2], 0)  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SCATTER, runs = Dispatch, Function, NumpyManip, "numpy", "place", "(arr, mask, vals)", place,
        "Writes values (repeated as needed) where a mask is true, in place.",
        ["a = np.arange(4); np.place(a, a > 1, [9]); a  # array([0, 1, 9, 9])"]),
    entry!(npu = crate::coverage::how::NONZERO, runs = Dispatch, Function, NumpyManip, "numpy", "nonzero", "(a)", nonzero,
        "The indices of the nonzero elements, one array per axis.", ["np.nonzero([0, 3, 0, 4])  # (array([1, 3]),)"]),
    entry!(npu = crate::coverage::how::NONZERO, runs = Dispatch, Function, NumpyManip, "numpy", "argwhere", "(a)", argwhere,
        "The indices of the nonzero elements as rows.", ["np.argwhere([[0, 1], [1, 0]])  # array([[0, 1],\n       [1, 0]])"]),
    entry!(npu = crate::coverage::how::NONZERO, runs = Dispatch, Function, NumpyManip, "numpy", "flatnonzero", "(a)", flatnonzero,
        "The flat indices of the nonzero elements.", ["np.flatnonzero([[0, 1], [1, 0]])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::SEARCHSORTED, runs = Dispatch, Function, NumpyManip, "numpy", "searchsorted", "(a, v, side='left', sorter=None)", searchsorted,
        "Where to insert values into a sorted 1-d array to keep it sorted.",
        ["np.searchsorted([1, 2, 2, 3], 2)  # np.int64(1)", "np.searchsorted([1, 2, 2, 3], [2, 5], side='right')  # array([3, 4])"]),
    entry!(Function, NumpyManip, "numpy", "diagonal", "(a, offset=0, axis1=0, axis2=1)", diagonal,
        "The diagonal of the plane of two axes (appended as the last axis), as a view.",
        ["np.diagonal([[1, 2], [3, 4]])  # array([1, 4])", "np.diagonal([[1, 2], [3, 4]], 1)  # array([2])"]),
    entry!(npu = crate::coverage::how::TRACE, runs = Dispatch, Function, NumpyManip, "numpy", "trace", "(a, offset=0, axis1=0, axis2=1, dtype=None, out=None)", trace,
        "The sum along a diagonal.", ["np.trace(np.eye(3))  # np.float64(3.0)"]),
    entry!(npu = crate::coverage::how::SCATTER, runs = Dispatch, Function, NumpyManip, "numpy", "fill_diagonal", "(a, val, wrap=False)", fill_diagonal,
        "Writes a value on the main diagonal, in place.", ["a = np.zeros((2, 2), dtype=int); np.fill_diagonal(a, 5); a  # array([[5, 0],\n       [0, 5]])"]),
    entry!(npu = crate::coverage::how::BUILT_ON_HOST, Function, NumpyManip, "numpy", "ix_", "(*args)", ix,
        "Open-mesh index arrays from 1-d sequences (for a[np.ix_(rows, cols)]).",
        ["np.ix_([0, 1], [2])  # (array([[0],\n       [1]]), array([[2]]))"]),
    entry!(npu = crate::coverage::how::TRI_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "tril_indices", "(n, k=0, m=None)", tril_indices,
        "Row and column indices of the lower triangle of an (n, m) array.",
        ["np.tril_indices(2)  # (array([0, 1, 1]), array([0, 0, 1]))"]),
    entry!(npu = crate::coverage::how::TRI_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "triu_indices", "(n, k=0, m=None)", triu_indices,
        "Row and column indices of the upper triangle of an (n, m) array.",
        ["np.triu_indices(2)  # (array([0, 0, 1]), array([0, 1, 1]))"]),
    entry!(npu = crate::coverage::how::TRI_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "tril_indices_from", "(arr, k=0)", tril_indices_from,
        "tril_indices for the shape of a 2-d array.", ["np.tril_indices_from(np.zeros((2, 2)))  # (array([0, 1, 1]), array([0, 0, 1]))"]),
    entry!(npu = crate::coverage::how::TRI_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "triu_indices_from", "(arr, k=0)", triu_indices_from,
        "triu_indices for the shape of a 2-d array.", ["np.triu_indices_from(np.zeros((2, 2)), 1)  # (array([0]), array([1]))"]),
    entry!(npu = crate::coverage::how::DIAG_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "diag_indices", "(n, ndim=2)", diag_indices,
        "Indices of the main diagonal of an n x ... x n array.", ["np.diag_indices(2)  # (array([0, 1]), array([0, 1]))"]),
    entry!(npu = crate::coverage::how::DIAG_INDICES, runs = Dispatch, Function, NumpyManip, "numpy", "diag_indices_from", "(arr)", diag_indices_from,
        "diag_indices for the shape of an array with equal dimensions.", ["np.diag_indices_from(np.zeros((2, 2)))  # (array([0, 1]), array([0, 1]))"]),
    entry!(npu = crate::coverage::how::NONZERO, runs = Dispatch, Method, NdArray, "ndarray", "nonzero", "(self, /)", nonzero,
        "The indices of the nonzero elements, one array per axis.", ["np.array([0, 2]).nonzero()  # (array([1]),)"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Method, NdArray, "ndarray", "take", "(self, /, indices, axis=None, out=None, mode='raise')", take,
        "Elements (or slices along an axis) at the given indices.", ["np.array([4, 5, 6]).take([2, 0])  # array([6, 4])"]),
    entry!(npu = crate::coverage::how::SCATTER, runs = Dispatch, Method, NdArray, "ndarray", "put", "(self, /, indices, values, mode='raise')", put,
        "Writes values at flat indices, in place.", ["a = np.zeros(2); a.put(1, 3); a  # array([0., 3.])"]),
    entry!(Method, NdArray, "ndarray", "diagonal", "(self, /, offset=0, axis1=0, axis2=1)", diagonal,
        "The diagonal of the plane of two axes, as a view.", ["np.eye(2).diagonal()  # array([1., 1.])"]),
    entry!(npu = crate::coverage::how::TRACE, runs = Dispatch, Method, NdArray, "ndarray", "trace", "(self, /, offset=0, axis1=0, axis2=1, dtype=None, out=None)", trace,
        "The sum along a diagonal.", ["np.eye(2, dtype=int).trace()  # np.int64(2)"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Method, NdArray, "ndarray", "repeat", "(self, /, repeats, axis=None)", repeat_method,
        "Each element repeated (flattened for axis=None).", ["np.array([1, 2]).repeat(2)  # array([1, 1, 2, 2])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Method, NdArray, "ndarray", "compress", "(self, /, condition, axis=None, out=None)", compress_method,
        "The slices along an axis where a 1-d condition is true.", ["np.array([1, 2, 3]).compress([0, 1, 1])  # array([2, 3])"]),
    entry!(npu = crate::coverage::how::SEARCHSORTED, runs = Dispatch, Method, NdArray, "ndarray", "searchsorted", "(self, /, v, side='left', sorter=None)", searchsorted,
        "Where to insert values into this sorted 1-d array.", ["np.array([1, 3]).searchsorted(2)  # np.int64(1)"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Method, NdArray, "ndarray", "choose", "(self, /, choices, out=None, mode='raise')", choose,
        "Each element taken from the choice this array's index names.", ["np.array([1, 0]).choose([[1, 2], [3, 4]])  # array([3, 2])"]),
];

/// Refuses `out=` (not supported here).
fn no_out(v: &Value, name: &str) -> Result<()> {
    if v.is_none() {
        Ok(())
    } else {
        Err(Error::not_implemented(format!(
            "out= of {name} is not available in xpush"
        )))
    }
}

fn clip_mode(v: &Value) -> Result<ClipMode> {
    match v {
        Value::Str(s) => ClipMode::parse(s),
        other => Err(Error::type_error(format!(
            "clipmode must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

fn opt_axis(v: &Value) -> Result<Option<isize>> {
    Ok(opt_int(v)?.map(|i| i as isize))
}

/// An index-array argument (an empty list is int64, as NumPy's intp).
fn index_array(v: &Value) -> Result<Array> {
    match v {
        Value::List(l) if l.borrow().is_empty() => Ok(Array::zeros(&[0], DType::Int64)),
        other => as_array(other),
    }
}

fn take(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let idx = index_array(a.get(1))?;
    no_out(a.get(3), "take")?;
    let mode = clip_mode(a.get(4))?;
    wrap_result(sel::take(&x, &idx, opt_axis(a.get(2))?, mode)?)
}

/// The array argument of an in-place function (NumPy's TypeError for
/// anything else).
fn target<'a>(v: &'a Value, what: &str) -> Result<&'a Array> {
    match v {
        Value::Array(x) => Ok(x),
        other => Err(Error::type_error(format!(
            "{what} must be numpy.ndarray, not <class '{}'>",
            crate::ops::type_name(other)
        ))),
    }
}

fn put(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = target(a.get(0), "argument 1")?;
    let idx = index_array(a.get(1))?;
    let v = as_array(a.get(2))?;
    sel::put(x, &idx, &v, clip_mode(a.get(3))?)?;
    Ok(Value::None)
}

fn take_along_axis(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let idx = as_array(a.get(1))?;
    Ok(wrap(sel::take_along_axis(&x, &idx, opt_axis(a.get(2))?)?))
}

fn put_along_axis(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = target(a.get(0), "arr")?;
    let idx = as_array(a.get(1))?;
    let v = arg(a.get(2))?;
    sel::put_along_axis(x, &idx, v.op(), opt_axis(a.get(3))?)?;
    Ok(Value::None)
}

fn choose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let choices: Vec<Array> = super::manip::arrays(a.get(1))?;
    no_out(a.get(2), "choose")?;
    wrap_result(sel::choose(&x, &choices, clip_mode(a.get(3))?)?)
}

fn compress(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = as_array(a.get(0))?;
    let x = as_array(a.get(1))?;
    no_out(a.get(3), "compress")?;
    Ok(wrap(sel::compress(&c, &x, opt_axis(a.get(2))?)?))
}

fn compress_method(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let c = as_array(a.get(1))?;
    no_out(a.get(3), "compress")?;
    Ok(wrap(sel::compress(&c, &x, opt_axis(a.get(2))?)?))
}

fn extract(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = as_array(a.get(0))?;
    let x = as_array(a.get(1))?;
    Ok(wrap(sel::extract(&c, &x)?))
}

fn array_list(v: &Value) -> Result<Vec<Array>> {
    to_vec(v)?.iter().map(as_array).collect()
}

fn select(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let conds = array_list(a.get(0))?;
    // Python scalars stay weak, as NumPy 2's select keeps them.
    let choices: Vec<super::conv::Arg> = crate::py::iter::to_vec(a.get(1))?
        .iter()
        .map(super::conv::arg)
        .collect::<Result<_>>()?;
    let choices: Vec<xpush_npu::ops::Operand> = choices.iter().map(|c| c.op()).collect();
    let default = super::conv::arg(a.get(2))?;
    Ok(wrap(sel::select(&conds, &choices, &default.op())?))
}

fn place(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = match a.get(0) {
        Value::Array(x) => x,
        other => {
            return Err(Error::type_error(format!(
                "place() argument 1 must be numpy.ndarray, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    let mask = as_array(a.get(1))?;
    let v = as_array(a.get(2))?;
    sel::place(x, &mask, &v)?;
    Ok(Value::None)
}

fn tuple_of(v: Vec<Array>) -> Value {
    Value::tuple(v.into_iter().map(wrap).collect())
}

fn nonzero(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(tuple_of(sel::nonzero(&as_array(a.get(0))?)?))
}

fn argwhere(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(sel::argwhere(&as_array(a.get(0))?)?))
}

fn flatnonzero(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(sel::flatnonzero(&as_array(a.get(0))?)?))
}

fn searchsorted(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let v = as_array(a.get(1))?;
    let right = match a.get(2) {
        Value::Str(s) if &**s == "left" => false,
        Value::Str(s) if &**s == "right" => true,
        other => {
            return Err(Error::value_error(format!(
                "search side must be 'left' or 'right' (got {})",
                crate::ops::repr(other)
            )))
        }
    };
    let sorter = match a.get(3) {
        Value::None => None,
        s => Some(index_array(s)?),
    };
    wrap_result(sel::searchsorted(&x, &v, right, sorter.as_ref())?)
}

fn int_arg(v: &Value) -> Result<i64> {
    Ok(opt_int(v)?.unwrap_or(0))
}

fn diagonal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let (k, a1, a2) = (int_arg(a.get(1))?, int_arg(a.get(2))?, int_arg(a.get(3))?);
    Ok(wrap(sel::diagonal(&x, k, a1 as isize, a2 as isize)?))
}

fn trace(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let (k, a1, a2) = (int_arg(a.get(1))?, int_arg(a.get(2))?, int_arg(a.get(3))?);
    let dt = dtype_arg(a.get(4))?;
    no_out(a.get(5), "trace")?;
    wrap_result(sel::trace(&x, k, a1 as isize, a2 as isize, dt)?)
}

fn fill_diagonal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = target(a.get(0), "a")?;
    let v = as_array(a.get(1))?;
    sel::fill_diagonal(x, &v, crate::ops::truthy(a.get(2))?)?;
    Ok(Value::None)
}

fn ix(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let nd = a.rest.len();
    let mut out = Vec::with_capacity(nd);
    for (k, v) in a.rest.iter().enumerate() {
        let mut x = index_array(v)?;
        if x.ndim() != 1 {
            return Err(Error::value_error("Cross index must be 1 dimensional"));
        }
        if x.dtype().is_bool() {
            x = sel::nonzero(&x)?.remove(0);
        }
        let mut shape = vec![1isize; nd];
        shape[k] = x.size() as isize;
        out.push(wrap(x.reshape(&shape)?));
    }
    Ok(Value::tuple(out))
}

fn dim(v: &Value) -> Result<usize> {
    let n = int_arg(v)?;
    usize::try_from(n).map_err(|_| Error::value_error("negative dimensions are not allowed"))
}

fn tri_indices(n: &Value, k: &Value, m: &Value, lower: bool) -> Result<Value> {
    let n = dim(n)?;
    let m = if m.is_none() { n } else { dim(m)? };
    let k = int_arg(k)?;
    // NumPy's definition on an NPU: nonzero(tri(n, m, k, dtype=bool)),
    // nonzero(~tri(n, m, k - 1, dtype=bool)) for the upper triangle.
    if let Some(mask) = super::create::tri_on_device(n, m, k, lower, DType::Bool)? {
        return Ok(tuple_of(sel::nonzero(&mask)?));
    }
    let [r, c] = sel::tri_indices(n, k, m, lower)?;
    Ok(tuple_of(vec![r, c]))
}

fn tril_indices(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    tri_indices(a.get(0), a.get(1), a.get(2), true)
}

fn triu_indices(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    tri_indices(a.get(0), a.get(1), a.get(2), false)
}

fn square_2d(a: &Args) -> Result<(Value, Value)> {
    let x = as_array(a.get(0))?;
    if x.ndim() != 2 {
        return Err(Error::value_error("input array must be 2-d"));
    }
    let s = x.shape();
    Ok((Value::Int(s[0] as i64), Value::Int(s[1] as i64)))
}

fn tril_indices_from(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (n, m) = square_2d(a)?;
    tri_indices(&n, a.get(1), &m, true)
}

fn triu_indices_from(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (n, m) = square_2d(a)?;
    tri_indices(&n, a.get(1), &m, false)
}

fn diag_tuple(n: usize, ndim: usize) -> Result<Value> {
    // arange(n) on the session device (aclnnArange on an NPU).
    let idx = super::create::ramp(n, DType::Int64)?;
    Ok(tuple_of(vec![idx; ndim]))
}

fn diag_indices(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    diag_tuple(dim(a.get(0))?, dim(a.get(1))?)
}

fn diag_indices_from(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() < 2 {
        return Err(Error::value_error("input array must be at least 2-d"));
    }
    let s = x.shape();
    if s.iter().any(|&d| d != s[0]) {
        return Err(Error::value_error(
            "All dimensions of input must be of equal length",
        ));
    }
    diag_tuple(s[0], x.ndim())
}

fn repeat_method(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let r = as_array(a.get(1))?;
    Ok(wrap(m::repeat(&x, &r, opt_axis(a.get(2))?)?))
}
