//! Numerical routines with NumPy 2 semantics: `interp`, `convolve`,
//! `correlate`, `gradient`, `trapezoid`, `cross`, `cov`, `corrcoef`, the
//! two-output ufuncs `modf` and `frexp`, and unbuffered `ufunc.at`.
//!
//! # Policy
//!
//! - `trapezoid`, `cross` and `ufunc.at` are composed from dispatch ops,
//!   so they run on the arrays' device with dispatch's dtype rules.
//! - The others compute on the host (float64, or complex128, as NumPy's
//!   C loops do; float16/float32 results of `gradient`, `modf` and
//!   `frexp` are rounded to the input's precision) and copy the result
//!   back to the first input's device.
//! - `convolve` / `correlate` follow NumPy's `_pyarray_correlate`: the
//!   shorter array slides over the longer one (`correlate` reverses the
//!   result when it had to swap them), the second operand of
//!   `correlate` is conjugated; integer and bool results are exact,
//!   float sums are sequential (NumPy uses BLAS dot, which may differ in
//!   the last bits).
//! - `cov` and `corrcoef` use NumPy's formulas (`X - mean`, `X X^H / (N -
//!   ddof)`) for real input.

use crate::array::Array;
use crate::device::Device;
use crate::device::ToDevice;
use crate::dtype::{DType, Elem};
use crate::error::{Error, Result};
use crate::layout::normalize_axis;
use crate::promote::{can_cast, promote_types, Casting};

use super::dispatch::{self, Operand, ReduceOpts};
use super::{BinaryOp, ReduceOp};

fn host(a: &Array) -> Result<Vec<Elem>> {
    Ok(a.to_device(Device::Cpu)?.to_elems())
}

fn host_f64(a: &Array) -> Result<Vec<f64>> {
    Ok(host(a)?.into_iter().map(Elem::as_f64).collect())
}

fn rounder(d: DType) -> fn(f64) -> f64 {
    match d {
        DType::Float32 => |x| f64::from(x as f32),
        DType::Float16 => |x| half::f16::from_f64(x).to_f64(),
        DType::BFloat16 => |x| half::bf16::from_f64(x).to_f64(),
        _ => |x| x,
    }
}

// ------------------------------------------------------------- interp

/// `np.interp(x, xp, fp, left, right, period)`: piecewise-linear
/// interpolation, float64 (complex128 for complex `fp`), `x`'s shape.
pub fn interp(
    x: &Array,
    xp: &Array,
    fp: &Array,
    left: Option<Elem>,
    right: Option<Elem>,
    period: Option<f64>,
) -> Result<Array> {
    if xp.ndim() != 1 || fp.ndim() != 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    let mut xs = host_f64(xp)?;
    let mut fs: Vec<(f64, f64)> = host(fp)?.into_iter().map(Elem::as_complex).collect();
    if xs.len() != fs.len() {
        return Err(Error::value_error("fp and xp are not of the same length."));
    }
    if xs.is_empty() {
        return Err(Error::value_error("array of sample points is empty"));
    }
    let mut xv = host_f64(x)?;
    let (mut left, mut right) = (left.map(Elem::as_complex), right.map(Elem::as_complex));
    if let Some(p) = period {
        if p == 0.0 {
            return Err(Error::value_error("period must be a non-zero value"));
        }
        let p = p.abs();
        (left, right) = (None, None);
        xv.iter_mut().for_each(|v| *v = py_mod(*v, p));
        let mut pairs: Vec<(f64, (f64, f64))> = xs
            .iter()
            .map(|&v| py_mod(v, p))
            .zip(fs.iter().copied())
            .collect();
        pairs.sort_by(|a, b| xpush_core::order::float_cmp(a.0, b.0));
        let (Some(first), Some(last)) = (pairs.first().copied(), pairs.last().copied()) else {
            return Err(Error::value_error("array of sample points is empty"));
        };
        xs = std::iter::once(last.0 - p)
            .chain(pairs.iter().map(|q| q.0))
            .chain(std::iter::once(first.0 + p))
            .collect();
        fs = std::iter::once(last.1)
            .chain(pairs.iter().map(|q| q.1))
            .chain(std::iter::once(first.1))
            .collect();
    }
    let n = xs.len();
    let lval = left.unwrap_or(fs[0]);
    let rval = right.unwrap_or(fs[n - 1]);
    let part = |j: usize, v: f64, k: usize| -> f64 {
        let (y0, y1) = (comp(fs[j], k), comp(fs[j + 1], k));
        let slope = (y1 - y0) / (xs[j + 1] - xs[j]);
        let mut r = slope * (v - xs[j]) + y0;
        if r.is_nan() {
            r = slope * (v - xs[j + 1]) + y1;
            if r.is_nan() && y0 == y1 {
                r = y0;
            }
        }
        r
    };
    let out: Vec<Elem> = xv
        .iter()
        .map(|&v| {
            let (re, im) = if n == 1 {
                if v < xs[0] {
                    lval
                } else if v > xs[0] {
                    rval
                } else {
                    fs[0]
                }
            } else if v < xs[0] {
                lval
            } else if v > xs[n - 1] {
                rval
            } else if v == xs[n - 1] {
                fs[n - 1]
            } else if v.is_nan() {
                (
                    f64::NAN,
                    if fp.dtype().is_complex() {
                        f64::NAN
                    } else {
                        0.0
                    },
                )
            } else {
                let j = xs.partition_point(|&e| e <= v).saturating_sub(1).min(n - 2);
                if xs[j] == v {
                    fs[j]
                } else {
                    (part(j, v, 0), part(j, v, 1))
                }
            };
            Elem::Complex(re, im)
        })
        .collect();
    let dt = if fp.dtype().is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    Array::from_elems(&out, x.shape(), dt)?.to_device(x.device())
}

