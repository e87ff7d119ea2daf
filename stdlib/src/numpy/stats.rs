//! Statistics and numerical routines: `median`, `quantile`,
//! `percentile` and their `nan` forms, `nanvar`, `nanstd`, `histogram`,
//! `histogram_bin_edges`, `bincount`, `digitize`, `interp`, `convolve`,
//! `correlate`, `cov`, `corrcoef`, `gradient`, `trapezoid`, `cross`, and
//! the two-output ufuncs `modf` and `frexp`. The work is in
//! `xpush_npu::ops::{stats, hist, numeric}`; these entries bind arguments.

use xpush_npu::ops::hist::{self, Bins};
use xpush_npu::ops::numeric::{self, ConvMode, Spacing};
use xpush_npu::ops::stats::{self, LaneOpts, QuantileMethod, Quantiles};
use xpush_npu::{Array, DType};

use super::conv::{as_array, axes_arg, opt_int, wrap, wrap_result};
use super::reduce::deliver;
use super::sort::str_opt;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Statistics and numerical functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "median", "(a, axis=None, out=None, overwrite_input=False, keepdims=False)", median,
        "The median along the given axes (float64 for integers; NaN if a slice holds NaN).",
        ["np.median([3, 1, 2, 10])  # np.float64(2.5)", "np.median([[1, 5], [3, 2]], axis=0)  # array([2. , 3.5])"]),
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "nanmedian", "(a, axis=None, out=None, overwrite_input=False, keepdims=False)", nanmedian,
        "The median ignoring NaN (NaN for an all-NaN slice).", ["np.nanmedian([1.0, np.nan, 3.0])  # np.float64(2.0)"]),
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "quantile", "(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None)", quantile,
        "The q-th quantiles (q in [0, 1]) along the given axes, with any of NumPy's 13 methods.",
        ["np.quantile([1, 2, 3, 4], 0.5)  # np.float64(2.5)", "np.quantile([1, 2, 3, 4], [0.25, 0.75], method='lower')  # array([1, 3])", "np.quantile([1, 2], 1.5)  # ValueError: Quantiles must be in the range [0, 1]"]),
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "percentile", "(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None)", percentile,
        "The q-th percentiles (q in [0, 100]) along the given axes (see np.quantile).",
        ["np.percentile([1, 2, 3, 4], 50)  # np.float64(2.5)", "np.percentile([1, 2], 101)  # ValueError: Percentiles must be in the range [0, 100]"]),
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "nanquantile", "(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None)", nanquantile,
        "Quantiles ignoring NaN.", ["np.nanquantile([1.0, np.nan, 3.0], 0.5)  # np.float64(2.0)"]),
    entry!(npu = crate::coverage::how::ORDER_STATS, runs = Dispatch, Function, NumpyReduce, "numpy", "nanpercentile", "(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, weights=None, interpolation=None)", nanpercentile,
        "Percentiles ignoring NaN.", ["np.nanpercentile([1.0, np.nan, 3.0], 50)  # np.float64(2.0)"]),
    entry!(npu = crate::coverage::how::NANVAR, runs = Dispatch, Function, NumpyReduce, "numpy", "nanvar", "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", nanvar,
        "Variance ignoring NaN, dividing by N - ddof.", ["np.nanvar([1.0, np.nan, 3.0])  # np.float64(1.0)"]),
    entry!(npu = crate::coverage::how::NANVAR, runs = Dispatch, Function, NumpyReduce, "numpy", "nanstd", "(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False)", nanstd,
        "Standard deviation ignoring NaN, dividing by N - ddof.", ["np.nanstd([1.0, np.nan, 3.0], ddof=1)  # np.float64(1.4142135623730951)"]),
    entry!(npu = crate::coverage::how::BINNING, runs = Dispatch, Function, NumpyReduce, "numpy", "histogram", "(a, bins=10, range=None, density=None, weights=None)", histogram,
        "Counts of the values in each bin, and the bin edges (bins: a count, the edges, or an estimator name such as 'auto').",
        ["np.histogram([1, 2, 1], bins=2)  # (array([2, 1]), array([1. , 1.5, 2. ]))", "np.histogram([1, 2], bins=-1)  # ValueError: `bins` must be positive, when an integer"]),
    entry!(npu = crate::coverage::how::BINNING, runs = Dispatch, Function, NumpyReduce, "numpy", "histogram_bin_edges", "(a, bins=10, range=None, weights=None)", histogram_bin_edges,
        "The bin edges np.histogram would use.", ["np.histogram_bin_edges([0, 4], bins=2)  # array([0., 2., 4.])"]),
    entry!(npu = crate::coverage::how::BINCOUNT, runs = Dispatch, Function, NumpyReduce, "numpy", "bincount", "(x, /, weights=None, minlength=0)", bincount,
        "Occurrences of each non-negative integer (or the sums of their weights).",
        ["np.bincount([0, 1, 1, 3])  # array([1, 2, 0, 1])", "np.bincount([-1])  # ValueError: 'list' argument must have no negative elements"]),
    entry!(npu = crate::coverage::how::DIGITIZE, runs = Dispatch, Function, NumpyReduce, "numpy", "digitize", "(x, bins, right=False)", digitize,
        "The index of the bin each value falls in (bins increasing or decreasing).",
        ["np.digitize([0.5, 1.5, 2.5], [1, 2])  # array([0, 1, 2])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyManip, "numpy", "interp", "(x, xp, fp, left=None, right=None, period=None)", interp,
        "Piecewise-linear interpolation of (xp, fp) at x.", ["np.interp(2.5, [1, 2, 3], [3, 2, 0])  # np.float64(1.0)"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyManip, "numpy", "convolve", "(a, v, mode='full')", convolve,
        "Discrete linear convolution of two 1-d arrays (modes full, same, valid).",
        ["np.convolve([1, 2, 3], [0, 1, 0.5])  # array([0. , 1. , 2.5, 4. , 1.5])", "np.convolve([1, 2, 3], [1, 1], 'valid')  # array([3, 5])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyManip, "numpy", "correlate", "(a, v, mode='valid')", correlate,
        "Cross-correlation of two 1-d arrays (the second conjugated).", ["np.correlate([1, 2, 3], [0, 1, 0.5])  # array([3.5])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyReduce, "numpy", "cov", "(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None)", cov,
        "The covariance matrix of the variables (rows by default).", ["np.cov([1, 2, 3])  # array(1.)"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyReduce, "numpy", "corrcoef", "(x, y=None, rowvar=True, *, dtype=None)", corrcoef,
        "Pearson correlation coefficients.", ["np.corrcoef([1, 2, 3], [2, 4, 6])  # array([[1., 1.],\n       [1., 1.]])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyManip, "numpy", "gradient", "(f, *varargs, axis=None, edge_order=1)", gradient,
        "The gradient by central differences (one-sided at the ends); one array per axis.",
        ["np.gradient([1, 2, 4, 7])  # array([1. , 1.5, 2.5, 3. ])", "np.gradient([1, 2, 4, 7], 2.0)  # array([0.5 , 0.75, 1.25, 1.5 ])"]),
    entry!(npu = crate::coverage::how::TRAPEZOID, runs = Dispatch, Function, NumpyReduce, "numpy", "trapezoid", "(y, x=None, dx=1.0, axis=-1)", trapezoid,
        "The integral along an axis by the trapezoidal rule.", ["np.trapezoid([1, 2, 3])  # np.float64(4.0)"]),
    entry!(npu = crate::coverage::how::CROSS, runs = Dispatch, Function, NumpyManip, "numpy", "cross", "(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)", cross,
        "Cross products of 3-vectors (or 2-vectors) along the given axes.",
        ["np.cross([1, 0, 0], [0, 1, 0])  # array([0, 0, 1])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyUfunc, "numpy", "modf", "(x, /)", modf,
        "(fractional part, integral part), elementwise, both with the sign of x.",
        ["np.modf([1.5, -2.25])  # (array([ 0.5 , -0.25]), array([ 1., -2.]))"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyUfunc, "numpy", "frexp", "(x, /)", frexp,
        "(mantissa, exponent) with x == m * 2**e and 0.5 <= |m| < 1; the exponent is int32.",
        ["np.frexp([8.0, 0.0])  # (array([0.5, 0. ]), array([4, 0], dtype=int32))"]),
];

fn lane_opts(a: &Args, axis: usize, keepdims: usize, skip_nan: bool) -> Result<LaneOpts> {
    Ok(LaneOpts {
        axes: axes_arg(a.get(axis))?,
        keepdims: crate::ops::truthy(a.get(keepdims))?,
        skip_nan,
    })
}

fn median_any(a: &Args, skip_nan: bool) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let r = stats::median(&x, &lane_opts(a, 1, 4, skip_nan)?)?;
    deliver(r, a.get(2))
}

fn median(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    median_any(a, false)
}

fn nanmedian(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    median_any(a, true)
}

fn quantiles(v: &Value, scale: f64, msg: &str) -> Result<Quantiles> {
    let weak = matches!(v, Value::Int(_) | Value::Float(_) | Value::Bool(_));
    let q = as_array(v)?;
    let vals: Vec<f64> = q.to_elems().into_iter().map(|e| e.as_f64()).collect();
    if vals.iter().any(|&x| !(0.0..=scale).contains(&x)) {
        return Err(Error::value_error(msg.to_string()));
    }
    let vals = if scale == 1.0 {
        vals
    } else {
        vals.into_iter().map(|x| x / scale).collect()
    };
    Ok(Quantiles {
        q: vals,
        shape: q.shape().to_vec(),
        weak,
        dtype: if scale == 1.0 {
            q.dtype()
        } else {
            DType::Float64
        },
    })
}

fn quantile_any(a: &Args, percent: bool, skip_nan: bool) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let q = if percent {
        quantiles(a.get(1), 100.0, "Percentiles must be in the range [0, 100]")?
    } else {
        quantiles(a.get(1), 1.0, "Quantiles must be in the range [0, 1]")?
    };
    if q.shape.len() > 1 {
        return Err(Error::value_error("q must be a scalar or 1d"));
    }
    if !a.get(7).is_none() {
        return Err(Error::not_implemented(
            "weighted quantiles are not available yet",
        ));
    }
    let name = str_opt(a.get(8), "interpolation")?
        .or(str_opt(a.get(5), "method")?)
        .unwrap_or_else(|| "linear".to_string());
    let method = QuantileMethod::parse(&name)?;
    let r = stats::quantile(&x, &q, method, &lane_opts(a, 2, 6, skip_nan)?)?;
    deliver(r, a.get(3))
}

fn quantile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    quantile_any(a, false, false)
}

fn percentile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    quantile_any(a, true, false)
}

fn nanquantile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    quantile_any(a, false, true)
}

fn nanpercentile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    quantile_any(a, true, true)
}

fn nanvar_any(a: &Args, std: bool) -> Result<Value> {
    let mut x = as_array(a.get(0))?;
    if let Some(d) = super::conv::dtype_arg(a.get(2))? {
        x = xpush_npu::ops::cast(&x, d)?;
    }
    let ddof = crate::py::num::to_f64(a.get(4))?;
    let r = stats::nanvar(
        &x,
        axes_arg(a.get(1))?,
        ddof,
        crate::ops::truthy(a.get(5))?,
        std,
    )?;
    deliver(r, a.get(3))
}

fn nanvar(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nanvar_any(a, false)
}

fn nanstd(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    nanvar_any(a, true)
}

fn bins_arg(v: &Value) -> Result<Bins> {
    match v {
        Value::Str(s) => Ok(Bins::Estimator(s.to_string())),
        Value::Int(_) | Value::Bool(_) | Value::BigInt(_) => {
            let n = opt_int(v)?.unwrap_or(0);
            if n < 1 {
                return Err(Error::value_error(
                    "`bins` must be positive, when an integer",
                ));
            }
            Ok(Bins::Count(n as usize))
        }
        Value::Scalar(s) if s.dtype().is_integer() => bins_arg(&Value::Int(s.as_f64() as i64)),
        Value::Float(_) => Err(Error::type_error(
            "`bins` must be an integer, a string, or an array",
        )),
        other => {
            let e = as_array(other)?;
            if e.ndim() == 0 {
                return bins_arg(&super::conv::py_number(other)?);
            }
            Ok(Bins::Edges(e))
        }
    }
}

fn range_arg(v: &Value) -> Result<Option<(f64, f64)>> {
    if v.is_none() {
        return Ok(None);
    }
    let items = crate::py::iter::to_vec(v)?;
    let [lo, hi] = items.as_slice() else {
        return Err(Error::value_error("too many values to unpack (expected 2)"));
    };
    let (lo_f, hi_f) = (crate::py::num::to_f64(lo)?, crate::py::num::to_f64(hi)?);
    if lo_f > hi_f {
        return Err(Error::value_error(
            "max must be larger than min in range parameter.",
        ));
    }
    if !(lo_f.is_finite() && hi_f.is_finite()) {
        return Err(Error::value_error(format!(
            "supplied range of [{}, {}] is not finite",
            crate::ops::repr(lo),
            crate::ops::repr(hi)
        )));
    }
    Ok(Some((lo_f, hi_f)))
}

/// The data of `histogram`: bool input counts as uint8, as NumPy converts it.
fn hist_data(v: &Value) -> Result<Array> {
    let x = as_array(v)?;
    if x.dtype() == DType::Bool {
        return xpush_npu::ops::cast(&x, DType::UInt8);
    }
    Ok(x)
}

fn histogram(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = hist_data(a.get(0))?;
    let w = match a.get(4) {
        Value::None => None,
        v => Some(as_array(v)?),
    };
    let density = crate::ops::truthy(a.get(3))?;
    let (h, e) = hist::histogram(
        &x,
        &bins_arg(a.get(1))?,
        range_arg(a.get(2))?,
        density,
        w.as_ref(),
    )?;
    Ok(Value::tuple(vec![wrap(h), wrap(e)]))
}

fn histogram_bin_edges(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = hist_data(a.get(0))?;
    Ok(wrap(hist::histogram_bin_edges(
        &x,
        &bins_arg(a.get(1))?,
        range_arg(a.get(2))?,
    )?))
}

fn bincount(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    // An array of floats does not cast to intp safely (a list of floats
    // still reads, as NumPy's deprecated path does).
    if let Value::Array(arr) = a.get(0) {
        if arr.dtype().is_float() || arr.dtype().is_complex() {
            return Err(Error::type_error(format!(
                "Cannot cast array data from dtype('{}') to dtype('int64') according to the rule 'safe'",
                arr.dtype().name()
            )));
        }
    }
    let w = match a.get(1) {
        Value::None => None,
        v => Some(as_array(v)?),
    };
    let minlength = opt_int(a.get(2))?.unwrap_or(0);
    Ok(wrap(hist::bincount(&x, w.as_ref(), minlength)?))
}

fn digitize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let bins = as_array(a.get(1))?;
    wrap_result(hist::digitize(&x, &bins, crate::ops::truthy(a.get(2))?)?)
}

