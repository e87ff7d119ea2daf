//! Order statistics and other NumPy 2 statistics over [`Array`]s:
//! `median`, `quantile` / `percentile` with every `method=`, their `nan`
//! forms, `nanvar` / `nanstd`.
//!
//! # Policy
//!
//! - Lanes: the reduced axes are moved last and flattened (NumPy's
//!   `_ureduce`); each lane is sorted in NumPy's order (NaN last), so a
//!   lane holding NaN gives NaN (the `nan` forms drop NaN first; an empty
//!   or all-NaN lane gives NaN). Lanes of an NPU array whose dtype
//!   `aclnnSort` takes are sorted on the device (one `aclnnSort`), then
//!   copied to the host, where the order statistics are picked and
//!   interpolated; other lanes are sorted on the host.
//! - dtypes: bool and integer input gives float64; float16 / float32 stay
//!   (the interpolation rounds every step to the result dtype as NumPy's
//!   ufuncs do); a `q` given as an array promotes with float64; the
//!   discrete methods (`inverted_cdf`, `closest_observation`, `lower`,
//!   `higher`, `nearest`) return input elements in the input dtype.
//! - `nanvar` / `nanstd` are composed from dispatch ops (so they run on
//!   the array's device) with NumPy's algorithm: NaN zeroed, pairwise
//!   sums, `N - ddof` divisor, NaN where it is not positive.
//! - Complex input to the quantiles is NumPy's `TypeError: a must be an
//!   array of real numbers`.

use crate::array::Array;
use crate::device::Device;
use crate::device::ToDevice;
use crate::dtype::{DType, Elem};
use crate::error::{Error, Result};
use crate::layout::normalize_axis;
use crate::promote::{promote_types, with_weak, PyScalarKind};
use xpush_core::order::{float_cmp, is_nan};

use super::dispatch::{self, Operand, ReduceOpts};
use super::{BinaryOp, ReduceOp, UnaryOp};

/// A `method=` of `np.quantile` (Hyndman and Fan's nine and NumPy's four
/// others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuantileMethod {
    /// H&F 1.
    InvertedCdf,
    /// H&F 2.
    AveragedInvertedCdf,
    /// H&F 3.
    ClosestObservation,
    /// H&F 4.
    InterpolatedInvertedCdf,
    /// H&F 5.
    Hazen,
    /// H&F 6.
    Weibull,
    /// H&F 7, the default.
    Linear,
    /// H&F 8.
    MedianUnbiased,
    /// H&F 9.
    NormalUnbiased,
    /// The element below.
    Lower,
    /// The element above.
    Higher,
    /// The mean of the two around.
    Midpoint,
    /// The nearest element (ties to the even index).
    Nearest,
}

const METHOD_NAMES: [(&str, QuantileMethod); 13] = [
    ("inverted_cdf", QuantileMethod::InvertedCdf),
    ("averaged_inverted_cdf", QuantileMethod::AveragedInvertedCdf),
    ("closest_observation", QuantileMethod::ClosestObservation),
    (
        "interpolated_inverted_cdf",
        QuantileMethod::InterpolatedInvertedCdf,
    ),
    ("hazen", QuantileMethod::Hazen),
    ("weibull", QuantileMethod::Weibull),
    ("linear", QuantileMethod::Linear),
    ("median_unbiased", QuantileMethod::MedianUnbiased),
    ("normal_unbiased", QuantileMethod::NormalUnbiased),
    ("lower", QuantileMethod::Lower),
    ("higher", QuantileMethod::Higher),
    ("midpoint", QuantileMethod::Midpoint),
    ("nearest", QuantileMethod::Nearest),
];

impl QuantileMethod {
    /// Parses a method name (NumPy's `ValueError` listing the valid ones
    /// otherwise).
    pub fn parse(s: &str) -> Result<QuantileMethod> {
        METHOD_NAMES
            .iter()
            .find(|(n, _)| *n == s)
            .map(|(_, m)| *m)
            .ok_or_else(|| {
                let names: Vec<String> =
                    METHOD_NAMES.iter().map(|(n, _)| format!("'{n}'")).collect();
                Error::value_error(format!(
                    "'{s}' is not a valid method. Use one of: dict_keys([{}])",
                    names.join(", ")
                ))
            })
    }