fn comp(c: (f64, f64), k: usize) -> f64 {
    if k == 0 {
        c.0
    } else {
        c.1
    }
}

fn py_mod(v: f64, p: f64) -> f64 {
    let r = v % p;
    if r != 0.0 && (r < 0.0) != (p < 0.0) {
        r + p
    } else {
        r
    }
}

// --------------------------------------------------- convolve/correlate

/// `mode=` of `convolve` / `correlate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvMode {
    /// Only where the arrays overlap completely.
    Valid,
    /// The length of the longer array, centred.
    Same,
    /// Every point of overlap.
    Full,
}

impl ConvMode {
    /// Parses `'valid'`, `'same'`, `'full'` (NumPy's ValueError otherwise).
    pub fn parse(s: &str) -> Result<ConvMode> {
        match s {
            "valid" => Ok(ConvMode::Valid),
            "same" => Ok(ConvMode::Same),
            "full" => Ok(ConvMode::Full),
            other if other.starts_with(['v', 's', 'f', 'V', 'S', 'F']) => Err(Error::value_error(
                "Use one of 'valid', 'same', or 'full' for convolve/correlate mode",
            )),
            other => Err(Error::value_error(format!(
                "mode must be one of 'valid', 'same', or 'full' (got '{other}')"
            ))),
        }
    }
}

/// A number type the correlation kernel accumulates in.
trait Acc: Copy {
    fn zero() -> Self;
    fn mul_add(self, a: Self, b: Self) -> Self;
}

impl Acc for i64 {
    fn zero() -> i64 {
        0
    }
    fn mul_add(self, a: i64, b: i64) -> i64 {
        self.wrapping_add(a.wrapping_mul(b))
    }
}

impl Acc for bool {
    fn zero() -> bool {
        false
    }
    fn mul_add(self, a: bool, b: bool) -> bool {
        self || (a && b)
    }
}

impl Acc for (f64, f64) {
    fn zero() -> (f64, f64) {
        (0.0, 0.0)
    }
    fn mul_add(self, a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
        (
            self.0 + (a.0 * b.0 - a.1 * b.1),
            self.1 + (a.0 * b.1 + a.1 * b.0),
        )
    }
}

impl Acc for f64 {
    fn zero() -> f64 {
        0.0
    }
    fn mul_add(self, a: f64, b: f64) -> f64 {
        self + a * b
    }
}

fn dot<T: Acc>(a: &[T], b: &[T]) -> T {
    a.iter()
        .zip(b)
        .fold(T::zero(), |s, (&x, &y)| s.mul_add(x, y))
}