fn elem_opt(v: &Value) -> Result<Option<xpush_npu::Elem>> {
    if v.is_none() {
        return Ok(None);
    }
    Ok(Some(super::conv::to_scalar(v)?.to_elem()))
}

fn interp(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let (xp, fp) = (as_array(a.get(1))?, as_array(a.get(2))?);
    let period = match a.get(5) {
        Value::None => None,
        v => Some(crate::py::num::to_f64(v)?),
    };
    let r = numeric::interp(
        &x,
        &xp,
        &fp,
        elem_opt(a.get(3))?,
        elem_opt(a.get(4))?,
        period,
    )?;
    wrap_result(r)
}

fn mode_arg(v: &Value) -> Result<ConvMode> {
    match v {
        Value::Int(0) => Ok(ConvMode::Valid),
        Value::Int(1) => Ok(ConvMode::Same),
        Value::Int(2) => Ok(ConvMode::Full),
        other => ConvMode::parse(str_opt(other, "mode")?.as_deref().unwrap_or("")),
    }
}

fn convolve(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, v) = (as_array(a.get(0))?, as_array(a.get(1))?);
    Ok(wrap(numeric::convolve(&x, &v, mode_arg(a.get(2))?)?))
}

fn correlate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, v) = (as_array(a.get(0))?, as_array(a.get(1))?);
    Ok(wrap(numeric::correlate(&x, &v, mode_arg(a.get(2))?)?))
}