    /// Whether the method picks an element instead of interpolating.
    fn discrete(self) -> bool {
        use QuantileMethod::*;
        matches!(
            self,
            InvertedCdf | ClosestObservation | Lower | Higher | Nearest
        )
    }
}

/// A quantile request: `q` values in `[0, 1]` and the shape they came in.
#[derive(Clone, Debug)]
pub struct Quantiles {
    /// The quantiles, in C order.
    pub q: Vec<f64>,
    /// Their shape (`[]` for a scalar).
    pub shape: Vec<usize>,
    /// `q` was a Python scalar (weak: float32 input stays float32).
    pub weak: bool,
    /// The dtype of `q` when it was an array or NumPy scalar.
    pub dtype: DType,
}

/// Options shared by the lane statistics.
#[derive(Clone, Debug, Default)]
pub struct LaneOpts {
    /// `axis=`: `None` for every axis.
    pub axes: Option<Vec<isize>>,
    /// `keepdims=`.
    pub keepdims: bool,
    /// Drop NaN before computing (the `nan` forms).
    pub skip_nan: bool,
}

/// The lanes of an array along the reduced axes.
struct Lanes {
    /// The elements, lane after lane.
    elems: Vec<Elem>,
    /// The lane length.
    n: usize,
    /// The shape of the kept axes (the result without keepdims).
    kept: Vec<usize>,
    /// The keepdims shape.
    keep: Vec<usize>,
}

/// The lanes of `a` along the reduced axes (NumPy's `_ureduce`).
fn lanes(a: &Array, axes: Option<&[isize]>) -> Result<Lanes> {
    let nd = a.ndim();
    let mut red = vec![false; nd];
    match axes {
        None => red.iter_mut().for_each(|r| *r = true),
        Some(list) => {
            for &ax in list {
                let k = normalize_axis(ax, nd)?;
                if red[k] {
                    return Err(Error::value_error("duplicate value in 'axis'"));
                }
                red[k] = true;
            }
        }
    }
    let kept: Vec<usize> = (0..nd).filter(|&i| !red[i]).collect();
    let gone: Vec<usize> = (0..nd).filter(|&i| red[i]).collect();
    let perm: Vec<isize> = kept.iter().chain(&gone).map(|&i| i as isize).collect();
    let n: usize = gone.iter().map(|&i| a.shape()[i]).product();
    let kept_shape: Vec<usize> = kept.iter().map(|&i| a.shape()[i]).collect();
    let mut moved = a.transpose(Some(&perm))?;
    if n > 1 && crate::device::runs_on_device(super::Op::Sort, &moved) {
        // Each lane sorted by aclnnSort on the device; the host's sort of
        // a sorted lane below is one pass.
        let mut shape: Vec<isize> = kept_shape.iter().map(|&k| k as isize).collect();
        shape.push(n as isize);
        moved = super::sort::sort(
            &moved.reshape(&shape)?,
            Some(-1),
            super::sort::SortKind::Stable,
        )?;
    }
    let h = moved.to_device(Device::Cpu)?;
    let keep_shape: Vec<usize> = (0..nd)
        .map(|i| if red[i] { 1 } else { a.shape()[i] })
        .collect();
    Ok(Lanes {
        elems: h.to_elems(),
        n,
        kept: kept_shape,
        keep: keep_shape,
    })
}

/// Rounds an f64 result of one arithmetic step to `d`'s precision.
fn rounder(d: DType) -> fn(f64) -> f64 {
    match d {
        DType::Float32 => |x| f64::from(x as f32),
        DType::Float16 => |x| half::f16::from_f64(x).to_f64(),
        DType::BFloat16 => |x| half::bf16::from_f64(x).to_f64(),
        _ => |x| x,
    }
}

/// One sorted lane (NaN last), with NaN removed when `skip_nan`.
fn sorted_lane(lane: &[Elem], skip_nan: bool) -> Vec<Elem> {
    let mut v: Vec<Elem> = lane
        .iter()
        .copied()
        .filter(|&e| !(skip_nan && is_nan(e)))
        .collect();
    v.sort_by(|&x, &y| xpush_core::order::np_cmp(x, y));
    v
}

fn finish(vals: Vec<Elem>, shape: &[usize], dtype: DType, dev: Device) -> Result<Array> {
    Array::from_elems(&vals, shape, dtype)?.to_device(dev)
}

