//! `np.fft` over [`Array`]s with NumPy 2 semantics: `fft`, `ifft`, `rfft`,
//! `irfft`, `hfft`, `ihfft`, their 2-d and n-d forms, `fftfreq`,
//! `rfftfreq`, `fftshift` and `ifftshift`.
//!
//! # Policy
//!
//! - dtypes: complex64 stays complex64 and float32 (and float16) input
//!   gives complex64 (real transforms: float32 output of `irfft`/`hfft`,
//!   float16 for float16 input), everything else (bool, integers,
//!   float64, complex128) complex128 / float64, as NumPy 2's pocketfft.
//!   Single-precision results are computed in float32 only where NumPy's
//!   ufunc runs its float32 loop, else in float64 and rounded (see
//!   `FftNorm::factor`).
//! - `n` / `s` pad with zeros or truncate the input along each axis;
//!   `norm` is `"backward"` (default: the inverse divides by `n`),
//!   `"ortho"` (both by `sqrt(n)`) or `"forward"` (the forward divides).
//! - The one-axis transforms go through the [`FftBackend`] seam (the cpu
//!   one is a port of NumPy's pocketfft: results equal NumPy's bit for
//!   bit); the n-d forms are NumPy's loops over axes. The norm factor is
//!   computed in the input's precision, as NumPy does.

use crate::array::Array;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::layout::normalize_axis;

use super::dispatch;
use super::{CpuBackend, UnaryOp};

pub use xpush_core::backend::FftBackend;
pub use xpush_core::op::FftKind;

/// The FFT backend of the current device (only `cpu` so far).
pub(crate) fn fft_backend() -> &'static dyn FftBackend {
    &CpuBackend
}

/// `norm=` of the transforms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FftNorm {
    /// `"backward"` (and `None`): the inverse divides by `n`.
    #[default]
    Backward,
    /// `"ortho"`: both directions divide by `sqrt(n)`.
    Ortho,
    /// `"forward"`: the forward transform divides by `n`.
    Forward,
}

impl FftNorm {
    /// Parses `None`, `"backward"`, `"ortho"`, `"forward"`; anything else
    /// is NumPy's `ValueError`.
    pub fn parse(s: Option<&str>) -> Result<FftNorm> {
        match s {
            None | Some("backward") => Ok(FftNorm::Backward),
            Some("ortho") => Ok(FftNorm::Ortho),
            Some("forward") => Ok(FftNorm::Forward),
            Some(x) => Err(Error::value_error(format!(
                "Invalid norm value {x}; should be \"backward\",\"ortho\" or \"forward\"."
            ))),
        }
    }

    /// `backward` and `forward` exchanged (`hfft`, `ihfft`).
    fn swapped(self) -> FftNorm {
        match self {
            FftNorm::Backward => FftNorm::Forward,
            FftNorm::Forward => FftNorm::Backward,
            FftNorm::Ortho => FftNorm::Ortho,
        }
    }

    /// The factor NumPy hands pocketfft (`fct`) for `n` points of a
    /// `dtype` input, and whether its float32 loop runs the transform,
    /// whose input that loop takes as `single` (complex64 for the complex
    /// input of `fft`/`ifft`/`irfft`, float32 for `rfft`).
    ///
    /// `_raw_fft` passes the Python int 1 for an unnormalised direction,
    /// else `1/n` or `1/sqrt(n)` computed in the input's real dtype
    /// (`reciprocal(sqrt(n, dtype=real_dtype))`, each step rounded to it).
    /// The ufunc has float64, float32 and long double loops, in that
    /// order. An input of the float32 loop's own dtype with its float32
    /// factor runs that loop; anything else (the int 1, a float32 input to
    /// a complex transform, float16) has no exact loop, and NumPy's type
    /// resolution takes the first loop all operands cast to safely, the
    /// float64 one, rounding the result to the output dtype afterwards.
    fn factor(self, n: usize, inverse: bool, dtype: DType, single: DType) -> (f64, bool) {
        let sqrt = match (self, inverse) {
            (FftNorm::Ortho, _) => true,
            (FftNorm::Backward, true) | (FftNorm::Forward, false) => false,
            _ => return (1.0, false),
        };
        let f32_factor = || {
            let x = n as f32;
            (1.0 / if sqrt { x.sqrt() } else { x }) as f64
        };
        match dtype {
            DType::Float32 | DType::Complex64 => (f32_factor(), dtype == single),
            DType::BFloat16 => (f32_factor(), false),
            DType::Float16 => {
                let h = |x: f32| half::f16::from_f32(x).to_f32();
                let x = h(n as f32);
                let d = if sqrt { h(x.sqrt()) } else { x };
                (h(1.0 / d) as f64, false)
            }
            _ => {
                let x = n as f64;
                (1.0 / if sqrt { x.sqrt() } else { x }, false)
            }
        }
    }
}

