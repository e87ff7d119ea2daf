//! Reductions and scans, as `np.<name>(a, ...)` and as array methods:
//! sum, prod, mean, var, std, min/amin, max/amax, argmin, argmax, all,
//! any, cumsum, cumprod, ptp, count_nonzero. All run through npu's
//! `reduce` dispatch; a full reduction gives a NumPy scalar.

use xpush_npu::ops::{self as nops, BinaryOp, Operand, ReduceOp, ReduceOpts, UnaryOp};
use xpush_npu::{Array, DType, ToDevice};

use super::conv::{as_array, axes_arg, dtype_arg, opt_int, wrap_result};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// `(a, axis, dtype, out, keepdims[, ddof])` reductions.
macro_rules! red_d {
    ($kind:ident, $module:literal, $cat:ident, $sig:literal, $name:literal, $op:ident, $doc:literal, [$($ex:literal),*]) => {
        entry!(npu = $crate::coverage::Npu::Op(xpush_npu::ops::Op::Reduce(ReduceOp::$op)), runs = Dispatch, $kind, $cat, $module, $name, $sig,
            |_: &mut dyn Host, a: &mut Args| reduce_d(ReduceOp::$op, a), $doc, [$($ex),*])
    };
}

/// `(a, axis, out, keepdims)` reductions.
macro_rules! red_k {
    ($kind:ident, $module:literal, $cat:ident, $sig:literal, $name:literal, $op:ident, $doc:literal, [$($ex:literal),*]) => {
        entry!(npu = $crate::coverage::Npu::Op(xpush_npu::ops::Op::Reduce(ReduceOp::$op)), runs = Dispatch, $kind, $cat, $module, $name, $sig,
            |_: &mut dyn Host, a: &mut Args| reduce_k(ReduceOp::$op, a), $doc, [$($ex),*])
    };
}

/// `(a, axis, dtype, out)` scans.
macro_rules! scan {
    ($kind:ident, $module:literal, $cat:ident, $sig:literal, $name:literal, $op:ident, $doc:literal, [$($ex:literal),*]) => {
        entry!(npu = $crate::coverage::Npu::Op(xpush_npu::ops::Op::Reduce(ReduceOp::$op)), runs = Dispatch, $kind, $cat, $module, $name, $sig,
            |_: &mut dyn Host, a: &mut Args| scan_imp(ReduceOp::$op, a), $doc, [$($ex),*])
    };
}

