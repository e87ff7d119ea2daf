//! `np.histogramdd` and `np.histogram2d`: NumPy's definitions
//! (numpy/lib/_histograms_impl.py, numpy/lib/_twodim_base_impl.py) over
//! `linspace`, `searchsorted`, `ravel_multi_index` and `bincount`.

use xpush_lang::ast::{BinOp, CmpOp};

use super::compose::{bin, cmp, item, method, np, np_kw, slice, truth};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::BINNING, runs = Dispatch, Function, NumpyManip, "numpy", "histogramdd", "(sample, bins=10, range=None, density=None, weights=None)", histogramdd,
        "The D-dimensional histogram of N points (an (N, D) array or D sequences) and the bin edges of each dimension.",
        ["np.histogramdd(np.array([[0.0, 0.0], [1.0, 1.0]]), bins=2)[0]  # array([[1., 0.],\n       [0., 1.]])"]),
    entry!(npu = crate::coverage::how::BINNING, runs = Dispatch, Function, NumpyManip, "numpy", "histogram2d", "(x, y, bins=10, range=None, density=None, weights=None)", histogram2d,
        "The 2-d histogram of points (x, y), with the x and y bin edges.",
        ["np.histogram2d([0, 1], [0, 1], bins=2)[0]  # array([[1., 0.],\n       [0., 1.]])"]),
];

fn len_of(v: &Value) -> Result<Option<usize>> {
    Ok(match v {
        Value::List(l) => Some(l.borrow().len()),
        Value::Tuple(t) => Some(t.len()),
        Value::Array(a) if a.ndim() > 0 => Some(a.shape()[0]),
        _ => None,
    })
}

/// NumPy's `_get_outer_edges`: the range, or the data's (widened by 0.5
/// when it is one value).
fn outer_edges(host: &mut dyn Host, a: &Value, range: &Value) -> Result<(Value, Value)> {
    let (mut first, mut last) = if !matches!(range, Value::None) {
        let parts = crate::py::iter::to_vec(range)?;
        let [f, l] = <[Value; 2]>::try_from(parts)
            .map_err(|_| Error::value_error("too many values to unpack (expected 2)"))?;
        if truth(&cmp(CmpOp::Gt, &f, &l)?)? {
            return Err(Error::value_error(
                "max must be larger than min in range parameter.",
            ));
        }
        let finite =
            |host: &mut dyn Host, v: &Value| truth(&np(host, "isfinite", vec![v.clone()])?);
        if !(finite(host, &f)? && finite(host, &l)?) {
            return Err(Error::value_error(format!(
                "supplied range of [{}, {}] is not finite",
                crate::ops::to_str(&f),
                crate::ops::to_str(&l)
            )));
        }
        (f, l)
    } else if as_array(a)?.size() == 0 {
        (Value::Int(0), Value::Int(1))
    } else {
        let f = method(host, a, "min", Vec::new())?;
        let l = method(host, a, "max", Vec::new())?;
        let finite =
            |host: &mut dyn Host, v: &Value| truth(&np(host, "isfinite", vec![v.clone()])?);
        if !(finite(host, &f)? && finite(host, &l)?) {
            return Err(Error::value_error(format!(
                "autodetected range of [{}, {}] is not finite",
                crate::ops::to_str(&f),
                crate::ops::to_str(&l)
            )));
        }
        (f, l)
    };
    if truth(&cmp(CmpOp::Eq, &first, &last)?)? {
        first = bin(BinOp::Sub, &first, &Value::Float(0.5))?;
        last = bin(BinOp::Add, &last, &Value::Float(0.5))?;
    }
    Ok((first, last))
}

fn histogramdd(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (hist, edges) = histogram_dd(host, a.get(0), a.get(1), a.get(2), a.get(3), a.get(4))?;
    Ok(Value::tuple(vec![hist, Value::list(edges)]))
}