fn complex_dtype(d: DType) -> DType {
    match d {
        DType::Complex64 | DType::Float32 | DType::Float16 | DType::BFloat16 => DType::Complex64,
        _ => DType::Complex128,
    }
}

fn real_dtype(d: DType) -> Result<DType> {
    match d {
        DType::Float32 | DType::Float16 | DType::BFloat16 => Ok(DType::Float32),
        d if d.is_complex() => Err(Error::type_error(format!(
            "ufunc 'rfft_n_even' did not contain a loop with signature matching types ({}, float64) -> None",
            d.repr()
        ))),
        _ => Ok(DType::Float64),
    }
}

fn check_n(n: i64) -> Result<usize> {
    if n < 1 {
        return Err(Error::value_error(format!(
            "Invalid number of FFT data points ({n}) specified."
        )));
    }
    Ok(n as usize)
}

/// `a` truncated or zero-padded to length `n` along `axis`.
fn resize_axis(a: &Array, axis: usize, n: usize) -> Result<Array> {
    let len = a.shape()[axis];
    if n == len {
        return Ok(a.clone());
    }
    if n < len {
        return a.slice_axis(axis, Some(0), Some(n as isize), 1);
    }
    let mut zs = a.shape().to_vec();
    zs[axis] = n - len;
    let z = Array::zeros(&zs, a.dtype());
    dispatch::concatenate(&[a.clone(), z], Some(axis as isize))
}

fn axis_of(a: &Array, axis: isize) -> Result<usize> {
    if a.ndim() == 0 {
        return Err(Error::axis_error(format!(
            "axis {axis} is out of bounds for array of dimension 0"
        )));
    }
    normalize_axis(axis, a.ndim())
}

/// The dtype of a result of `want` computed in `got` (see
/// [`FftNorm::factor`]): rounded to it when they differ.
fn rounded_to(r: Array, want: DType) -> Result<Array> {
    if r.dtype() == want {
        Ok(r)
    } else {
        dispatch::cast(&r, want)
    }
}

fn c2c(a: &Array, n: Option<i64>, axis: isize, norm: FftNorm, inverse: bool) -> Result<Array> {
    let ax = axis_of(a, axis)?;
    let n = check_n(n.unwrap_or(a.shape()[ax] as i64))?;
    let (scale, single) = norm.factor(n, inverse, a.dtype(), DType::Complex64);
    let work = if single {
        DType::Complex64
    } else {
        DType::Complex128
    };
    let x = dispatch::cast(a, work)?;
    let x = resize_axis(&x, ax, n)?;
    let r = fft_backend().fft(&x, ax, FftKind::C2C { inverse }, n, scale)?;
    rounded_to(r, complex_dtype(a.dtype()))
}

fn r2c(a: &Array, n: Option<i64>, axis: isize, norm: FftNorm) -> Result<Array> {
    let ax = axis_of(a, axis)?;
    let n = check_n(n.unwrap_or(a.shape()[ax] as i64))?;
    let out = complex_dtype(real_dtype(a.dtype())?);
    let (scale, single) = norm.factor(n, false, a.dtype(), DType::Float32);
    let work = if single {
        DType::Float32
    } else {
        DType::Float64
    };
    let x = dispatch::cast(a, work)?;
    let x = resize_axis(&x, ax, n)?;
    let r = fft_backend().fft(&x, ax, FftKind::R2C, n, scale)?;
    rounded_to(r, out)
}

fn c2r(a: &Array, n: Option<i64>, axis: isize, norm: FftNorm) -> Result<Array> {
    let ax = axis_of(a, axis)?;
    let n = check_n(n.unwrap_or(2 * (a.shape()[ax] as i64 - 1)))?;
    let (scale, single) = norm.factor(n, true, a.dtype(), DType::Complex64);
    let work = if single {
        DType::Complex64
    } else {
        DType::Complex128
    };
    let x = dispatch::cast(a, work)?;
    let x = resize_axis(&x, ax, n / 2 + 1)?;
    let r = fft_backend().fft(&x, ax, FftKind::C2R, n, scale)?;
    // NumPy keeps a real half-precision input's dtype for the real output.
    let out = match a.dtype() {
        d @ (DType::Float16 | DType::BFloat16) => d,
        d => complex_dtype(d).real_dtype(),
    };
    rounded_to(r, out)
}

/// `np.fft.fft(a, n=None, axis=-1, norm=None)`: the 1-d discrete Fourier
/// transform along `axis`, the input cut or zero-padded to `n`.
pub fn fft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    c2c(a, n, axis, FftNorm::parse(norm)?, false)
}

/// `np.fft.ifft(a, n=None, axis=-1, norm=None)`: the inverse of [`fft`].
pub fn ifft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    c2c(a, n, axis, FftNorm::parse(norm)?, true)
}