fn check_real(a: &Array) -> Result<()> {
    if a.dtype().is_complex() {
        return Err(Error::type_error("a must be an array of real numbers"));
    }
    Ok(())
}

fn float_result(d: DType) -> DType {
    if d.is_float() {
        d
    } else {
        DType::Float64
    }
}

/// `np.median` (`np.nanmedian` with `skip_nan`): the middle element, or
/// the mean of the two middle ones.
pub fn median(a: &Array, o: &LaneOpts) -> Result<Array> {
    if a.dtype().is_complex() && !o.skip_nan {
        return complex_median(a, o);
    }
    check_real(a)?;
    let Lanes {
        elems,
        n,
        kept,
        keep,
    } = lanes(a, o.axes.as_deref())?;
    let dt = float_result(a.dtype());
    let r = rounder(dt);
    let mut out = Vec::new();
    let lanes_n: usize = kept.iter().product();
    for k in 0..lanes_n {
        let lane = sorted_lane(&elems[k * n..(k + 1) * n], o.skip_nan);
        let m = lane.len();
        let v = if m == 0 || is_nan(lane[m - 1]) {
            f64::NAN
        } else if m % 2 == 1 {
            lane[m / 2].as_f64()
        } else {
            r(r(lane[m / 2 - 1].as_f64() + lane[m / 2].as_f64()) / 2.0)
        };
        out.push(Elem::Float(v));
    }
    let shape = if o.keepdims { keep } else { kept };
    finish(out, &shape, dt, a.device())
}

/// `np.median` of complex values as NumPy computes it: each lane sorted
/// in NumPy's order, the mean (`np.mean`, dispatched: a sum, then a
/// complex division by the count, so an infinite part can come out NaN)
/// of its middle one or two elements, and a lane whose last element has a
/// NaN part gives that element (`_median_nancheck`); an empty lane NaN.
fn complex_median(a: &Array, o: &LaneOpts) -> Result<Array> {
    let Lanes {
        elems,
        n,
        kept,
        keep,
    } = lanes(a, o.axes.as_deref())?;
    let lanes_n: usize = kept.iter().product();
    let nan = Elem::Complex(f64::NAN, f64::NAN);
    let k = if n % 2 == 0 { 2 } else { 1 };
    let mut middle = Vec::with_capacity(lanes_n * k);
    let mut last = Vec::with_capacity(lanes_n);
    for i in 0..lanes_n {
        let lane = sorted_lane(&elems[i * n..(i + 1) * n], false);
        match lane.len() {
            0 => middle.extend([nan; 2]),
            m => middle.extend_from_slice(&lane[(m - 1) / 2..m / 2 + 1]),
        }
        last.push(lane.last().copied().unwrap_or(nan));
    }
    let mid = Array::from_elems(&middle, &[lanes_n, k], a.dtype())?.to_device(a.device())?;
    let mean = dispatch::reduce(
        ReduceOp::Mean,
        &mid,
        &ReduceOpts {
            axes: Some(vec![1]),
            ..ReduceOpts::default()
        },
    )?;
    let last = Array::from_elems(&last, &[lanes_n], a.dtype())?.to_device(a.device())?;
    let isnan = dispatch::unary(UnaryOp::Isnan, &last)?;
    let r = dispatch::where_(&isnan, Operand::Array(&last), Operand::Array(&mean))?;
    let shape = if o.keepdims { keep } else { kept };
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    r.reshape(&dims)
}

/// NumPy's virtual index of quantile `q` in a sorted lane of `n`.
fn virtual_index(m: QuantileMethod, n: f64, q: f64) -> f64 {
    use QuantileMethod::*;
    let hf = |alpha: f64, beta: f64| n * q + (alpha + q * (1.0 - alpha - beta)) - 1.0;
    match m {
        InvertedCdf | AveragedInvertedCdf => n * q - 1.0,
        ClosestObservation => n * q - 1.0 - 0.5,
        InterpolatedInvertedCdf => hf(0.0, 1.0),
        Hazen => hf(0.5, 0.5),
        Weibull => hf(0.0, 0.0),
        MedianUnbiased => hf(1.0 / 3.0, 1.0 / 3.0),
        NormalUnbiased => hf(3.0 / 8.0, 3.0 / 8.0),
        Linear | Lower | Higher | Nearest => (n - 1.0) * q,
        Midpoint => 0.5 * (((n - 1.0) * q).floor() + ((n - 1.0) * q).ceil()),
    }
}

