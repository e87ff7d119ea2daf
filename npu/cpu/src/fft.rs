//! The cpu backend's FFT kernels: one-axis complex, real-to-complex and
//! complex-to-real transforms in float32 (complex64) or float64
//! (complex128), row by row with the port of pocketfft in
//! [`crate::pocketfft`], so the results are NumPy's bit for bit. A call
//! builds its plan once for all its rows.

use num_complex::Complex;
use rayon::prelude::*;

use crate::pocketfft::{ComplexPlan, Real, RealPlan};
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

/// From this many values a call transforms its rows on the rayon threads.
const PAR_MIN: usize = 1 << 15;

/// Whether a call over `len` values in rows of `n` runs on the rayon
/// threads: when it is large and has several rows.
fn parallel(len: usize, n: usize) -> bool {
    len >= PAR_MIN && len > n
}

/// `f` on each row of `n` values of `v` and the matching row of `m` values
/// of `out`.
fn each_row<A: Send, B: Send>(
    v: &mut [A],
    n: usize,
    out: &mut [B],
    m: usize,
    f: impl Fn(&mut [A], &mut [B]) + Sync,
) {
    if parallel(v.len(), n) {
        v.par_chunks_mut(n)
            .zip(out.par_chunks_mut(m))
            .for_each(|(a, b)| f(a, b));
    } else {
        for (a, b) in v.chunks_mut(n).zip(out.chunks_mut(m)) {
            f(a, b);
        }
    }
}

/// pocketfft's `fct`, the norm factor in the kernel's type (the caller
/// computes it in that precision, so the conversion is exact).
fn factor<T: Real>(scale: f64) -> T {
    T::from_f64(scale)
}

fn c2c<T: Real + WithDType>(
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
        let plan = ComplexPlan::<T>::new(n);
        let fct = factor::<T>(scale);
        let one = |row: &mut [Complex<T>]| plan.exec(row, fct, !inverse);
        if parallel(v.len(), n) {
            v.par_chunks_mut(n).for_each(one);
        } else {
            v.chunks_mut(n).for_each(one);
        }
    }
    finish(v, rows.shape().to_vec(), n, &back)
}

/// The real transform of each row, unpacked from pocketfft's halfcomplex
/// order (`r0, r1, i1, ...`) as NumPy does: the zero term's imaginary part
/// is 0, and so is the Nyquist term's for even `n`.
fn r2c<T: Real + WithDType>(a: &Array, axis: usize, n: usize, scale: f64) -> Result<Array>
where
    Complex<T>: WithDType,
{
    let (rows, back) = rows_last(a, axis)?;
    let mut v: Vec<T> = rows.to_vec()?;
    let m = n / 2 + 1;
    let count = v.len().checked_div(n).unwrap_or(0);
    let zero = T::zero();
    let mut out = vec![Complex::new(zero, zero); count * m];
    if count > 0 {
        let plan = RealPlan::<T>::new(n);
        let fct = factor::<T>(scale);
        each_row(&mut v, n, &mut out, m, |src, dst| {
            plan.exec(src, fct, true);
            dst[0] = Complex::new(src[0], zero);
            for (k, d) in dst.iter_mut().enumerate().skip(1) {
                let im = if 2 * k < n { src[2 * k] } else { zero };
                *d = Complex::new(src[2 * k - 1], im);
            }
        });
    }
    finish(out, rows.shape().to_vec(), m, &back)
}

/// The inverse real transform of each row of `n / 2 + 1` terms, packed in
/// pocketfft's halfcomplex order as NumPy does (the imaginary parts of the
/// zero term, and of the Nyquist term for even `n`, are not read).
fn c2r<T: Real + WithDType>(a: &Array, axis: usize, n: usize, scale: f64) -> Result<Array>
where
    Complex<T>: WithDType,
{
    let (rows, back) = rows_last(a, axis)?;
    let mut v: Vec<Complex<T>> = rows.to_vec()?;
    let m = n / 2 + 1;
    let count = v.len().checked_div(m).unwrap_or(0);
    let mut out = vec![T::zero(); count * n];
    if count > 0 && n > 0 {
        let plan = RealPlan::<T>::new(n);
        let fct = factor::<T>(scale);
        each_row(&mut v, m, &mut out, n, |src, dst| {
            dst[0] = src[0].re;
            for k in 1..=(n - 1) / 2 {
                dst[2 * k - 1] = src[k].re;
                dst[2 * k] = src[k].im;
            }
            if n.is_multiple_of(2) && n > 1 {
                dst[n - 1] = src[n / 2].re;
            }
            plan.exec(dst, fct, false);
        });
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