/// `np.fft.rfft(a, n=None, axis=-1, norm=None)`: the `n/2 + 1`
/// non-negative frequency terms of a real input's transform (complex
/// input is a `TypeError`).
pub fn rfft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    r2c(a, n, axis, FftNorm::parse(norm)?)
}

/// `np.fft.irfft(a, n=None, axis=-1, norm=None)`: the inverse of
/// [`rfft`], real output of length `n` (default `2 * (m - 1)`); the
/// imaginary parts of the zero and Nyquist terms are ignored.
pub fn irfft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    c2r(a, n, axis, FftNorm::parse(norm)?)
}

/// `np.fft.hfft(a, n=None, axis=-1, norm=None)`: the transform of a
/// Hermitian-symmetric signal given by its first half (real output of
/// length `n`, default `2 * (m - 1)`): `irfft(conj(a), n)` with the
/// normalisation swapped.
pub fn hfft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    let norm = FftNorm::parse(norm)?.swapped();
    // NumPy's `irfft(conjugate(a))`: a real input stays real (its dtype
    // sets the norm factor's precision and a float16 output).
    let x = if a.dtype().is_complex() {
        dispatch::unary(UnaryOp::Conjugate, a)?
    } else {
        a.clone()
    };
    c2r(&x, n, axis, norm)
}

/// `np.fft.ihfft(a, n=None, axis=-1, norm=None)`: the inverse of
/// [`hfft`]: `conj(rfft(a, n))` with the normalisation swapped.
pub fn ihfft(a: &Array, n: Option<i64>, axis: isize, norm: Option<&str>) -> Result<Array> {
    let r = r2c(a, n, axis, FftNorm::parse(norm)?.swapped())?;
    dispatch::unary(UnaryOp::Conjugate, &r)
}

/// NumPy's `_cook_nd_args`: the lengths and axes of an n-d transform.
fn cook(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    inv_real: bool,
) -> Result<(Vec<i64>, Vec<usize>)> {
    let nd = a.ndim();
    let axes: Vec<isize> = match (s, axes) {
        (_, Some(ax)) => ax.to_vec(),
        (Some(s), None) => {
            if s.len() > nd {
                return Err(Error::value_error("Shape and axes have different lengths."));
            }
            (nd - s.len()..nd).map(|i| i as isize).collect()
        }
        (None, None) => (0..nd as isize).collect(),
    };
    let axes: Vec<usize> = axes
        .iter()
        .map(|&x| normalize_axis(x, nd))
        .collect::<Result<_>>()?;
    let s: Vec<i64> = match s {
        Some(s) => {
            if s.len() != axes.len() {
                return Err(Error::value_error("Shape and axes have different lengths."));
            }
            s.to_vec()
        }
        None => {
            let mut v: Vec<i64> = axes.iter().map(|&i| a.shape()[i] as i64).collect();
            if inv_real {
                if let Some(l) = v.last_mut() {
                    *l = (*l - 1) * 2;
                }
            }
            v
        }
    };
    Ok((s, axes))
}

fn c2c_nd(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
    inverse: bool,
) -> Result<Array> {
    let norm = FftNorm::parse(norm)?;
    let (s, axes) = cook(a, s, axes, false)?;
    if axes.is_empty() {
        return dispatch::cast(a, complex_dtype(a.dtype()));
    }
    // The first transform sees the input's own dtype (its norm factor is
    // computed in it, as NumPy's per-axis loop does).
    let mut x = a.clone();
    for i in (0..axes.len()).rev() {
        x = c2c(&x, Some(s[i]), axes[i] as isize, norm, inverse)?;
    }
    Ok(x)
}

/// `np.fft.fftn(a, s=None, axes=None, norm=None)`: [`fft`] over each of
/// `axes` (default: the last `len(s)` axes, or all), `s` the lengths.
/// `ValueError: Shape and axes have different lengths.`
pub fn fftn(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    c2c_nd(a, s, axes, norm, false)
}

/// `np.fft.ifftn(a, s=None, axes=None, norm=None)` (see [`fftn`]).
pub fn ifftn(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    c2c_nd(a, s, axes, norm, true)
}

/// `np.fft.rfftn(a, s=None, axes=None, norm=None)`: [`rfft`] over the
/// last axis, then [`fft`] over the others.
pub fn rfftn(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    let norm = FftNorm::parse(norm)?;
    let (s, axes) = cook(a, s, axes, false)?;
    let Some((&last, rest)) = axes.split_last() else {
        return dispatch::cast(a, complex_dtype(a.dtype()));
    };
    let mut x = r2c(a, Some(s[rest.len()]), last as isize, norm)?;
    for i in (0..rest.len()).rev() {
        x = c2c(&x, Some(s[i]), rest[i] as isize, norm, false)?;
    }
    Ok(x)
}