/// Reductions as functions and as methods.
pub const FUNCS: &[FuncDef] = &[
    red_d!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", "sum", Sum,
        "Sum of the elements over the given axes (pairwise for floats; small ints accumulate in int64).",
        ["np.sum([[1, 2], [3, 4]], axis=0)  # array([4, 6])", "np.sum([0.5, 0.25])  # np.float64(0.75)", "np.sum(np.ones((2, 2)), axis=2)  # AxisError: axis 2 is out of bounds for array of dimension 2"]),
    red_d!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", "prod", Prod,
        "Product of the elements over the given axes.", ["np.prod([1, 2, 3, 4])  # np.int64(24)"]),
    red_d!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True)", "mean", Mean,
        "Arithmetic mean over the given axes (float64 for integer input).", ["np.mean([1, 2])  # np.float64(1.5)"]),
    red_d!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "var", Var,
        "Variance over the given axes, dividing by N - ddof.", ["np.var([1, 2, 3, 4])  # np.float64(1.25)"]),
    red_d!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "std", Std,
        "Standard deviation over the given axes, dividing by N - ddof.", ["np.std([1, 3], ddof=1)  # np.float64(1.4142135623730951)"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "min", Min,
        "Minimum over the given axes (NaN propagates).", ["np.min([3, 1, 2])  # np.int64(1)", "np.min([])  # ValueError: zero-size array to reduction operation minimum which has no identity"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "max", Max,
        "Maximum over the given axes (NaN propagates).", ["np.max([[1, 5], [3, 2]], axis=1)  # array([5, 3])"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "amin", Min,
        "Alias of np.min.", ["np.amin([2.5, -1])  # np.float64(-1.0)"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "amax", Max,
        "Alias of np.max.", ["np.amax([2.5, -1])  # np.float64(2.5)"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, *, keepdims=False)", "argmin", Argmin,
        "Index of the first minimum (of the flattened array unless axis is given).", ["np.argmin([3, 1, 1])  # np.int64(1)"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, *, keepdims=False)", "argmax", Argmax,
        "Index of the first maximum (of the flattened array unless axis is given).", ["np.argmax([[1, 5], [7, 2]], axis=0)  # array([1, 0])"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, *, where=True)", "all", All,
        "Whether every element is true.", ["np.all([1, 0])  # np.False_"]),
    red_k!(Function, "numpy", NumpyReduce, "(a, axis=None, out=None, keepdims=False, *, where=True)", "any", Any,
        "Whether any element is true.", ["np.any([[0, 0], [0, 1]], axis=1)  # array([False,  True])"]),
    scan!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None)", "cumsum", Cumsum,
        "Cumulative sum (of the flattened array unless axis is given).", ["np.cumsum([1, 2, 3])  # array([1, 3, 6])"]),
    scan!(Function, "numpy", NumpyReduce, "(a, axis=None, dtype=None, out=None)", "cumprod", Cumprod,
        "Cumulative product (of the flattened array unless axis is given).", ["np.cumprod([1, 2, 3])  # array([1, 2, 6])"]),
    entry!(npu = crate::coverage::how::PTP, runs = Dispatch, Function, NumpyReduce, "numpy", "ptp", "(a, axis=None, out=None, keepdims=False)", ptp,
        "Range of values (max - min) over the given axes.", ["np.ptp([4, 9, 2])  # np.int64(7)"]),
    entry!(npu = crate::coverage::how::COUNT_NONZERO, runs = Dispatch, Function, NumpyReduce, "numpy", "count_nonzero", "(a, axis=None, *, keepdims=False)", count_nonzero,
        "The number of non-zero elements.", ["np.count_nonzero([1, 0, 2])  # np.int64(2)"]),
    red_d!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", "sum", Sum,
        "Sum of the elements (see np.sum).", ["np.arange(4).sum()  # np.int64(6)"]),
    red_d!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", "prod", Prod,
        "Product of the elements (see np.prod).", ["np.arange(1, 4).prod()  # np.int64(6)"]),
    red_d!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None, keepdims=False, *, where=True)", "mean", Mean,
        "Mean of the elements (see np.mean).", ["np.arange(4).mean()  # np.float64(1.5)"]),
    red_d!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "var", Var,
        "Variance (see np.var).", ["np.arange(4).var()  # np.float64(1.25)"]),
    red_d!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True)", "std", Std,
        "Standard deviation (see np.std).", ["np.zeros(3).std()  # np.float64(0.0)"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "min", Min,
        "Minimum (see np.min).", ["np.arange(3).min()  # np.int64(0)"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", "max", Max,
        "Maximum (see np.max).", ["np.arange(3).max()  # np.int64(2)"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, *, keepdims=False)", "argmin", Argmin,
        "Index of the first minimum (see np.argmin).", ["np.arange(3).argmin()  # np.int64(0)"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, *, keepdims=False)", "argmax", Argmax,
        "Index of the first maximum (see np.argmax).", ["np.arange(3).argmax()  # np.int64(2)"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, keepdims=False, *, where=True)", "all", All,
        "Whether every element is true (see np.all).", ["np.arange(3).all()  # np.False_"]),
    red_k!(Method, "ndarray", NdArray, "(self, /, axis=None, out=None, keepdims=False, *, where=True)", "any", Any,
        "Whether any element is true (see np.any).", ["np.arange(3).any()  # np.True_"]),
    scan!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None)", "cumsum", Cumsum,
        "Cumulative sum (see np.cumsum).", ["np.arange(3).cumsum()  # array([0, 1, 3])"]),
    scan!(Method, "ndarray", NdArray, "(self, /, axis=None, dtype=None, out=None)", "cumprod", Cumprod,
        "Cumulative product (see np.cumprod).", ["np.arange(1, 4).cumprod()  # array([1, 2, 6])"]),
    entry!(npu = crate::coverage::how::NAN_SUM, runs = Dispatch, Function, NumpyReduce, "numpy", "nansum", "(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", nansum,
        "Sum treating NaN as zero.", ["np.nansum([1.0, np.nan, 2.0])  # np.float64(3.0)"]),
    entry!(npu = crate::coverage::how::NAN_PROD, runs = Dispatch, Function, NumpyReduce, "numpy", "nanprod", "(a, axis=None, dtype=None, out=None, keepdims=False, initial=<no value>, where=True)", nanprod,
        "Product treating NaN as one.", ["np.nanprod([2.0, np.nan, 3.0])  # np.float64(6.0)"]),
    entry!(npu = crate::coverage::how::NAN_EXTREMA, runs = Dispatch, Function, NumpyReduce, "numpy", "nanmin", "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", nanmin,
        "Minimum ignoring NaN (NaN for an all-NaN slice).", ["np.nanmin([[np.nan, 2.0], [np.nan, 1.0]], axis=0)  # array([nan,  1.])"]),
    entry!(npu = crate::coverage::how::NAN_EXTREMA, runs = Dispatch, Function, NumpyReduce, "numpy", "nanmax", "(a, axis=None, out=None, keepdims=False, initial=<no value>, where=True)", nanmax,
        "Maximum ignoring NaN (NaN for an all-NaN slice).", ["np.nanmax([1.0, np.nan, 3.0])  # np.float64(3.0)"]),
    entry!(npu = crate::coverage::how::NAN_SUM, runs = Dispatch, Function, NumpyReduce, "numpy", "nanmean", "(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True)", nanmean,
        "Mean ignoring NaN.", ["np.nanmean([1.0, np.nan, 2.0])  # np.float64(1.5)"]),
    entry!(npu = crate::coverage::how::NAN_EXTREMA, runs = Dispatch, Function, NumpyReduce, "numpy", "nanargmin", "(a, axis=None, out=None, *, keepdims=False)", nanargmin,
        "Index of the minimum ignoring NaN.", ["np.nanargmin([np.nan, 3.0, 1.0])  # np.int64(2)", "np.nanargmin([np.nan])  # ValueError: All-NaN slice encountered"]),
    entry!(npu = crate::coverage::how::NAN_EXTREMA, runs = Dispatch, Function, NumpyReduce, "numpy", "nanargmax", "(a, axis=None, out=None, *, keepdims=False)", nanargmax,
        "Index of the maximum ignoring NaN.", ["np.nanargmax([np.nan, 3.0, 1.0])  # np.int64(1)"]),
    entry!(npu = crate::coverage::how::AVERAGE, runs = Dispatch, Function, NumpyReduce, "numpy", "average", "(a, axis=None, weights=None, returned=False, *, keepdims=False)", average,
        "Weighted average over the given axes (the mean without weights).",
        ["np.average([1, 2, 3], weights=[3, 1, 0])  # np.float64(1.25)", "np.average([[1, 2], [3, 4]], axis=1, weights=[1, 3])  # array([1.75, 3.75])"]),
];