/// NumPy's `_pyarray_correlate` for `a` at least as long as `v`.
fn correlate_core<T: Acc>(a: &[T], v: &[T], mode: ConvMode) -> Vec<T> {
    let (n1, n) = (a.len(), v.len());
    let (n_left, n_right) = match mode {
        ConvMode::Valid => (0, 0),
        ConvMode::Same => (n / 2, n - n / 2 - 1),
        ConvMode::Full => (n - 1, n - 1),
    };
    let mut out = Vec::new();
    for i in 0..n_left {
        let k = n - n_left + i;
        out.push(dot(&a[..k], &v[n_left - i..]));
    }
    for i in 0..=(n1 - n) {
        out.push(dot(&a[i..i + n], v));
    }
    for i in 0..n_right {
        let k = n - 1 - i;
        let start = n1 - n + 1 + i;
        out.push(dot(&a[start..start + k], &v[..k]));
    }
    out
}

fn correlate_typed<T: Acc>(
    a: Vec<T>,
    v: Vec<T>,
    mode: ConvMode,
    revert_swapped: bool,
) -> (Vec<T>, bool) {
    if a.len() < v.len() {
        let mut r = correlate_core(&v, &a, mode);
        if revert_swapped {
            r.reverse();
        }
        (r, true)
    } else {
        (correlate_core(&a, &v, mode), false)
    }
}

fn correlate_any(a: &Array, v: &Array, mode: ConvMode, conj: bool, revert: bool) -> Result<Array> {
    if a.ndim() > 1 || v.ndim() > 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    let dt = promote_types(a.dtype(), v.dtype());
    let (ea, mut ev) = (host(a)?, host(v)?);
    if conj {
        ev.iter_mut().for_each(|e| {
            if let Elem::Complex(re, im) = *e {
                *e = Elem::Complex(re, -im);
            }
        });
    }
    let out: Vec<Elem> = if dt.is_bool() {
        let f = |v: Vec<Elem>| v.into_iter().map(Elem::as_bool).collect::<Vec<_>>();
        correlate_typed(f(ea), f(ev), mode, revert)
            .0
            .into_iter()
            .map(Elem::Bool)
            .collect()
    } else if dt.is_integer() {
        let f = |v: Vec<Elem>| {
            v.into_iter()
                .map(|e| match e {
                    Elem::UInt(u) => u as i64,
                    Elem::Int(i) => i,
                    other => i64::from(other.as_bool()),
                })
                .collect::<Vec<_>>()
        };
        correlate_typed(f(ea), f(ev), mode, revert)
            .0
            .into_iter()
            .map(Elem::Int)
            .collect()
    } else if dt.is_complex() {
        let f = |v: Vec<Elem>| v.into_iter().map(Elem::as_complex).collect::<Vec<_>>();
        correlate_typed(f(ea), f(ev), mode, revert)
            .0
            .into_iter()
            .map(|(re, im)| Elem::Complex(re, im))
            .collect()
    } else {
        let f = |v: Vec<Elem>| v.into_iter().map(Elem::as_f64).collect::<Vec<_>>();
        correlate_typed(f(ea), f(ev), mode, revert)
            .0
            .into_iter()
            .map(Elem::Float)
            .collect()
    };
    let n = out.len();
    Array::from_elems(&out, &[n], dt)?.to_device(a.device())
}

/// `np.correlate(a, v, mode)` (default `'valid'`).
pub fn correlate(a: &Array, v: &Array, mode: ConvMode) -> Result<Array> {
    correlate_any(a, v, mode, true, true)
}

/// `np.convolve(a, v, mode)` (default `'full'`).
pub fn convolve(a: &Array, v: &Array, mode: ConvMode) -> Result<Array> {
    if a.size() == 0 {
        return Err(Error::value_error("a cannot be empty"));
    }
    if v.size() == 0 {
        return Err(Error::value_error("v cannot be empty"));
    }
    let (a, v) = if v.size() > a.size() { (v, a) } else { (a, v) };
    let rev = v.reshape(&[-1])?.slice_axis(0, None, None, -1)?;
    correlate_any(a, &rev, mode, false, false)
}

// ------------------------------------------------------------ gradient

/// The spacing of one axis for `gradient`.
#[derive(Clone, Debug)]
pub enum Spacing {
    /// A uniform step.
    Step(f64),
    /// Coordinates along the axis (as many as the axis is long).
    Coords(Array),
}