fn opt_array(v: &Value) -> Result<Option<Array>> {
    match v {
        Value::None => Ok(None),
        other => Ok(Some(as_array(other)?)),
    }
}

fn cov(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = as_array(a.get(0))?;
    let y = opt_array(a.get(1))?;
    if !a.get(5).is_none() || !a.get(6).is_none() {
        return Err(Error::not_implemented("cov weights are not available yet"));
    }
    let ddof = match a.get(4) {
        Value::None => None,
        v => Some(crate::py::num::to_f64(v)?),
    };
    let rowvar = crate::ops::truthy(a.get(2))?;
    let bias = crate::ops::truthy(a.get(3))?;
    Ok(wrap(numeric::cov(&m, y.as_ref(), rowvar, bias, ddof)?))
}

fn corrcoef(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let y = opt_array(a.get(1))?;
    Ok(wrap(numeric::corrcoef(
        &x,
        y.as_ref(),
        crate::ops::truthy(a.get(2))?,
    )?))
}

fn spacing_of(v: &Value) -> Result<Spacing> {
    match v {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => {
            Ok(Spacing::Step(crate::py::num::to_f64(v)?))
        }
        other => {
            let s = as_array(other)?;
            if s.ndim() == 0 {
                return Ok(Spacing::Step(s.item()?.as_f64()));
            }
            Ok(Spacing::Coords(s))
        }
    }
}