/// Writes `r` into the `out=` array if one was given (returning it), or
/// wraps the result (a 0-d result becomes a scalar).
pub fn deliver(r: Array, out: &Value) -> Result<Value> {
    match out {
        Value::None => wrap_result(r),
        Value::Array(o) => {
            (**o).check_writeable("output array")?;
            nops::set_index(o, &[nops::Index::Ellipsis], Operand::Array(&r))?;
            Ok(out.clone())
        }
        _ => Err(Error::type_error("output must be an array")),
    }
}

/// `axis=` as NumPy's ufunc reductions read it (`zero_d_ok`): on a 0-d
/// array an int axis of 0 or -1 means no axis (`np.sum(np.float64(1),
/// axis=0)`); `mean`, `var`, `std`, `average` and a tuple of axes still
/// raise AxisError there.
fn axes_of(a: &Args, i: usize, zero_d_ok: bool) -> Result<Option<Vec<isize>>> {
    let v = a.get(i);
    if zero_d_ok && !matches!(v, Value::Tuple(_) | Value::None) {
        if let Some(0 | -1) = opt_int(v).ok().flatten() {
            if as_array(a.get(0))?.ndim() == 0 {
                return Ok(None);
            }
        }
    }
    axes_arg(v)
}

fn opts(
    a: &Args,
    axis: usize,
    dtype: Option<usize>,
    keepdims: usize,
    zero_d_ok: bool,
) -> Result<ReduceOpts> {
    Ok(ReduceOpts {
        axes: axes_of(a, axis, zero_d_ok)?,
        keepdims: crate::ops::truthy(a.get(keepdims))?,
        dtype: match dtype {
            Some(i) => dtype_arg(a.get(i))?,
            None => None,
        },
        ddof: 0.0,
    })
}

fn reduce_d(op: ReduceOp, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let ufunc = !matches!(op, ReduceOp::Mean | ReduceOp::Var | ReduceOp::Std);
    let var = matches!(op, ReduceOp::Var | ReduceOp::Std);
    let (initial, mask) = match op {
        ReduceOp::Sum | ReduceOp::Prod => (initial_of(a.get(5)), where_of(a.get(6))),
        ReduceOp::Mean => (None, where_of(a.get(5))),
        _ => (None, where_of(a.get(6))),
    };
    // NumPy's order: var/std take ddof before keepdims. With where=, mean,
    // var and std reduce through np.add.reduce, which takes axis 0 of a
    // 0-d array.
    let mut o = opts(
        a,
        1,
        Some(2),
        if var { 5 } else { 4 },
        ufunc || mask.is_some(),
    )?;
    if var {
        o.ddof = crate::py::num::to_f64(a.get(4))?;
    }
    let r = if initial.is_some() || mask.is_some() || (!ufunc && o.dtype.is_some()) {
        keyword_reduce(op, &x, &o, initial, mask)?
    } else {
        nops::reduce(op, &x, &o)?
    };
    super::fperr::check_reduce(op.name(), &x, o.axes.as_deref(), o.ddof, &r)?;
    deliver(r, a.get(3))
}

fn reduce_k(op: ReduceOp, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = opts(a, 1, None, 3, true)?;
    let (initial, mask) = match op {
        ReduceOp::Min | ReduceOp::Max => (initial_of(a.get(4)), where_of(a.get(5))),
        ReduceOp::All | ReduceOp::Any => (None, where_of(a.get(4))),
        _ => (None, None),
    };
    if initial.is_some() || mask.is_some() {
        return deliver(keyword_reduce(op, &x, &o, initial, mask)?, a.get(2));
    }
    deliver(nops::reduce(op, &x, &o)?, a.get(2))
}