fn gradient_lane(f: &[f64], dx: &GradDx, edge: usize, r: fn(f64) -> f64) -> Vec<f64> {
    let n = f.len();
    let mut out = vec![0.0; n];
    match dx {
        GradDx::Uniform(h) => {
            let h = *h;
            for (i, o) in out.iter_mut().enumerate().take(n - 1).skip(1) {
                *o = r(r(f[i + 1] - f[i - 1]) / r(2.0 * h));
            }
            if edge == 1 {
                out[0] = r(r(f[1] - f[0]) / r(h));
                out[n - 1] = r(r(f[n - 1] - f[n - 2]) / r(h));
            } else {
                let (a, b, c) = (r(-1.5 / h), r(2.0 / h), r(-0.5 / h));
                out[0] = r(r(r(a * f[0]) + r(b * f[1])) + r(c * f[2]));
                let (a, b, c) = (r(0.5 / h), r(-2.0 / h), r(1.5 / h));
                out[n - 1] = r(r(r(a * f[n - 3]) + r(b * f[n - 2])) + r(c * f[n - 1]));
            }
        }
        GradDx::Coords(d) => {
            for (i, o) in out.iter_mut().enumerate().take(n - 1).skip(1) {
                let (dx1, dx2) = (d[i - 1], d[i]);
                let a = -(dx2) / (dx1 * (dx1 + dx2));
                let b = (dx2 - dx1) / (dx1 * dx2);
                let c = dx1 / (dx2 * (dx1 + dx2));
                *o = r(a * f[i - 1] + b * f[i] + c * f[i + 1]);
            }
            if edge == 1 {
                out[0] = r((f[1] - f[0]) / d[0]);
                out[n - 1] = r((f[n - 1] - f[n - 2]) / d[n - 2]);
            } else {
                let (dx1, dx2) = (d[0], d[1]);
                let a = -(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2));
                let b = (dx1 + dx2) / (dx1 * dx2);
                let c = -dx1 / (dx2 * (dx1 + dx2));
                out[0] = r(a * f[0] + b * f[1] + c * f[2]);
                let (dx1, dx2) = (d[n - 3], d[n - 2]);
                let a = dx2 / (dx1 * (dx1 + dx2));
                let b = -(dx2 + dx1) / (dx1 * dx2);
                let c = (2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2));
                out[n - 1] = r(a * f[n - 3] + b * f[n - 2] + c * f[n - 1]);
            }
        }
    }
    out
}

enum GradDx {
    Uniform(f64),
    Coords(Vec<f64>),
}

/// `np.gradient(f, *spacing, axis, edge_order)`: one array per axis in
/// `axes` (central differences inside, one-sided of `edge_order` at the
/// ends). `spacing` has one entry per axis (already expanded).
pub fn gradient(
    f: &Array,
    spacing: &[Spacing],
    axes: &[usize],
    edge_order: usize,
) -> Result<Vec<Array>> {
    if edge_order > 2 {
        return Err(Error::value_error(
            "'edge_order' greater than 2 not supported",
        ));
    }
    let dt = if f.dtype().is_float() {
        f.dtype()
    } else {
        DType::Float64
    };
    let r = rounder(dt);
    let hostf = f.to_device(Device::Cpu)?;
    let mut outs = Vec::new();
    for (&ax, sp) in axes.iter().zip(spacing) {
        let n = f.shape()[ax];
        if n < edge_order + 1 {
            return Err(Error::value_error(
                "Shape of array too small to calculate a numerical gradient, at least (edge_order + 1) elements are required.",
            ));
        }
        let dx = match sp {
            Spacing::Step(h) => GradDx::Uniform(*h),
            Spacing::Coords(c) => {
                if c.ndim() != 1 {
                    return Err(Error::value_error("distances must be either scalars or 1d"));
                }
                if c.size() != n {
                    return Err(Error::value_error(
                        "when 1d, distances must match the length of the corresponding dimension",
                    ));
                }
                let x = host_f64(c)?;
                let d: Vec<f64> = x.windows(2).map(|w| w[1] - w[0]).collect();
                if d.iter().all(|&v| v == d[0]) {
                    GradDx::Uniform(d[0])
                } else {
                    GradDx::Coords(d)
                }
            }
        };
        let nd = f.ndim();
        let mut perm: Vec<isize> = (0..nd as isize).filter(|&i| i != ax as isize).collect();
        perm.push(ax as isize);
        let moved = hostf.transpose(Some(&perm))?;
        let vals: Vec<f64> = moved
            .to_elems()
            .into_iter()
            .map(|e| r(e.as_f64()))
            .collect();
        let mut out = Vec::with_capacity(vals.len());
        for lane in vals.chunks(n) {
            out.extend(
                gradient_lane(lane, &dx, edge_order, r)
                    .into_iter()
                    .map(Elem::Float),
            );
        }
        let res = Array::from_elems(&out, moved.shape(), dt)?;
        let mut back: Vec<isize> = (0..nd as isize - 1).collect();
        back.insert(ax, nd as isize - 1);
        outs.push(
            res.transpose(Some(&back))?
                .to_contiguous()
                .to_device(f.device())?,
        );
    }
    Ok(outs)
}