fn gradient(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = as_array(a.get(0))?;
    let nd = f.ndim();
    let axes: Vec<usize> = match axes_arg(a.get(1))? {
        None => (0..nd).collect(),
        Some(list) => list
            .iter()
            .map(|&ax| xpush_npu::layout::normalize_axis(ax, nd))
            .collect::<Result<_>>()?,
    };
    let edge = opt_int(a.get(2))?.unwrap_or(1);
    if !(0..=2).contains(&edge) {
        return Err(Error::value_error(
            "'edge_order' greater than 2 not supported",
        ));
    }
    let spacing: Vec<Spacing> = match a.rest.len() {
        0 => vec![Spacing::Step(1.0); axes.len()],
        1 => vec![spacing_of(&a.rest[0])?; axes.len()],
        n if n == axes.len() => a.rest.iter().map(spacing_of).collect::<Result<_>>()?,
        _ => return Err(Error::type_error("invalid number of arguments")),
    };
    let outs = numeric::gradient(&f, &spacing, &axes, edge.max(1) as usize)?;
    if outs.len() == 1 {
        return Ok(wrap(
            outs.into_iter()
                .next()
                .unwrap_or_else(|| Array::zeros(&[0], DType::Float64)),
        ));
    }
    Ok(Value::tuple(outs.into_iter().map(wrap).collect()))
}

fn trapezoid(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let y = as_array(a.get(0))?;
    let x = opt_array(a.get(1))?;
    let dx = crate::py::num::to_f64(a.get(2))?;
    let axis = opt_int(a.get(3))?.unwrap_or(-1) as isize;
    wrap_result(numeric::trapezoid(&y, x.as_ref(), dx, axis)?)
}

fn cross(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (as_array(a.get(0))?, as_array(a.get(1))?);
    let ax = |i: usize| -> Result<isize> {
        match opt_int(a.get(5))? {
            Some(v) => Ok(v as isize),
            None => Ok(opt_int(a.get(i))?.unwrap_or(-1) as isize),
        }
    };
    Ok(wrap(numeric::cross(&x, &y, ax(2)?, ax(3)?, ax(4)?)?))
}

fn pair(r: (Array, Array)) -> Result<Value> {
    Ok(Value::tuple(vec![wrap_result(r.0)?, wrap_result(r.1)?]))
}

fn modf(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    pair(numeric::modf(&as_array(a.get(0))?)?)
}

fn frexp(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    pair(numeric::frexp(&as_array(a.get(0))?)?)
}