// ------------------------------------------------- initial= and where=

/// `initial=`, unless it is the `<no value>` default.
fn initial_of(v: &Value) -> Option<&Value> {
    match v {
        Value::Object(o) if matches!(**o, crate::value::Object::Missing) => None,
        v => Some(v),
    }
}

/// `where=`, unless it is the default `True`.
fn where_of(v: &Value) -> Option<&Value> {
    (!matches!(v, Value::Bool(true))).then_some(v)
}

/// `initial=` as one value of the reduction's result dtype, checked as
/// NumPy packs it (an assignment's checks, [`nops::Operand::to_stored`]):
/// a Python int out of range, a float NaN, infinite or out of range for an
/// integer dtype raise; NumPy scalars and arrays are cast.
fn initial_scalar(v: &Value, dtype: DType) -> Result<xpush_npu::Scalar> {
    super::conv::arg(v)?.op().to_stored(dtype, false)?.item()
}

/// The shape a reduction over `o.axes` leaves of `shape`.
fn reduced_shape(shape: &[usize], o: &ReduceOpts) -> Result<Vec<usize>> {
    let axes: Vec<usize> = match &o.axes {
        None => (0..shape.len()).collect(),
        Some(v) => v
            .iter()
            .map(|&ax| xpush_npu::layout::normalize_axis(ax, shape.len()))
            .collect::<Result<_>>()?,
    };
    Ok(shape
        .iter()
        .enumerate()
        .filter_map(|(i, &n)| match (axes.contains(&i), o.keepdims) {
            (false, _) => Some(n),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect())
}

/// A reduction with `initial=`, `where=`, or (for mean, var and std) a
/// `dtype=`, as NumPy's `ufunc.reduce` and `_methods.py` compute them:
/// masked-out elements count as the identity, `initial` joins every slice
/// (the result of an empty one), min and max want an `initial` with a
/// mask, and mean/var/std divide masked sums by the masked count.
fn keyword_reduce(
    op: ReduceOp,
    x: &Array,
    o: &ReduceOpts,
    initial: Option<&Value>,
    mask: Option<&Value>,
) -> Result<Array> {
    let mask = match mask {
        Some(m) => Some(nops::cast(&as_array(m)?, DType::Bool)?.broadcast_to(x.shape())?),
        None => None,
    };
    let fill = |x: &Array, with: Operand| -> Result<Array> {
        match &mask {
            Some(m) => nops::where_(m, Operand::Array(x), with),
            None => Ok(x.clone()),
        }
    };
    match op {
        ReduceOp::Sum | ReduceOp::Prod => {
            let identity = i128::from(op == ReduceOp::Prod);
            let complex = o.dtype.unwrap_or(x.dtype()).is_complex();
            // A complex product starts from `initial` and multiplies
            // element by element as NumPy's loop does: which parts of an
            // infinite product come out NaN depends on that order.
            if op == ReduceOp::Prod && complex && (mask.is_some() || initial.is_some()) {
                let dtype = o.dtype.unwrap_or(x.dtype());
                let start = match initial {
                    Some(v) => initial_scalar(v, dtype)?,
                    None => xpush_npu::Scalar::Complex128(num_complex::Complex64::new(1.0, 0.0)),
                };
                return masked_product(x, mask.as_ref(), o, start);
            }
            let r = nops::reduce(op, &fill(x, Operand::PyInt(identity))?, o)?;
            // An empty slice's result is `initial` itself (no identity
            // joined to it: a -0.0 part keeps its sign).
            if let (Some(v), 0) = (initial, x.size()) {
                let s = initial_scalar(v, r.dtype())?;
                return Array::full(r.shape(), s, r.dtype()).to_device(r.device());
            }
            match initial {
                Some(v) => {
                    let s = Array::from_scalar(initial_scalar(v, r.dtype())?);
                    let join = if op == ReduceOp::Sum {
                        BinaryOp::Add
                    } else {
                        BinaryOp::Multiply
                    };
                    nops::binary(join, &s, &r)
                }
                None => Ok(r),
            }
        }
        ReduceOp::Min | ReduceOp::Max => {
            let name = if op == ReduceOp::Max {
                "maximum"
            } else {
                "minimum"
            };
            // A bad axis is the AxisError before a missing identity.
            reduced_shape(x.shape(), o)?;
            let Some(v) = initial else {
                return Err(Error::value_error(format!(
                    "reduction operation '{name}' does not have an identity, so to use a where mask one has to specify 'initial'"
                )));
            };
            let s = initial_scalar(v, x.dtype())?;
            let xs = fill(x, Operand::Scalar(s))?;
            if xs.size() == 0 {
                return Ok(Array::full(&reduced_shape(x.shape(), o)?, s, x.dtype()));
            }
            let r = nops::reduce(op, &xs, o)?;
            let join = if op == ReduceOp::Max {
                BinaryOp::Maximum
            } else {
                BinaryOp::Minimum
            };
            // `initial` starts the slice, so a NaN initial is the NaN kept
            // (`maximum` keeps its first NaN operand).
            nops::binary(join, &Array::from_scalar(s), &r)
        }
        ReduceOp::All | ReduceOp::Any => {
            let identity = i128::from(op == ReduceOp::All);
            nops::reduce(op, &fill(x, Operand::PyInt(identity))?, o)
        }
        ReduceOp::Mean | ReduceOp::Var | ReduceOp::Std => masked_moments(op, x, o, mask.as_ref()),
        _ => nops::reduce(op, x, o),
    }
}

/// `np.prod(x, where=m)` or `np.prod(x, initial=s)` of complex values as
/// NumPy's loop runs it: each slice's product starts at `start` (1, or
/// `initial=`) and takes in the (selected) elements, in order (a masked-out element
/// multiplied in as 1 would turn an infinite part NaN: `(inf+1j) * (1+0j)`
/// is `inf+nanj`). The reduced axes are merged into one, walked one step
/// per element. (The steps are the elementwise multiply, which fuses its
/// multiply-adds as NumPy's SIMD loop does; NumPy's reduction loop does
/// not, so a complex128 result can differ in its last bit.)
fn masked_product(
    x: &Array,
    m: Option<&Array>,
    o: &ReduceOpts,
    start: xpush_npu::Scalar,
) -> Result<Array> {
    let shape = reduced_shape(x.shape(), o)?;
    let nd = x.ndim();
    let kept: Vec<usize> = match &o.axes {
        None => Vec::new(),
        Some(v) => {
            let gone: Vec<usize> = v
                .iter()
                .map(|&ax| xpush_npu::layout::normalize_axis(ax, nd))
                .collect::<Result<_>>()?;
            (0..nd).filter(|i| !gone.contains(i)).collect()
        }
    };
    let gone: Vec<usize> = (0..nd).filter(|i| !kept.contains(i)).collect();
    let perm: Vec<isize> = kept.iter().chain(&gone).map(|&i| i as isize).collect();
    let mut lanes: Vec<isize> = kept.iter().map(|&i| x.shape()[i] as isize).collect();
    // The merged reduced axes' length, named (a `-1` is ambiguous when a
    // kept axis is empty: `np.prod(zeros((2, 0)), axis=0, where=...)`).
    lanes.push(gone.iter().map(|&i| x.shape()[i] as isize).product());
    let dtype = o.dtype.unwrap_or(x.dtype());
    let xs = nops::cast(&x.transpose(Some(&perm))?, dtype)?.reshape(&lanes)?;
    let ms = match m {
        Some(m) => Some(nops::copy(&m.transpose(Some(&perm))?)?.reshape(&lanes)?),
        None => None,
    };
    let last = lanes.len() - 1;
    let kept_shape: Vec<usize> = kept.iter().map(|&i| x.shape()[i]).collect();
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    let mut acc = Array::full(&kept_shape, start, dtype).to_device(x.device())?;
    for i in 0..xs.shape()[last] {
        let xi = xs.index_axis(last, i as isize)?;
        let p = nops::binary(BinaryOp::Multiply, &acc, &xi)?;
        acc = match &ms {
            Some(ms) => {
                let mi = ms.index_axis(last, i as isize)?;
                nops::where_(&mi, Operand::Array(&p), Operand::Array(&acc))?
            }
            None => p,
        };
    }
    acc.reshape(&dims)
}

/// NumPy's `_mean` and `_var` (`numpy/_core/_methods.py`) with `where=`
/// and `dtype=`: the sum and the count over the selected elements, in the
/// given dtype (float64 for integers and bool, float32 then float16 for
/// float16 means), the deviations summed again for var and std.
fn masked_moments(op: ReduceOp, x: &Array, o: &ReduceOpts, mask: Option<&Array>) -> Result<Array> {
    let d = x.dtype();
    let int_like = d.is_integer() || d.is_bool();
    let sum_dtype = o.dtype.or(if int_like {
        Some(DType::Float64)
    } else if d == DType::Float16 && op == ReduceOp::Mean {
        Some(DType::Float32)
    } else {
        None
    });
    let sum_of = |v: &Array, keepdims: bool, dtype: Option<DType>| -> Result<Array> {
        let v = match mask {
            Some(m) => nops::where_(m, Operand::Array(v), Operand::PyInt(0))?,
            None => v.clone(),
        };
        let so = ReduceOpts {
            keepdims,
            dtype,
            ddof: 0.0,
            axes: o.axes.clone(),
        };
        nops::reduce(ReduceOp::Sum, &v, &so)
    };
    let count = |keepdims: bool| -> Result<Array> {
        let ones = match mask {
            Some(m) => m.clone(),
            None => Array::full(x.shape(), xpush_npu::Scalar::Bool(true), DType::Bool)
                .to_device(x.device())?,
        };
        let so = ReduceOpts {
            keepdims,
            dtype: None,
            ddof: 0.0,
            axes: o.axes.clone(),
        };
        nops::reduce(ReduceOp::Sum, &ones, &so)
    };
    // true_divide(..., out=sum, casting='unsafe'): the sum's dtype stays.
    let divide = |s: &Array, n: &Array| -> Result<Array> {
        nops::cast(&nops::binary(BinaryOp::TrueDivide, s, n)?, s.dtype())
    };
    if op == ReduceOp::Mean {
        let m = divide(&sum_of(x, o.keepdims, sum_dtype)?, &count(o.keepdims)?)?;
        let out = o.dtype.unwrap_or(if int_like { DType::Float64 } else { d });
        return nops::cast(&m, out);
    }
    let mean = divide(&sum_of(x, true, sum_dtype)?, &count(true)?)?;
    let dev = nops::binary(BinaryOp::Subtract, x, &mean)?;
    let sq = if dev.dtype().is_complex() {
        let re = nops::unary(UnaryOp::Real, &dev)?;
        let im = nops::unary(UnaryOp::Imag, &dev)?;
        nops::binary(
            BinaryOp::Add,
            &nops::binary(BinaryOp::Multiply, &re, &re)?,
            &nops::binary(BinaryOp::Multiply, &im, &im)?,
        )?
    } else {
        nops::binary(BinaryOp::Multiply, &dev, &dev)?
    };
    let total = sum_of(&sq, o.keepdims, sum_dtype)?;
    let n = count(o.keepdims)?;
    let n = nops::binary_op(
        BinaryOp::Subtract,
        Operand::Array(&n),
        Operand::PyFloat(o.ddof),
    )?;
    let n = nops::binary_op(BinaryOp::Maximum, Operand::Array(&n), Operand::PyInt(0))?;
    let var = divide(&total, &n)?;
    if op == ReduceOp::Var {
        return Ok(var);
    }
    // std: sqrt into the result's own dtype (`out=ret`), NumPy's
    // same_kind check included; a 0-d result is cast instead.
    if var.ndim() == 0 {
        return nops::cast(&nops::unary(UnaryOp::Sqrt, &var)?, var.dtype());
    }
    let out = nops::copy(&var)?;
    nops::unary_into(UnaryOp::Sqrt, &out, &var)?;
    Ok(out)
}

fn scan_imp(op: ReduceOp, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = ReduceOpts {
        axes: axes_of(a, 1, true)?,
        keepdims: false,
        dtype: dtype_arg(a.get(2))?,
        ddof: 0.0,
    };
    let r = nops::reduce(op, &x, &o)?;
    super::fperr::check_reduce(op.name(), &x, o.axes.as_deref(), 0.0, &r)?;
    deliver(r, a.get(3))
}

fn ptp(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = opts(a, 1, None, 3, true)?;
    let hi = nops::reduce(ReduceOp::Max, &x, &o)?;
    let lo = nops::reduce(ReduceOp::Min, &x, &o)?;
    deliver(nops::binary(BinaryOp::Subtract, &hi, &lo)?, a.get(2))
}

fn count_nonzero(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let nz = nops::binary_op(BinaryOp::NotEqual, Operand::Array(&x), Operand::PyInt(0))?;
    let o = opts(a, 1, None, 2, true)?;
    let r = nops::reduce(ReduceOp::Sum, &nz, &o)?;
    wrap_result(r)
}

/// `x` with NaN replaced by `fill` (unchanged for non-float dtypes).
fn nan_fill(x: &Array, fill: f64) -> Result<Array> {
    if !x.dtype().is_inexact() {
        return Ok(x.clone());
    }
    let isnan = nops::unary(UnaryOp::Isnan, x)?;
    nops::where_(&isnan, Operand::PyFloat(fill), Operand::Array(x))
}

/// NumPy's `nansum` and `nanprod`: `_replace_nan(a, fill)`, then `np.sum`
/// or `np.prod` with every keyword (the signatures agree position for
/// position, `initial=` and `where=` included).
fn nan_replaced(a: &mut Args, op: ReduceOp, fill: f64) -> Result<Value> {
    let x = nan_fill(&as_array(a.get(0))?, fill)?;
    a.values[0] = super::conv::wrap(x);
    reduce_d(op, a)
}

fn nansum(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_replaced(a, ReduceOp::Sum, 0.0)
}

fn nanprod(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_replaced(a, ReduceOp::Prod, 1.0)
}

/// Whether each reduced slice is all NaN.
fn all_nan(x: &Array, o: &ReduceOpts) -> Result<Array> {
    let isnan = nops::unary(UnaryOp::Isnan, x)?;
    let o = ReduceOpts {
        dtype: None,
        ..o.clone()
    };
    nops::reduce(ReduceOp::All, &isnan, &o)
}

/// The first element of each slice a reduction over `o.axes` reduces
/// (index 0 along every reduced axis), in the reduction's result shape.
fn first_of_slices(x: &Array, o: &ReduceOpts) -> Result<Array> {
    let nd = x.ndim();
    let mut axes: Vec<usize> = match &o.axes {
        None => (0..nd).collect(),
        Some(v) => v
            .iter()
            .map(|&ax| xpush_npu::layout::normalize_axis(ax, nd))
            .collect::<Result<_>>()?,
    };
    axes.sort_unstable();
    axes.dedup();
    let mut r = x.clone();
    for &ax in axes.iter().rev() {
        r = r.index_axis(ax, 0)?;
    }
    if o.keepdims {
        for &ax in &axes {
            r = r.with_layout(r.layout().expand_dims(ax as isize)?);
        }
    }
    Ok(r)
}

/// `np.fmax.reduce` (`op` Max) or `np.fmin.reduce` (Min) of a float or
/// complex array without `initial=`: NaN elements are skipped (for complex,
/// an element with a NaN part), and a slice of NaNs only gives its first
/// element, as the ordered loop of `fmax` leaves it. The others reduce
/// through `max`/`min` with each NaN replaced by a value every element
/// beats (`-inf`, `-inf-infj` in the lexicographic complex order).
fn nan_skipping_extreme(op: ReduceOp, x: &Array, o: &ReduceOpts) -> Result<Array> {
    let inf = if op == ReduceOp::Max {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    };
    let low = if x.dtype().is_complex() {
        xpush_npu::Scalar::Complex128(num_complex::Complex64::new(inf, inf))
    } else {
        xpush_npu::Scalar::Float64(inf)
    };
    let low = Array::full(&[], low, x.dtype()).to_device(x.device())?;
    let isnan = nops::unary(UnaryOp::Isnan, x)?;
    let filled = nops::where_(&isnan, Operand::Array(&low), Operand::Array(x))?;
    let r = nops::reduce(op, &filled, o)?;
    let empty = all_nan(x, o)?;
    nops::where_(
        &empty,
        Operand::Array(&first_of_slices(x, o)?),
        Operand::Array(&r),
    )
}

/// NumPy's `nanmax` / `nanmin` of an ndarray: `np.fmax.reduce` /
/// `np.fmin.reduce` with `axis`, `keepdims`, `initial` and `where` (a
/// masked-out element is skipped as a NaN is; `initial` starts every
/// slice, so it wins ties and a slice with nothing else gives it), and
/// "All-NaN slice encountered" when the result holds a NaN. Integer and
/// bool arrays are `max`/`min`'s.
fn nan_extreme(a: &mut Args, op: ReduceOp) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if !x.dtype().is_inexact() {
        return reduce_k(op, a);
    }
    let o = opts(a, 1, None, 3, true)?;
    let (initial, mask) = (initial_of(a.get(4)), where_of(a.get(5)));
    let (name, join) = if op == ReduceOp::Max {
        ("fmax", BinaryOp::Fmax)
    } else {
        ("fmin", BinaryOp::Fmin)
    };
    let shape = reduced_shape(x.shape(), &o)?;
    let x = match mask {
        None => x,
        Some(_) if initial.is_none() => {
            return Err(Error::value_error(format!(
                "reduction operation '{name}' does not have an identity, so to use a where mask one has to specify 'initial'"
            )))
        }
        Some(m) => {
            let m = nops::cast(&as_array(m)?, DType::Bool)?.broadcast_to(x.shape())?;
            nops::where_(&m, Operand::Array(&x), Operand::PyFloat(f64::NAN))?
        }
    };
    let r = match initial {
        Some(v) => {
            let s = initial_scalar(v, x.dtype())?;
            if x.size() == 0 {
                Array::full(&shape, s, x.dtype()).to_device(x.device())?
            } else {
                let s = Array::from_scalar(s).to_device(x.device())?;
                nops::binary(join, &s, &nan_skipping_extreme(op, &x, &o)?)?
            }
        }
        None if x.size() == 0 => nops::reduce(op, &x, &o)?,
        None => nan_skipping_extreme(op, &x, &o)?,
    };
    if any_true(&nops::unary(UnaryOp::Isnan, &r)?)? {
        super::fperr::warn("All-NaN slice encountered");
    }
    deliver(r, a.get(2))
}

fn nanmin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_extreme(a, ReduceOp::Min)
}