/// `np.fft.irfftn(a, s=None, axes=None, norm=None)`: [`ifft`] over all
/// but the last axis, then [`irfft`] over the last (default length
/// `2 * (m - 1)`).
pub fn irfftn(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    let norm = FftNorm::parse(norm)?;
    let (s, axes) = cook(a, s, axes, true)?;
    let Some((&last, rest)) = axes.split_last() else {
        return dispatch::cast(a, real_dtype(complex_dtype(a.dtype()).real_dtype())?);
    };
    // As NumPy's loop: the first transform sees the input's own dtype (a
    // float16 input of one axis gives float16 output).
    let mut x = a.clone();
    for i in 0..rest.len() {
        x = c2c(&x, Some(s[i]), rest[i] as isize, norm, true)?;
    }
    c2r(&x, Some(s[rest.len()]), last as isize, norm)
}

const LAST2: [isize; 2] = [-2, -1];

/// `np.fft.fft2(a, s=None, axes=(-2, -1), norm=None)`.
pub fn fft2(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    fftn(a, s, Some(axes.unwrap_or(&LAST2)), norm)
}

/// `np.fft.ifft2(a, s=None, axes=(-2, -1), norm=None)`.
pub fn ifft2(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    ifftn(a, s, Some(axes.unwrap_or(&LAST2)), norm)
}

/// `np.fft.rfft2(a, s=None, axes=(-2, -1), norm=None)`.
pub fn rfft2(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    rfftn(a, s, Some(axes.unwrap_or(&LAST2)), norm)
}

/// `np.fft.irfft2(a, s=None, axes=(-2, -1), norm=None)`.
pub fn irfft2(
    a: &Array,
    s: Option<&[i64]>,
    axes: Option<&[isize]>,
    norm: Option<&str>,
) -> Result<Array> {
    irfftn(a, s, Some(axes.unwrap_or(&LAST2)), norm)
}

/// `np.fft.fftfreq(n, d=1.0)`: the sample frequencies
/// `[0, 1, ..., (n-1)//2, -(n//2), ..., -1] * (1 / (n * d))`, float64.
pub fn fftfreq(n: i64, d: f64) -> Result<Array> {
    if n < 1 {
        return Err(Error::zero_division("float division by zero"));
    }
    let val = 1.0 / (n as f64 * d);
    let nn = (n - 1) / 2 + 1;
    let v: Vec<f64> = (0..nn).chain(-(n / 2)..0).map(|i| i as f64 * val).collect();
    Array::from_vec(v, &[n as usize])
}

/// `np.fft.rfftfreq(n, d=1.0)`: `[0, 1, ..., n//2] * (1 / (n * d))`,
/// float64.
pub fn rfftfreq(n: i64, d: f64) -> Result<Array> {
    if n < 1 {
        return Err(Error::zero_division("float division by zero"));
    }
    let val = 1.0 / (n as f64 * d);
    let v: Vec<f64> = (0..=n / 2).map(|i| i as f64 * val).collect();
    let len = v.len();
    Array::from_vec(v, &[len])
}

/// `np.roll` of one axis by `shift`.
fn roll_axis(a: &Array, axis: usize, shift: isize) -> Result<Array> {
    let n = a.shape()[axis] as isize;
    if n == 0 {
        return Ok(a.clone());
    }
    let k = shift.rem_euclid(n);
    if k == 0 {
        return Ok(a.clone());
    }
    let head = a.slice_axis(axis, Some(n - k), Some(n), 1)?;
    let tail = a.slice_axis(axis, Some(0), Some(n - k), 1)?;
    dispatch::concatenate(&[head, tail], Some(axis as isize))
}

fn shift(x: &Array, axes: Option<&[isize]>, inverse: bool) -> Result<Array> {
    let axes: Vec<usize> = match axes {
        Some(ax) => ax
            .iter()
            .map(|&a| normalize_axis(a, x.ndim()))
            .collect::<Result<_>>()?,
        None => (0..x.ndim()).collect(),
    };
    let mut r = x.clone();
    for ax in axes {
        let n = x.shape()[ax] as isize;
        let s = if inverse { -(n / 2) } else { n / 2 };
        r = roll_axis(&r, ax, s)?;
    }
    if r.shares_storage(x) {
        return dispatch::copy(&r);
    }
    Ok(r)
}

/// `np.fft.fftshift(x, axes=None)`: the zero frequency moved to the
/// centre (a roll by `n // 2` along each axis; all axes by default).
pub fn fftshift(x: &Array, axes: Option<&[isize]>) -> Result<Array> {
    shift(x, axes, false)
}

/// `np.fft.ifftshift(x, axes=None)`: the inverse of [`fftshift`].
pub fn ifftshift(x: &Array, axes: Option<&[isize]>) -> Result<Array> {
    shift(x, axes, true)
}
