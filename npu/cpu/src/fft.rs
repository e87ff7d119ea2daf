//! The cpu backend's FFT kernels: one-axis complex, real-to-complex and
//! complex-to-real transforms with `rustfft` and `realfft`, in float32
//! (complex64) or float64 (complex128).

use num_complex::Complex;
use realfft::RealFftPlanner;
use rustfft::{FftDirection, FftNum, FftPlanner};

use crate::CpuBackend;
use xpush_core::array::Array;
use xpush_core::backend::FftBackend;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, Result};
use xpush_core::op::FftKind;

/// `a` with `axis` moved last, as contiguous rows, and the permutation
/// that moves it back.
fn rows_last(a: &Array, axis: usize) -> Result<(Array, Vec<isize>)> {
    let nd = a.ndim();
    let mut perm: Vec<isize> = (0..nd as isize).filter(|&i| i != axis as isize).collect();
    perm.push(axis as isize);
    let mut back = vec![0isize; nd];
    for (i, &p) in perm.iter().enumerate() {
        back[p as usize] = i as isize;
    }
    Ok((a.transpose(Some(&perm))?.to_contiguous(), back))
}

/// Rebuilds an array from rows of length `len` laid out with the
/// transformed axis last (`shape_last`), moving it back to `axis`.
fn finish<T: WithDType>(
    data: Vec<T>,
    mut shape_last: Vec<usize>,
    len: usize,
    back: &[isize],
) -> Result<Array> {
    if let Some(l) = shape_last.last_mut() {
        *l = len;
    }
    let r = Array::from_vec(data, &shape_last)?;
    Ok(r.transpose(Some(back))?.to_contiguous())
}

fn scale_all<T: FftNum>(v: &mut [Complex<T>], scale: f64) {
    if scale != 1.0 {
        let s = T::from_f64(scale).unwrap_or_else(T::one);
        for x in v {
            *x = *x * s;
        }
    }
}

fn c2c<T: FftNum + WithDType>(
    a: &Array,
    axis: usize,
    inverse: bool,
    n: usize,
    scale: f64,
) -> Result<Array>
where
    Complex<T>: WithDType,
{
    let (rows, back) = rows_last(a, axis)?;
    let mut v: Vec<Complex<T>> = rows.to_vec()?;
    if n > 0 && !v.is_empty() {
        let dir = if inverse {
            FftDirection::Inverse
        } else {
            FftDirection::Forward
        };
        let plan = FftPlanner::<T>::new().plan_fft(n, dir);
        plan.process(&mut v);
        scale_all(&mut v, scale);
    }
    finish(v, rows.shape().to_vec(), n, &back)
}

fn r2c<T: FftNum + WithDType>(a: &Array, axis: usize, n: usize, scale: f64) -> Result<Array>
where
    Complex<T>: WithDType,
{
    let (rows, back) = rows_last(a, axis)?;
    let mut v: Vec<T> = rows.to_vec()?;
    let m = n / 2 + 1;
    let count = v.len().checked_div(n).unwrap_or(0);
    let mut out = vec![Complex::new(T::zero(), T::zero()); count * m];
    if count > 0 {
        let plan = RealFftPlanner::<T>::new().plan_fft_forward(n);
        for (src, dst) in v.chunks_mut(n).zip(out.chunks_mut(m)) {
            plan.process(src, dst)
                .map_err(|e| Error::runtime_error(format!("internal: rfft: {e}")))?;
        }
        scale_all(&mut out, scale);
    }
    finish(out, rows.shape().to_vec(), m, &back)
}

fn c2r<T: FftNum + WithDType>(a: &Array, axis: usize, n: usize, scale: f64) -> Result<Array>
where
    Complex<T>: WithDType,
{
    let (rows, back) = rows_last(a, axis)?;
    let mut v: Vec<Complex<T>> = rows.to_vec()?;
    let m = n / 2 + 1;
    let count = v.len().checked_div(m).unwrap_or(0);
    let mut out = vec![T::zero(); count * n];
    if count > 0 && n > 0 {
        let plan = RealFftPlanner::<T>::new().plan_fft_inverse(n);
        let s = T::from_f64(scale).unwrap_or_else(T::one);
        for (src, dst) in v.chunks_mut(m).zip(out.chunks_mut(n)) {
            // As pocketfft, the imaginary parts of the zero (and Nyquist)
            // terms are ignored.
            src[0].im = T::zero();
            if n.is_multiple_of(2) {
                src[m - 1].im = T::zero();
            }
            plan.process(src, dst)
                .map_err(|e| Error::runtime_error(format!("internal: irfft: {e}")))?;
            if scale != 1.0 {
                for x in dst.iter_mut() {
                    *x = *x * s;
                }
            }
        }
    }
    finish(out, rows.shape().to_vec(), n, &back)
}

impl FftBackend for CpuBackend {
    fn fft(&self, a: &Array, axis: usize, kind: FftKind, n: usize, scale: f64) -> Result<Array> {
        match (kind, a.dtype()) {
            (FftKind::C2C { inverse }, DType::Complex64) => c2c::<f32>(a, axis, inverse, n, scale),
            (FftKind::C2C { inverse }, DType::Complex128) => c2c::<f64>(a, axis, inverse, n, scale),
            (FftKind::R2C, DType::Float32) => r2c::<f32>(a, axis, n, scale),
            (FftKind::R2C, DType::Float64) => r2c::<f64>(a, axis, n, scale),
            (FftKind::C2R, DType::Complex64) => c2r::<f32>(a, axis, n, scale),
            (FftKind::C2R, DType::Complex128) => c2r::<f64>(a, axis, n, scale),
            (k, d) => Err(Error::runtime_error(format!(
                "internal: fft kernel {k:?} called with {d}"
            ))),
        }
    }
}