fn nanmax(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_extreme(a, ReduceOp::Max)
}

/// NumPy's `nanmean`: `np.mean` for integer and bool arrays; for floats
/// the sum of the non-NaN elements in `dtype` (which must be inexact)
/// over their count (`where=` selecting both), divided into the sum's
/// dtype, "Mean of empty slice" when a count is 0.
fn nanmean(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if !x.dtype().is_inexact() {
        return reduce_d(ReduceOp::Mean, a);
    }
    // Floats go through np.sum, which takes axis 0 of a 0-d array.
    let o = opts(a, 1, Some(2), 4, true)?;
    if o.dtype.is_some_and(|d| !d.is_inexact()) {
        return Err(Error::type_error(
            "If a is inexact, then dtype must be inexact",
        ));
    }
    let mask = where_of(a.get(5));
    let valid = nops::unary(UnaryOp::LogicalNot, &nops::unary(UnaryOp::Isnan, &x)?)?;
    let count_opts = ReduceOpts {
        dtype: Some(DType::Int64),
        ..o.clone()
    };
    let cnt = keyword_reduce(ReduceOp::Sum, &valid, &count_opts, None, mask)?;
    let tot = keyword_reduce(ReduceOp::Sum, &nan_fill(&x, 0.0)?, &o, None, mask)?;
    let none = nops::binary(
        BinaryOp::Equal,
        &cnt,
        &Array::from_scalar(xpush_npu::Scalar::Int64(0)),
    )?;
    if any_true(&none)? {
        // NumPy warns once and divides with its errors ignored.
        super::fperr::warn("Mean of empty slice");
    }
    let avg = nops::binary(BinaryOp::TrueDivide, &tot, &cnt)?;
    deliver(nops::cast(&avg, tot.dtype())?, a.get(3))
}