/// The element index a discrete method picks.
fn discrete_index(m: QuantileMethod, n: usize, q: f64) -> usize {
    use QuantileMethod::*;
    let v = virtual_index(m, n as f64, q);
    let i = match m {
        Linear => v,
        Lower => v.floor(),
        Higher => v.ceil(),
        Nearest => v.round_ties_even(),
        InvertedCdf => {
            let p = v.floor();
            if v - p == 0.0 {
                p
            } else {
                p + 1.0
            }
        }
        _ => {
            let p = v.floor();
            if v - p == 0.0 && p.rem_euclid(2.0) == 1.0 {
                p
            } else {
                p + 1.0
            }
        }
    };
    (i.max(0.0) as usize).min(n - 1)
}

/// NumPy's `_lerp(a, b, t)`, every step rounded by `r`.
fn lerp(a: f64, b: f64, t: f64, one_minus_t: f64, r: fn(f64) -> f64) -> f64 {
    let diff = r(b - a);
    if t >= 0.5 {
        r(b - r(diff * one_minus_t))
    } else {
        r(a + r(diff * t))
    }
}

/// One quantile of a sorted lane without NaN (continuous methods).
fn interpolate(m: QuantileMethod, lane: &[Elem], q: f64, weak: bool, r: fn(f64) -> f64) -> f64 {
    let n = lane.len();
    let v = virtual_index(m, n as f64, q);
    let last = n - 1;
    let (prev, next) = if v >= last as f64 {
        (last, last)
    } else if v < 0.0 {
        (0, 0)
    } else {
        let p = v.floor() as usize;
        (p, (p + 1).min(last))
    };
    let mut gamma = v - v.floor();
    gamma = match m {
        QuantileMethod::AveragedInvertedCdf => {
            if gamma == 0.0 {
                0.5
            } else {
                1.0
            }
        }
        QuantileMethod::Midpoint => {
            if v % 1.0 == 0.0 {
                0.0
            } else {
                0.5
            }
        }
        _ => gamma,
    };
    let (t, omt) = if weak {
        (r(gamma), r(1.0 - gamma))
    } else {
        (gamma, 1.0 - gamma)
    };
    lerp(lane[prev].as_f64(), lane[next].as_f64(), t, omt, r)
}

/// `np.quantile` (`np.nanquantile` with `skip_nan`); percentiles are
/// divided by 100 by the caller.
pub fn quantile(a: &Array, q: &Quantiles, method: QuantileMethod, o: &LaneOpts) -> Result<Array> {
    check_real(a)?;
    if q.q.iter().any(|&x| !(0.0..=1.0).contains(&x)) {
        return Err(Error::value_error("Quantiles must be in the range [0, 1]"));
    }
    let Lanes {
        elems,
        n,
        kept,
        keep,
    } = lanes(a, o.axes.as_deref())?;
    if n == 0 && !o.skip_nan {
        return Err(Error::index_error(
            "index -1 is out of bounds for axis 0 with size 0",
        ));
    }
    let d = a.dtype();
    let int_q = q.dtype.is_integer() || q.dtype.is_bool();
    let discrete = method.discrete() || (method == QuantileMethod::Linear && int_q);
    let dt = if discrete {
        d
    } else if q.weak {
        with_weak(d, PyScalarKind::Float)
    } else {
        promote_types(
            d,
            if q.dtype.is_float() {
                q.dtype
            } else {
                DType::Float64
            },
        )
    };
    let r = rounder(dt);
    let lanes_n: usize = kept.iter().product();
    let mut out = vec![Elem::Float(f64::NAN); q.q.len() * lanes_n];
    for k in 0..lanes_n {
        let lane = sorted_lane(&elems[k * n..(k + 1) * n], o.skip_nan);
        let has_nan = lane.last().is_some_and(|&e| is_nan(e));
        for (j, &qq) in q.q.iter().enumerate() {
            out[j * lanes_n + k] = if lane.is_empty() || has_nan {
                Elem::Float(f64::NAN)
            } else if discrete {
                lane[discrete_index(method, lane.len(), qq)]
            } else {
                Elem::Float(interpolate(method, &lane, qq, q.weak, r))
            };
        }
    }
    let mut shape = q.shape.clone();
    shape.extend(if o.keepdims { keep } else { kept });
    finish(out, &shape, dt, a.device())
}

