//! Counting and binning with NumPy 2 semantics: `histogram`,
//! `histogram_bin_edges`, `bincount`, `digitize`.
//!
//! # Policy
//!
//! - Computed on the host (results copied back to the input's device).
//! - Bin edges: `bins` equal bins over the range (the data's min and max
//!   by default, widened by 0.5 each way when they are equal) in the
//!   data's float dtype (float64 for bool and integers), built as NumPy's
//!   `linspace` does with every step rounded to that dtype; or given
//!   edges; or a width estimator (`'auto'`, `'fd'`, `'doane'`, `'scott'`,
//!   `'rice'`, `'sturges'`, `'sqrt'`).
//! - A value lands in bin `i` when `edges[i] <= x < edges[i + 1]`, the
//!   last bin closed; values outside the range are dropped.
//! - Counts are int64; weighted counts take the weights' dtype.

use crate::array::Array;
use crate::device::Device;
use crate::device::ToDevice;
use crate::dtype::{DType, Elem};
use crate::error::{Error, Result};
use xpush_core::order::np_cmp;

use super::ReduceOp;

/// `bins=` of `np.histogram`.
#[derive(Clone, Debug)]
pub enum Bins {
    /// That many equal-width bins.
    Count(usize),
    /// The bin edges (monotonically increasing).
    Edges(Array),
    /// A bin-width estimator by name.
    Estimator(String),
}

fn host_f64(a: &Array) -> Result<Vec<f64>> {
    Ok(a.to_device(Device::Cpu)?
        .to_elems()
        .into_iter()
        .map(Elem::as_f64)
        .collect())
}

fn py_float(x: f64) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        format!("{x:?}")
    }
}

/// The dtype bin edges are computed in for data of dtype `d`.
fn edge_dtype(d: DType) -> DType {
    if d.is_float() {
        d
    } else {
        DType::Float64
    }
}

/// The range of the histogram: given, or the data's min and max
/// (NumPy's `_get_outer_edges`).
fn outer_edges(data: &[f64], range: Option<(f64, f64)>) -> Result<(f64, f64)> {
    let (mut lo, mut hi) = match range {
        Some((lo, hi)) => {
            if lo > hi {
                return Err(Error::value_error(
                    "max must be larger than min in range parameter.",
                ));
            }
            if !(lo.is_finite() && hi.is_finite()) {
                return Err(Error::value_error(format!(
                    "supplied range of [{}, {}] is not finite",
                    py_float(lo),
                    py_float(hi)
                )));
            }
            (lo, hi)
        }
        None if data.is_empty() => (0.0, 1.0),
        None => {
            let lo =
                data.iter().copied().fold(
                    f64::INFINITY,
                    |m, x| if x < m || x.is_nan() { x } else { m },
                );
            let hi = data.iter().copied().fold(f64::NEG_INFINITY, |m, x| {
                if x > m || x.is_nan() {
                    x
                } else {
                    m
                }
            });
            let (lo, hi) = if data.iter().any(|x| x.is_nan()) {
                (f64::NAN, f64::NAN)
            } else {
                (lo, hi)
            };
            if !(lo.is_finite() && hi.is_finite()) {
                return Err(Error::value_error(format!(
                    "autodetected range of [{}, {}] is not finite",
                    py_float(lo),
                    py_float(hi)
                )));
            }
            (lo, hi)
        }
    };
    if lo == hi {
        lo -= 0.5;
        hi += 0.5;
    }
    Ok((lo, hi))
}

/// NumPy's `linspace(lo, hi, n + 1)` in the precision `r` rounds to.
fn linspace(lo: f64, hi: f64, n: usize, r: fn(f64) -> f64) -> Vec<f64> {
    let (lo, hi) = (r(lo), r(hi));
    let delta = r(hi - lo);
    let step = r(delta / n as f64);
    let mut y: Vec<f64> = (0..=n)
        .map(|i| {
            let t = if step == 0.0 {
                r(r(i as f64 / n as f64) * delta)
            } else {
                r(i as f64 * step)
            };
            r(t + lo)
        })
        .collect();
    if let Some(last) = y.last_mut() {
        *last = hi;
    }
    y
}

fn rounder(d: DType) -> fn(f64) -> f64 {
    match d {
        DType::Float32 => |x| f64::from(x as f32),
        DType::Float16 => |x| half::f16::from_f64(x).to_f64(),
        _ => |x| x,
    }
}