// ----------------------------------------------------------- trapezoid

/// `np.trapezoid(y, x, dx, axis)`: the integral by the trapezoidal rule,
/// `sum(d * (y[1:] + y[:-1]) / 2)` along `axis`.
pub fn trapezoid(y: &Array, x: Option<&Array>, dx: f64, axis: isize) -> Result<Array> {
    let ax = normalize_axis(axis, y.ndim())?;
    let hi = y.slice_axis(ax, Some(1), None, 1)?;
    let lo = y.slice_axis(ax, None, Some(-1), 1)?;
    let s = dispatch::binary(BinaryOp::Add, &hi, &lo)?;
    let t = match x {
        None => dispatch::binary_op(BinaryOp::Multiply, Operand::PyFloat(dx), Operand::Array(&s))?,
        Some(x) => {
            let d = if x.ndim() == 1 {
                let d = diff1(x, 0)?;
                let mut shape = vec![1isize; y.ndim()];
                shape[ax] = d.size() as isize;
                d.reshape(&shape)?
            } else {
                diff1(x, normalize_axis(axis, x.ndim())?)?
            };
            dispatch::binary(BinaryOp::Multiply, &d, &s)?
        }
    };
    let t = dispatch::binary_op(
        BinaryOp::TrueDivide,
        Operand::Array(&t),
        Operand::PyFloat(2.0),
    )?;
    dispatch::reduce(
        ReduceOp::Sum,
        &t,
        &ReduceOpts {
            axes: Some(vec![ax as isize]),
            keepdims: false,
            dtype: None,
            ddof: 0.0,
        },
    )
}

/// `a[1:] - a[:-1]` along `axis`.
fn diff1(a: &Array, axis: usize) -> Result<Array> {
    let hi = a.slice_axis(axis, Some(1), None, 1)?;
    let lo = a.slice_axis(axis, None, Some(-1), 1)?;
    dispatch::binary(BinaryOp::Subtract, &hi, &lo)
}

// --------------------------------------------------------------- cross

fn component(v: &Array, i: isize) -> Result<Array> {
    v.index_axis(v.ndim() - 1, i)
}

fn mul_sub(a: &Array, b: &Array, c: &Array, d: &Array) -> Result<Array> {
    let p = dispatch::binary(BinaryOp::Multiply, a, b)?;
    let q = dispatch::binary(BinaryOp::Multiply, c, d)?;
    dispatch::binary(BinaryOp::Subtract, &p, &q)
}

fn move_last(a: &Array, axis: isize) -> Result<Array> {
    let ax = normalize_axis(axis, a.ndim())?;
    let mut perm: Vec<isize> = (0..a.ndim() as isize)
        .filter(|&i| i != ax as isize)
        .collect();
    perm.push(ax as isize);
    a.transpose(Some(&perm))
}