fn zero_nan(a: &Array) -> Result<(Array, Array)> {
    let mask = dispatch::unary(UnaryOp::Isnan, a)?;
    let zeroed = dispatch::where_(&mask, Operand::PyInt(0), Operand::Array(a))?;
    Ok((mask, zeroed))
}

fn sum_keep(a: &Array, axes: &Option<Vec<isize>>, dtype: Option<DType>) -> Result<Array> {
    dispatch::reduce(
        ReduceOp::Sum,
        a,
        &ReduceOpts {
            axes: axes.clone(),
            keepdims: true,
            dtype,
            ddof: 0.0,
        },
    )
}

/// `np.nanvar` (`np.nanstd` with `std`): the variance ignoring NaN,
/// dividing by `N - ddof` (NaN where that is not positive).
pub fn nanvar(
    a: &Array,
    axes: Option<Vec<isize>>,
    ddof: f64,
    keepdims: bool,
    std: bool,
) -> Result<Array> {
    if !a.dtype().is_inexact() {
        let o = ReduceOpts {
            axes,
            keepdims,
            dtype: None,
            ddof,
        };
        return dispatch::reduce(if std { ReduceOp::Std } else { ReduceOp::Var }, a, &o);
    }
    let (mask, arr) = zero_nan(a)?;
    let valid = dispatch::unary(UnaryOp::LogicalNot, &mask)?;
    let cnt = sum_keep(&valid, &axes, Some(DType::Int64))?;
    let avg = sum_keep(&arr, &axes, None)?;
    let avg = divide_cast(&avg, &cnt, a.dtype())?;
    let dev = dispatch::binary_op(
        BinaryOp::Subtract,
        Operand::Array(&arr),
        Operand::Array(&avg),
    )?;
    let dev = dispatch::where_(&mask, Operand::PyInt(0), Operand::Array(&dev))?;
    let sq = if a.dtype().is_complex() {
        let c = dispatch::unary(UnaryOp::Conjugate, &dev)?;
        let p = dispatch::binary(BinaryOp::Multiply, &dev, &c)?;
        dispatch::unary(UnaryOp::Real, &p)?
    } else {
        dispatch::binary(BinaryOp::Multiply, &dev, &dev)?
    };
    let var = sum_keep(&sq, &axes, None)?;
    let dof = dispatch::binary_op(
        BinaryOp::Subtract,
        Operand::Array(&cnt),
        Operand::PyFloat(ddof),
    )?;
    let mut var = divide_cast(&var, &dof, var.dtype())?;
    let bad = dispatch::binary_op(BinaryOp::LessEqual, Operand::Array(&dof), Operand::PyInt(0))?;
    var = dispatch::where_(&bad, Operand::PyFloat(f64::NAN), Operand::Array(&var))?;
    var = super::cast(&var, a.dtype().real_dtype())?;
    if std {
        var = dispatch::unary(UnaryOp::Sqrt, &var)?;
    }
    if keepdims {
        return Ok(var);
    }
    let keep_shape = var.shape().to_vec();
    let shape: Vec<isize> = match &axes {
        None => Vec::new(),
        Some(list) => {
            let nd = keep_shape.len();
            let red: Vec<usize> = list
                .iter()
                .map(|&x| normalize_axis(x, nd))
                .collect::<Result<_>>()?;
            (0..nd)
                .filter(|i| !red.contains(i))
                .map(|i| keep_shape[i] as isize)
                .collect()
        }
    };
    var.reshape(&shape)
}

/// `num / den` computed in float64 (or complex) and cast to `dtype`, as
/// NumPy's `true_divide(num, den, out=num, casting='unsafe')`.
fn divide_cast(num: &Array, den: &Array, dtype: DType) -> Result<Array> {
    let q = dispatch::binary(BinaryOp::TrueDivide, num, den)?;
    super::cast(&q, dtype)
}

/// Sorts floats in NumPy's order (NaN last).
pub fn sort_f64(v: &mut [f64]) {
    v.sort_by(|a, b| float_cmp(*a, *b));
}