/// NumPy's `histogramdd`: the histogram and each dimension's edges.
fn histogram_dd(
    host: &mut dyn Host,
    sample: &Value,
    bins: &Value,
    range: &Value,
    density: &Value,
    weights: &Value,
) -> Result<(Value, Vec<Value>)> {
    // An (N, D) array as it is; anything else as D sequences of N values.
    let sample = match sample {
        Value::Array(s) if s.ndim() == 2 => sample.clone(),
        other => {
            let s = np(host, "atleast_2d", vec![other.clone()])?;
            crate::ops::getattr(&s, "T")?
        }
    };
    let d = as_array(&sample)?.shape()[1];
    let weights = match weights {
        Value::None => Value::None,
        w => np(host, "asarray", vec![w.clone()])?,
    };
    let bins: Vec<Value> = match len_of(bins)? {
        Some(m) if m != d => {
            return Err(Error::value_error(
                "The dimension of bins must be equal to the dimension of the sample x.",
            ))
        }
        Some(_) => crate::py::iter::to_vec(bins)?,
        None => vec![bins.clone(); d],
    };
    let ranges: Vec<Value> = match range {
        Value::None => vec![Value::None; d],
        r => {
            let rs = crate::py::iter::to_vec(r)?;
            if rs.len() != d {
                return Err(Error::value_error(
                    "range argument must have one entry per dimension",
                ));
            }
            rs
        }
    };
    let mut edges = Vec::with_capacity(d);
    let mut dedges = Vec::with_capacity(d);
    let mut nbin = Vec::with_capacity(d);
    for i in 0..d {
        let col = item(
            &sample,
            Value::tuple(vec![slice(None, None, None), Value::Int(i as i64)]),
        )?;
        let b = &bins[i];
        let bnd = crate::py::num::index_i64(&np(host, "ndim", vec![b.clone()])?)?;
        let e = if bnd == 0 {
            if truth(&cmp(CmpOp::Lt, b, &Value::Int(1))?)? {
                return Err(Error::value_error(format!(
                    "`bins[{i}]` must be positive, when an integer"
                )));
            }
            let (lo, hi) = outer_edges(host, &col, &ranges[i])?;
            let n = crate::py::num::index_i64(b).map_err(|_| {
                Error::type_error(format!("`bins[{i}]` must be an integer, when a scalar"))
            })?;
            np(host, "linspace", vec![lo, hi, Value::Int(n + 1)])?
        } else if bnd == 1 {
            let e = np(host, "asarray", vec![b.clone()])?;
            let lower = item(&e, slice(None, Some(-1), None))?;
            let upper = item(&e, slice(Some(1), None, None))?;
            if truth(&np(host, "any", vec![cmp(CmpOp::Gt, &lower, &upper)?])?)? {
                return Err(Error::value_error(format!(
                    "`bins[{i}]` must be monotonically increasing, when an array"
                )));
            }
            e
        } else {
            return Err(Error::value_error(format!(
                "`bins[{i}]` must be a scalar or 1d array"
            )));
        };
        nbin.push(as_array(&e)?.size() + 1);
        dedges.push(np(host, "diff", vec![e.clone()])?);
        edges.push(e);
    }
    // Each point's bin per dimension (0 and n+1 are the outliers); points
    // on the last edge belong to the last bin.
    let mut counts = Vec::with_capacity(d);
    for (i, e) in edges.iter().enumerate() {
        let col = item(
            &sample,
            Value::tuple(vec![slice(None, None, None), Value::Int(i as i64)]),
        )?;
        let idx = np_kw(
            host,
            "searchsorted",
            vec![e.clone(), col.clone()],
            &[("side", Value::str("right"))],
        )?;
        let last = item(e, Value::Int(-1))?;
        let on_edge = cmp(CmpOp::Eq, &col, &last)?;
        let on_edge = method(
            host,
            &on_edge,
            "astype",
            vec![Value::DType(xpush_npu::DType::Int64)],
        )?;
        counts.push(bin(BinOp::Sub, &idx, &on_edge)?);
    }
    let shape = super::compose::shape_value(&nbin);
    let xy = np(
        host,
        "ravel_multi_index",
        vec![Value::tuple(counts), shape.clone()],
    )?;
    let total: usize = nbin.iter().product();
    let mut hist = np_kw(
        host,
        "bincount",
        vec![xy, weights],
        &[("minlength", Value::Int(total as i64))],
    )?;
    hist = method(host, &hist, "reshape", vec![shape])?;
    hist = method(
        host,
        &hist,
        "astype",
        vec![Value::DType(xpush_npu::DType::Float64)],
    )?;
    let core = Value::tuple(vec![slice(Some(1), Some(-1), None); d]);
    hist = item(&hist, core)?;
    if truth(density)? {
        let s = method(host, &hist, "sum", Vec::new())?;
        for (i, de) in dedges.iter().enumerate() {
            let mut shape = vec![Value::Int(1); d];
            shape[i] = Value::Int(nbin[i] as i64 - 2);
            let w = method(host, de, "reshape", vec![Value::tuple(shape)])?;
            hist = bin(BinOp::Div, &hist, &w)?;
        }
        hist = bin(BinOp::Div, &hist, &s)?;
    }
    Ok((hist, edges))
}

fn histogram2d(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (a.get(0).clone(), a.get(1).clone());
    let (nx, ny) = (len_of(&x)?, len_of(&y)?);
    if nx != ny {
        return Err(Error::value_error("x and y must have the same length."));
    }
    let mut bins = a.get(2).clone();
    let n = len_of(&bins)?.unwrap_or(1);
    if n != 1 && n != 2 {
        let e = np(host, "asarray", vec![bins])?;
        bins = Value::list(vec![e.clone(), e]);
    }
    let sample = Value::list(vec![x, y]);
    let (hist, edges) = histogram_dd(host, &sample, &bins, a.get(3), a.get(4), a.get(5))?;
    let mut out = vec![hist];
    out.extend(edges);
    Ok(Value::tuple(out))
}