fn percentile_linear(sorted: &[f64], p: f64) -> f64 {
    let v = (sorted.len() - 1) as f64 * p;
    let i = v.floor() as usize;
    let j = (i + 1).min(sorted.len() - 1);
    let g = v - v.floor();
    let diff = sorted[j] - sorted[i];
    if g >= 0.5 {
        sorted[j] - diff * (1.0 - g)
    } else {
        sorted[i] + diff * g
    }
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

fn std(x: &[f64]) -> f64 {
    let m = mean(x);
    (x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / x.len() as f64).sqrt()
}

/// The bin width NumPy's estimator `name` proposes for `x` (0 when it
/// cannot tell).
fn estimator_width(name: &str, x: &[f64]) -> Result<f64> {
    let n = x.len() as f64;
    let ptp = x.iter().copied().fold(f64::NEG_INFINITY, f64::max)
        - x.iter().copied().fold(f64::INFINITY, f64::min);
    let sturges = || ptp / (n.log2() + 1.0);
    let fd = || {
        let mut s = x.to_vec();
        super::stats::sort_f64(&mut s);
        let iqr = percentile_linear(&s, 0.75) - percentile_linear(&s, 0.25);
        2.0 * iqr * n.powf(-1.0 / 3.0)
    };
    Ok(match name {
        "sqrt" => ptp / n.sqrt(),
        "sturges" => sturges(),
        "rice" => ptp / (2.0 * n.powf(1.0 / 3.0)),
        "scott" => (24.0 * std::f64::consts::PI.sqrt() / n).powf(1.0 / 3.0) * std(x),
        "fd" => fd(),
        "auto" => {
            let (f, s) = (fd(), sturges());
            if f > 0.0 {
                f.min(s)
            } else {
                s
            }
        }
        "doane" => {
            if x.len() > 2 {
                let sg1 = (6.0 * (n - 2.0) / ((n + 1.0) * (n + 3.0))).sqrt();
                let sigma = std(x);
                if sigma > 0.0 {
                    let m = mean(x);
                    let g1 = mean(
                        &x.iter()
                            .map(|v| ((v - m) / sigma).powi(3))
                            .collect::<Vec<_>>(),
                    );
                    return Ok(ptp / (1.0 + n.log2() + (1.0 + g1.abs() / sg1).log2()));
                }
            }
            0.0
        }
        "stone" => {
            return Err(Error::not_implemented(
                "the 'stone' bin estimator is not available yet",
            ))
        }
        other => {
            return Err(Error::value_error(format!(
                "'{other}' is not a valid estimator for `bins`"
            )))
        }
    })
}

fn check_edges(e: &[f64]) -> Result<()> {
    if e.windows(2).any(|w| w[0] > w[1]) {
        return Err(Error::value_error(
            "`bins` must increase monotonically, when an array",
        ));
    }
    Ok(())
}

/// The bin edges `np.histogram` uses, as an array of the edge dtype.
fn edges_of(
    a: &Array,
    data: &[f64],
    bins: &Bins,
    range: Option<(f64, f64)>,
) -> Result<(Vec<f64>, DType)> {
    let dt = edge_dtype(a.dtype());
    let r = rounder(dt);
    match bins {
        Bins::Edges(e) => {
            if e.ndim() != 1 {
                return Err(Error::value_error("`bins` must be 1d, when an array"));
            }
            let v = host_f64(e)?;
            check_edges(&v)?;
            Ok((v, e.dtype()))
        }
        Bins::Count(0) => Err(Error::value_error(
            "`bins` must be positive, when an integer",
        )),
        Bins::Count(n) => {
            let (lo, hi) = outer_edges(data, range)?;
            Ok((linspace(lo, hi, *n, r), dt))
        }
        Bins::Estimator(name) => {
            let (lo, hi) = outer_edges(data, range)?;
            let inside: Vec<f64> = match range {
                Some(_) => data
                    .iter()
                    .copied()
                    .filter(|x| (lo..=hi).contains(x))
                    .collect(),
                None => data.to_vec(),
            };
            let n = if inside.is_empty() {
                estimator_width(name, &[1.0])?;
                1
            } else {
                let mut w = estimator_width(name, &inside)?;
                // Integer data: bins at least one wide, as NumPy has it.
                if w > 0.0 && (a.dtype().is_integer() || a.dtype().is_bool()) && w < 1.0 {
                    w = 1.0;
                }
                if w > 0.0 {
                    ((hi - lo) / w).ceil() as usize
                } else {
                    1
                }
            };
            Ok((linspace(lo, hi, n.max(1), r), dt))
        }
    }
}

/// `np.histogram_bin_edges(a, bins, range, weights)`.
pub fn histogram_bin_edges(a: &Array, bins: &Bins, range: Option<(f64, f64)>) -> Result<Array> {
    let data = host_f64(a)?;
    let (e, dt) = edges_of(a, &data, bins, range)?;
    let n = e.len();
    let elems: Vec<Elem> = e.into_iter().map(Elem::Float).collect();
    Array::from_elems(&elems, &[n], dt)?.to_device(a.device())
}

/// `np.histogram(a, bins, range, density, weights)`: `(hist, bin_edges)`.
pub fn histogram(
    a: &Array,
    bins: &Bins,
    range: Option<(f64, f64)>,
    density: bool,
    weights: Option<&Array>,
) -> Result<(Array, Array)> {
    let data = host_f64(a)?;
    let w = match weights {
        Some(w) if w.shape() != a.shape() => {
            return Err(Error::value_error(
                "weights should have the same shape as a.",
            ))
        }
        Some(w) => Some((w.to_device(Device::Cpu)?.to_elems(), w.dtype())),
        None => None,
    };
    let (edges, edt) = edges_of(a, &data, bins, range)?;
    let nb = edges.len() - 1;
    let (lo, hi) = (edges[0], edges[nb]);
    let mut counts = vec![0i64; nb];
    let mut sums = vec![Elem::Float(0.0); nb];
    for (k, &x) in data.iter().enumerate() {
        if !(lo..=hi).contains(&x) {
            continue;
        }
        let pos = edges.partition_point(|&e| e <= x);
        let i = pos.saturating_sub(1).min(nb - 1);
        counts[i] += 1;
        if let Some((we, _)) = &w {
            sums[i] = add_elem(sums[i], we[k]);
        }
    }
    let dev = a.device();
    let edge_arr = {
        let el: Vec<Elem> = edges.iter().map(|&x| Elem::Float(x)).collect();
        Array::from_elems(&el, &[nb + 1], edt)?
    };
    let hist: Vec<Elem> = match &w {
        Some(_) => sums,
        None => counts.iter().map(|&c| Elem::Int(c)).collect(),
    };
    let hdt = match &w {
        Some((_, DType::Bool)) => DType::Int64,
        Some((_, d)) => *d,
        None => DType::Int64,
    };
    if density {
        let vals: Vec<f64> = hist.iter().map(|e| e.as_f64()).collect();
        let total: f64 = vals.iter().sum();
        let dens: Vec<Elem> = vals
            .iter()
            .enumerate()
            .map(|(i, v)| Elem::Float(v / (edges[i + 1] - edges[i]) / total))
            .collect();
        let h = Array::from_elems(&dens, &[nb], DType::Float64)?;
        return Ok((h.to_device(dev)?, edge_arr.to_device(dev)?));
    }
    let h = Array::from_elems(&hist, &[nb], hdt)?;
    Ok((h.to_device(dev)?, edge_arr.to_device(dev)?))
}

fn add_elem(a: Elem, b: Elem) -> Elem {
    match (a, b) {
        (Elem::Complex(..), _) | (_, Elem::Complex(..)) => {
            let (x, y) = (a.as_complex(), b.as_complex());
            Elem::Complex(x.0 + y.0, x.1 + y.1)
        }
        _ => Elem::Float(a.as_f64() + b.as_f64()),
    }
}

/// `np.bincount(x, weights, minlength)`: occurrences of each
/// non-negative integer (int64), or the sums of their weights (float64).
pub fn bincount(x: &Array, weights: Option<&Array>, minlength: i64) -> Result<Array> {
    if x.ndim() > 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    if minlength < 0 {
        return Err(Error::value_error("'minlength' must not be negative"));
    }
    let negative = || Error::value_error("'list' argument must have no negative elements");
    if weights.is_none() && x.ndim() == 1 && crate::device::runs_on_device(super::Op::Bincount, x) {
        // NumPy's checks on the device (the least value, the largest: the
        // length), then one aclnnBincount; CANN counts in INT32.
        let (lo, hi) = (extreme(x, ReduceOp::Min)?, extreme(x, ReduceOp::Max)?);
        if lo < 0 {
            return Err(negative());
        }
        let n = (hi + 1).max(minlength) as usize;
        if hi < i64::from(i32::MAX) {
            let host = |h: &Array| Array::from_vec(counts(&int_values(h)?, n), &[n]);
            if let Some(r) = crate::device::bincount_on_device(x, n, &host)? {
                return Ok(r);
            }
        }
    }
    let vals = int_values(x)?;
    if vals.iter().any(|&v| v < 0) {
        return Err(negative());
    }
    let n = vals
        .iter()
        .copied()
        .max()
        .map_or(0, |m| m + 1)
        .max(minlength) as usize;
    let dev = x.device();
    match weights {
        None => Array::from_vec(counts(&vals, n), &[n])?.to_device(dev),
        Some(w) => {
            if w.size() != vals.len() || w.ndim() > 1 {
                return Err(Error::value_error(
                    "The weights and list don't have the same length.",
                ));
            }
            let wv = host_f64(w)?;
            let mut c = vec![0f64; n];
            for (&v, &wt) in vals.iter().zip(&wv) {
                c[v as usize] += wt;
            }
            Array::from_vec(c, &[n])?.to_device(dev)
        }
    }
}

/// The values of `x` as int64, on the host.
fn int_values(x: &Array) -> Result<Vec<i64>> {
    Ok(x.to_device(Device::Cpu)?
        .to_elems()
        .into_iter()
        .map(|e| match e {
            Elem::Int(i) => i,
            Elem::UInt(u) => u as i64,
            Elem::Bool(b) => i64::from(b),
            other => other.as_f64() as i64,
        })
        .collect())
}

/// How often each of `0..n` occurs in `vals` (all in range).
fn counts(vals: &[i64], n: usize) -> Vec<i64> {
    let mut c = vec![0i64; n];
    for &v in vals {
        c[v as usize] += 1;
    }
    c
}

/// The least (`Min`) or largest (`Max`) element of the non-empty integer
/// array `x`, reduced where `x` lives.
fn extreme(x: &Array, op: ReduceOp) -> Result<i64> {
    let r = super::dispatch::reduce(op, x, &super::dispatch::ReduceOpts::default())?;
    Ok(int_values(&r)?[0])
}

/// `np.digitize(x, bins, right)`: the index of the bin each value falls
/// in (int64, `x`'s shape), for increasing or decreasing `bins`: NumPy's
/// `searchsorted(bins, x, side='left' if right else 'right')`, through
/// aclnnSearchSorted for increasing integer bins on an NPU.
pub fn digitize(x: &Array, bins: &Array, right: bool) -> Result<Array> {
    if bins.ndim() != 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    let b = bins.to_device(Device::Cpu)?.to_elems();
    let inc = b.windows(2).all(|w| np_cmp(w[0], w[1]).is_le());
    let dec = b.windows(2).all(|w| np_cmp(w[0], w[1]).is_ge());
    if !inc && !dec {
        return Err(Error::value_error(
            "bins must be monotonically increasing or decreasing",
        ));
    }
    let on_device = |a: &Array| crate::device::runs_on_device(super::Op::SearchSorted, a);
    if inc && on_device(bins) && on_device(x) {
        // NumPy's definition for increasing bins: one aclnnSearchSorted.
        return super::select::searchsorted(bins, x, !right, None);
    }
    let n = b.len();
    let sorted: Vec<Elem> = if inc {
        b
    } else {
        b.into_iter().rev().collect()
    };
    let out: Vec<i64> = x
        .to_device(Device::Cpu)?
        .to_elems()
        .into_iter()
        .map(|v| {
            // searchsorted(sorted, v, side): 'left' counts elements < v.
            let left_side = right;
            let pos = if left_side {
                sorted.partition_point(|&e| np_cmp(e, v).is_lt())
            } else {
                sorted.partition_point(|&e| np_cmp(e, v).is_le())
            };
            if inc {
                pos as i64
            } else {
                (n - pos) as i64
            }
        })
        .collect();
    Array::from_vec(out, x.shape())?.to_device(x.device())
}