/// Whether any element of a bool array is true.
fn any_true(b: &Array) -> Result<bool> {
    Ok(nops::reduce(ReduceOp::Any, b, &ReduceOpts::default())?
        .item()?
        .as_bool())
}

fn nan_arg(a: &mut Args, op: ReduceOp, fill: f64) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = opts(a, 1, None, 3, true)?;
    if x.dtype().is_inexact() {
        let empty = all_nan(
            &x,
            &ReduceOpts {
                keepdims: false,
                ..o.clone()
            },
        )?;
        let any = nops::reduce(ReduceOp::Any, &empty, &ReduceOpts::default())?;
        if any.item()?.as_bool() {
            return Err(Error::value_error("All-NaN slice encountered"));
        }
    }
    deliver(nops::reduce(op, &nan_fill(&x, fill)?, &o)?, a.get(2))
}

fn nanargmin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_arg(a, ReduceOp::Argmin, f64::INFINITY)
}

fn nanargmax(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nan_arg(a, ReduceOp::Argmax, f64::NEG_INFINITY)
}

fn average(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = ReduceOpts {
        axes: axes_arg(a.get(1))?,
        keepdims: crate::ops::truthy(a.get(4))?,
        dtype: None,
        ddof: 0.0,
    };
    if a.get(2).is_none() {
        let avg = nops::reduce(ReduceOp::Mean, &x, &o)?;
        if crate::ops::truthy(a.get(3))? {
            let n = x.size() / avg.size().max(1);
            let scl = Array::full(
                avg.shape(),
                xpush_npu::Scalar::Float64(n as f64),
                avg.dtype(),
            );
            return Ok(Value::tuple(vec![wrap_result(avg)?, wrap_result(scl)?]));
        }
        return wrap_result(avg);
    }
    let mut w = as_array(a.get(2))?;
    if w.shape() != x.shape() {
        let Some(ax) = o.axes.as_ref().filter(|v| v.len() == 1 && w.ndim() == 1) else {
            return Err(Error::type_error(
                "Axis must be specified when shapes of a and weights differ.",
            ));
        };
        let ax = xpush_npu::layout::normalize_axis(ax[0], x.ndim())?;
        if w.shape()[0] != x.shape()[ax] {
            return Err(Error::value_error(
                "Length of weights not compatible with specified axis.",
            ));
        }
        let mut shape = vec![1isize; x.ndim()];
        shape[ax] = -1;
        w = w.reshape(&shape)?;
    }
    use xpush_npu::{promote::promote_types, DType};
    let mut dt = promote_types(x.dtype(), w.dtype());
    if x.dtype().is_integer() || x.dtype().is_bool() {
        dt = promote_types(dt, DType::Float64);
    }
    let (xc, wc) = (nops::cast(&x, dt)?, nops::cast(&w, dt)?);
    let scl = nops::reduce(
        ReduceOp::Sum,
        &wc.broadcast_to(x.shape())?,
        &ReduceOpts {
            keepdims: o.keepdims,
            ..o.clone()
        },
    )?;
    let num = nops::reduce(
        ReduceOp::Sum,
        &nops::binary(BinaryOp::Multiply, &xc, &wc)?,
        &o,
    )?;
    let zero = nops::binary(
        BinaryOp::Equal,
        &scl,
        &Array::from_scalar(xpush_npu::Scalar::Int64(0)),
    )?;
    if any_true(&zero)? {
        return Err(Error::new(
            crate::ExcKind::ZeroDivisionError,
            "Weights sum to zero, can't be normalized",
        ));
    }
    let avg = nops::binary(BinaryOp::TrueDivide, &num, &scl)?;
    if crate::ops::truthy(a.get(3))? {
        return Ok(Value::tuple(vec![wrap_result(avg)?, wrap_result(scl)?]));
    }
    wrap_result(avg)
}