/// `np.cross(a, b, axisa, axisb, axisc)`: cross products of 2- or
/// 3-vectors along the given axes (2-vectors give the z component only
/// when both are 2-d).
pub fn cross(a: &Array, b: &Array, axisa: isize, axisb: isize, axisc: isize) -> Result<Array> {
    let a = move_last(a, axisa)?;
    let b = move_last(b, axisb)?;
    let (na, nb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if !(2..=3).contains(&na) || !(2..=3).contains(&nb) {
        return Err(Error::value_error(
            "incompatible dimensions for cross product\n(dimension must be 2 or 3)",
        ));
    }
    let (a0, a1, b0, b1) = (
        component(&a, 0)?,
        component(&a, 1)?,
        component(&b, 0)?,
        component(&b, 1)?,
    );
    let z = mul_sub(&a0, &b1, &a1, &b0)?;
    if na == 2 && nb == 2 {
        return Ok(z);
    }
    let (cp0, cp1) = match (na, nb) {
        (3, 3) => {
            let (a2, b2) = (component(&a, 2)?, component(&b, 2)?);
            (mul_sub(&a1, &b2, &a2, &b1)?, mul_sub(&a2, &b0, &a0, &b2)?)
        }
        (2, _) => {
            let b2 = component(&b, 2)?;
            let c0 = dispatch::binary(BinaryOp::Multiply, &a1, &b2)?;
            let c1 = dispatch::binary(BinaryOp::Multiply, &a0, &b2)?;
            let c1 =
                dispatch::binary_op(BinaryOp::Multiply, Operand::Array(&c1), Operand::PyInt(-1))?;
            (c0, c1)
        }
        _ => {
            let a2 = component(&a, 2)?;
            let c0 = dispatch::binary(BinaryOp::Multiply, &a2, &b1)?;
            let c0 =
                dispatch::binary_op(BinaryOp::Multiply, Operand::Array(&c0), Operand::PyInt(-1))?;
            (c0, dispatch::binary(BinaryOp::Multiply, &a2, &b0)?)
        }
    };
    let parts: Vec<Array> = [cp0, cp1, z]
        .iter()
        .map(|p| {
            p.with_layout(
                p.layout()
                    .expand_dims(-1)
                    .unwrap_or_else(|_| p.layout().clone()),
            )
        })
        .collect();
    let shape =
        crate::layout::broadcast_shapes(&[parts[0].shape(), parts[1].shape(), parts[2].shape()])?;
    let parts: Vec<Array> = parts
        .iter()
        .map(|p| p.broadcast_to(&shape))
        .collect::<Result<_>>()?;
    let c = dispatch::concatenate(&parts, Some(-1))?;
    let nd = c.ndim();
    let ac = normalize_axis(axisc, nd)?;
    let mut back: Vec<isize> = (0..nd as isize - 1).collect();
    back.insert(ac, nd as isize - 1);
    dispatch::copy(&c.transpose(Some(&back))?)
}

// ---------------------------------------------------------- cov/corrcoef

/// `np.cov(m, y, rowvar, bias, ddof)` for real input: the covariance
/// matrix of the variables (rows, or columns when `rowvar` is false),
/// squeezed.
pub fn cov(
    m: &Array,
    y: Option<&Array>,
    rowvar: bool,
    bias: bool,
    ddof: Option<f64>,
) -> Result<Array> {
    if m.ndim() > 2 {
        return Err(Error::value_error("m has more than 2 dimensions"));
    }
    let dt = promote_types(m.dtype(), DType::Float64);
    if dt.is_complex() {
        return Err(Error::not_implemented(
            "cov of complex input is not available yet",
        ));
    }
    let mut rows = as_rows(m, rowvar)?;
    if let Some(y) = y {
        if y.ndim() > 2 {
            return Err(Error::value_error("y has more than 2 dimensions"));
        }
        let extra = as_rows(y, rowvar)?;
        if !rows.is_empty() && !extra.is_empty() && rows[0].len() != extra[0].len() {
            return Err(Error::value_error(
                "all the input array dimensions except for the concatenation axis must match exactly",
            ));
        }
        rows.extend(extra);
    }
    let nvar = rows.len();
    let nobs = rows.first().map_or(0, |r| r.len());
    let ddof = ddof.unwrap_or(if bias { 0.0 } else { 1.0 });
    let fact = (nobs as f64 - ddof).max(0.0);
    for r in rows.iter_mut() {
        let avg = r.iter().sum::<f64>() / nobs as f64;
        r.iter_mut().for_each(|v| *v -= avg);
    }
    let mut out = Vec::with_capacity(nvar * nvar);
    for i in 0..nvar {
        for j in 0..nvar {
            let s: f64 = rows[i].iter().zip(&rows[j]).map(|(a, b)| a * b).sum();
            out.push(Elem::Float(s * (1.0 / fact)));
        }
    }
    let c = Array::from_elems(&out, &[nvar, nvar], dt)?;
    let shape: Vec<isize> = c
        .shape()
        .iter()
        .filter(|&&d| d != 1)
        .map(|&d| d as isize)
        .collect();
    c.reshape(&shape)?.to_device(m.device())
}

fn as_rows(m: &Array, rowvar: bool) -> Result<Vec<Vec<f64>>> {
    let m2 = match m.ndim() {
        0 => m.reshape(&[1, 1])?,
        1 => m.reshape(&[1, -1])?,
        _ => m.clone(),
    };
    let m2 = if !rowvar && m2.shape()[0] != 1 {
        m2.transpose(None)?
    } else {
        m2
    };
    let (r, c) = (m2.shape()[0], m2.shape()[1]);
    let v = host_f64(&m2)?;
    Ok((0..r).map(|i| v[i * c..(i + 1) * c].to_vec()).collect())
}

/// `np.corrcoef(x, y, rowvar)`: Pearson correlation coefficients,
/// clipped to [-1, 1].
pub fn corrcoef(x: &Array, y: Option<&Array>, rowvar: bool) -> Result<Array> {
    let c = cov(x, y, rowvar, false, None)?;
    if c.ndim() == 0 {
        let v = c.item()?.as_f64();
        // NumPy's `c / c`: 1, or NaN for a NaN, infinite or zero variance.
        let one = if v.is_finite() && v != 0.0 {
            1.0
        } else {
            f64::NAN
        };
        return Ok(Array::from_scalar(crate::scalar::Scalar::Float64(one)));
    }
    let n = c.shape()[0];
    let v = host_f64(&c)?;
    let sd: Vec<f64> = (0..n).map(|i| v[i * n + i].sqrt()).collect();
    let out: Vec<Elem> = (0..n * n)
        .map(|k| {
            let (i, j) = (k / n, k % n);
            let r = v[k] / sd[i] / sd[j];
            Elem::Float(if r.is_nan() { r } else { r.clamp(-1.0, 1.0) })
        })
        .collect();
    Array::from_elems(&out, &[n, n], DType::Float64)?.to_device(x.device())
}

// ---------------------------------------------------------- modf/frexp

/// The float dtype of the `e->.. f->.. d->..` loop `d` casts to safely.
fn float_loop(d: DType, name: &str) -> Result<DType> {
    [DType::Float16, DType::Float32, DType::Float64]
        .into_iter()
        .find(|&f| can_cast(d, f, Casting::Safe))
        .ok_or_else(|| {
            Error::type_error(format!(
                "ufunc '{name}' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''"
            ))
        })
}

/// `np.modf(x)`: `(fractional part, integral part)`, both with `x`'s sign.
pub fn modf(x: &Array) -> Result<(Array, Array)> {
    let dt = float_loop(x.dtype(), "modf")?;
    let (mut fr, mut ip) = (Vec::new(), Vec::new());
    for e in host(x)? {
        let v = e.as_f64();
        let i = v.trunc();
        let f = if v.is_infinite() {
            0.0f64.copysign(v)
        } else {
            (v - i).copysign(v)
        };
        fr.push(Elem::Float(f));
        ip.push(Elem::Float(i));
    }
    let dev = x.device();
    Ok((
        Array::from_elems(&fr, x.shape(), dt)?.to_device(dev)?,
        Array::from_elems(&ip, x.shape(), dt)?.to_device(dev)?,
    ))
}

fn frexp1(v: f64) -> (f64, i64) {
    if v == 0.0 || !v.is_finite() {
        return (v, 0);
    }
    let (mut m, mut e) = (v, 0i64);
    if m.abs() < f64::MIN_POSITIVE {
        m *= 2f64.powi(64);
        e -= 64;
    }
    let bits = m.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64 - 1022;
    let mant = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (mant, e + exp)
}

/// `np.frexp(x)`: `(mantissa, exponent)` with `x == m * 2**e`, `0.5 <=
/// |m| < 1`; the exponent is int32.
pub fn frexp(x: &Array) -> Result<(Array, Array)> {
    let dt = float_loop(x.dtype(), "frexp")?;
    let (mut ms, mut es) = (Vec::new(), Vec::new());
    for e in host(x)? {
        let (m, ex) = frexp1(e.as_f64());
        ms.push(Elem::Float(m));
        es.push(Elem::Int(ex));
    }
    let dev = x.device();
    Ok((
        Array::from_elems(&ms, x.shape(), dt)?.to_device(dev)?,
        Array::from_elems(&es, x.shape(), DType::Int32)?.to_device(dev)?,
    ))
}

// ----------------------------------------------------------- ufunc.at

/// `ufunc.at(a, indices, b)`: `a[i] = op(a[i], b[k])` for every selected
/// position in order, so repeated indices accumulate (unbuffered). The
/// flat positions come from indexing an `arange` of `a`'s size; `b` is
/// broadcast to their shape; each result is cast back to `a`'s dtype
/// (unsafe, as NumPy).
pub fn ufunc_at(op: BinaryOp, a: &Array, positions: &Array, b: &Array) -> Result<()> {
    a.check_writeable("operand array with iterator write flag set")?;
    let pos: Vec<i64> = positions.to_device(Device::Cpu)?.to_vec()?;
    let b = b.broadcast_to(positions.shape())?;
    let b = b.reshape(&[-1])?;
    let shape = a.shape().to_vec();
    for (k, &p) in pos.iter().enumerate() {
        let mut idx = vec![0usize; shape.len()];
        let mut rest = p as usize;
        for (i, &s) in idx.iter_mut().zip(&shape).rev() {
            *i = rest % s;
            rest /= s;
        }
        let off = a.layout().offset_of(&idx);
        let cell = a.with_layout(crate::layout::Layout {
            shape: vec![],
            strides: vec![],
            offset: off,
        });
        let bk = b.index_axis(0, k as isize)?;
        let r = dispatch::binary(op, &cell, &bk)?;
        let r = super::cast(&r, a.dtype())?;
        super::set_index(&cell, &[super::Index::Ellipsis], Operand::Array(&r))?;
    }
    Ok(())
}

// -------------------------------------------- ufunc.reduce / accumulate

/// Whether NumPy may reorder `op`'s reduction (reduce over several axes at
/// once): the commutative and associative ufuncs.
pub fn reorderable(op: BinaryOp) -> bool {
    use BinaryOp as B;
    matches!(
        op,
        B::Add
            | B::Multiply
            | B::Maximum
            | B::Minimum
            | B::Fmax
            | B::Fmin
            | B::LogicalAnd
            | B::LogicalOr
            | B::LogicalXor
            | B::BitwiseAnd
            | B::BitwiseOr
            | B::BitwiseXor
            | B::Gcd
            | B::Lcm
            | B::Logaddexp
            | B::Logaddexp2
            | B::Hypot
    )
}

/// `op.reduce(x, axis)` or `op.accumulate(x, axis)` as NumPy's generic
/// loop computes them for ufuncs without a reduction kernel: in order
/// along the axis, `acc = op(acc, x[i])` starting from `x[0]`, each step
/// one dispatched op over the other axes. `dtype` casts `x` first. An empty
/// axis is NumPy's ValueError for a reduce (these ufuncs have no identity
/// here) and an empty result for an accumulate.
pub fn ufunc_fold(
    op: BinaryOp,
    x: &Array,
    axis: isize,
    dtype: Option<DType>,
    accumulate: bool,
) -> Result<Array> {
    let x = match dtype {
        Some(d) => super::cast(x, d)?,
        None => x.clone(),
    };
    let nd = x.ndim();
    let ax = normalize_axis(axis, nd)?;
    let n = x.shape()[ax];
    if n == 0 {
        if accumulate {
            let r = dispatch::binary(op, &x, &x)?;
            return Ok(r);
        }
        return Err(Error::value_error(format!(
            "zero-size array to reduction operation {} which has no identity",
            op.name()
        )));
    }
    let mut acc = x.index_axis(ax, 0)?;
    let mut steps = vec![acc.clone()];
    for i in 1..n {
        acc = dispatch::binary(op, &acc, &x.index_axis(ax, i as isize)?)?;
        if accumulate {
            steps.push(acc.clone());
        }
    }
    if !accumulate {
        return Ok(acc);
    }
    // The steps joined along the axis, in the dtype of the last (the loop's).
    let dt = acc.dtype();
    let parts = steps
        .iter()
        .map(|s| super::cast(&s.with_layout(s.layout().expand_dims(ax as isize)?), dt))
        .collect::<Result<Vec<_>>>()?;
    dispatch::concatenate(&parts, Some(ax as isize))
}
