//! The cpu backend's linear algebra kernels: batched matmul (exact integer
//! and bool loops, `faer` for float32/float64/complex64/complex128) and
//! batched factorisations through `faer` (LU, Cholesky, QR, SVD,
//! eigendecompositions).
//!
//! Every kernel takes arrays already resolved by `ops::linalg` to a
//! stack of matrices `(batch, rows, cols)` of one supported dtype, and
//! returns new contiguous arrays. Argument checks and NumPy's messages
//! live in `ops::linalg`; only numerical failures (a singular matrix, a
//! matrix that is not positive definite, no convergence) are raised here,
//! as `LinAlgError`s with NumPy's messages.

use std::ops::Neg;

use faer::linalg::solvers::{DenseSolveCore, Solve, SolveLstsq};
use faer::{Accum, Mat, MatMut, MatRef, Par, Side};
use multiversion::multiversion;
use num_complex::Complex;
use num_traits::{Float, NumAssign, Zero};
use rayon::prelude::*;

/// faer's real type of `T`.
type FReal<T> = <T as faer::traits::ComplexField>::Real;

use crate::CpuBackend;
use xpush_core::array::Array;
use xpush_core::backend::LinalgBackend;
use xpush_core::dtype::{DType, WithDType};
use xpush_core::error::{Error, ExcKind, Result};
use xpush_core::op::{LinalgOp, QrMode};

/// A field faer factorises: `f32`, `f64`, `Complex<f32>`, `Complex<f64>`.
pub trait Field:
    faer::traits::ComplexField + WithDType + NumAssign + Neg<Output = Self> + Copy
{
    /// The real type (`f32` or `f64`).
    type R: Field<R = Self::R> + Float + faer::traits::RealField;
    /// The complex type of the same precision.
    type C: Field<R = Self::R>;
    /// faer's real type as [`Field::R`] (the same type).
    fn fr(x: FReal<Self>) -> Self::R;
    /// faer's complex type as [`Field::C`] (the same type).
    fn fc(x: Complex<FReal<Self>>) -> Self::C;
    /// The real part.
    fn re_(self) -> Self::R;
    /// The imaginary part (zero for reals).
    fn im_(self) -> Self::R;
    /// A real value as `Self`.
    fn from_re(r: Self::R) -> Self;
    /// A complex value as `Self` (reals drop the imaginary part).
    fn from_c(c: Complex<Self::R>) -> Self;
    /// The complex conjugate.
    fn cj(self) -> Self {
        Self::from_c(Complex::new(self.re_(), -self.im_()))
    }
    /// `|x|`.
    fn mag(self) -> Self::R {
        self.re_().hypot(self.im_())
    }
    /// `z = x @ y` for one small row-major product (`x` is `n x k`, `y`
    /// is `k x m`) by [`small_real`], or `false` to leave it to faer
    /// (complex fields).
    fn small_product(_x: &[Self], _y: &[Self], _z: &mut [Self], _k: usize, _m: usize) -> bool {
        false
    }
}

macro_rules! real_field {
    ($t:ty) => {
        impl Field for $t {
            type R = $t;
            type C = Complex<$t>;
            fn fr(x: $t) -> $t {
                x
            }
            fn fc(x: Complex<$t>) -> Complex<$t> {
                x
            }
            fn re_(self) -> $t {
                self
            }
            fn im_(self) -> $t {
                0.0
            }
            fn from_re(r: $t) -> $t {
                r
            }
            fn from_c(c: Complex<$t>) -> $t {
                c.re
            }
            fn small_product(x: &[$t], y: &[$t], z: &mut [$t], k: usize, m: usize) -> bool {
                small_real(x, y, z, k, m);
                true
            }
        }
    };
}
real_field!(f32);
real_field!(f64);

macro_rules! complex_field {
    ($t:ty) => {
        impl Field for Complex<$t> {
            type R = $t;
            type C = Complex<$t>;
            fn fr(x: $t) -> $t {
                x
            }
            fn fc(x: Complex<$t>) -> Complex<$t> {
                x
            }
            fn re_(self) -> $t {
                self.re
            }
            fn im_(self) -> $t {
                self.im
            }
            fn from_re(r: $t) -> Self {
                Complex::new(r, 0.0)
            }
            fn from_c(c: Complex<$t>) -> Self {
                c
            }
        }
    };
}
complex_field!(f32);
complex_field!(f64);

/// Runs `$body` with `$T` bound to the [`Field`] of an inexact dtype
/// (float32, float64, complex64, complex128), else an internal error.
macro_rules! with_field {
    ($dt:expr, $T:ident => $body:expr) => {{
        match $dt {
            DType::Float32 => {
                type $T = f32;
                $body
            }
            DType::Float64 => {
                type $T = f64;
                $body
            }
            DType::Complex64 => {
                type $T = Complex<f32>;
                $body
            }
            DType::Complex128 => {
                type $T = Complex<f64>;
                $body
            }
            d => Err(Error::runtime_error(format!(
                "internal: linalg kernel called with {d}"
            ))),
        }
    }};
}

/// `(batch, rows, cols)` of a 3-d stack.
fn dims3(a: &Array) -> Result<(usize, usize, usize)> {
    match a.shape() {
        &[b, m, n] => Ok((b, m, n)),
        s => Err(Error::runtime_error(format!(
            "internal: linalg kernel expects a 3-d stack, got {s:?}"
        ))),
    }
}

/// The matrices of a `(batch, m, n)` stack of dtype `T`, as faer matrices.
fn mats<T: Field>(a: &Array) -> Result<Vec<Mat<T>>> {
    let (b, m, n) = dims3(a)?;
    let v: Vec<T> = a.to_vec()?;
    Ok((0..b)
        .map(|k| {
            let base = k * m * n;
            Mat::from_fn(m, n, |i, j| v[base + i * n + j])
        })
        .collect())
}

/// Stacks matrices of one shape into a `(batch, m, n)` array.
fn stack<T: Field>(ms: &[Mat<T>], m: usize, n: usize) -> Result<Array> {
    let mut out = Vec::with_capacity(ms.len() * m * n);
    for x in ms {
        for i in 0..m {
            for j in 0..n {
                out.push(x[(i, j)]);
            }
        }
    }
    Array::from_vec(out, &[ms.len(), m, n])
}

fn lin_err(msg: &str) -> Error {
    Error::new(ExcKind::LinAlgError, msg)
}

/// From this many multiply-adds a single product runs on every rayon
/// thread (faer splits the output into blocks, so each sum keeps its
/// order and the bits do not depend on the thread count).
const MATMUL_PARALLEL: usize = 1 << 18;

/// From this many multiply-adds in all a batch of small products runs on
/// every rayon thread (below, waking the threads costs more than the
/// products: 1000 8x8 products take about 20 µs on one core).
const BATCH_PARALLEL: usize = 1 << 22;

/// Real matrix-matrix products of at most this many multiply-adds run in [`small_real`]:
/// faer's setup costs more than such a product itself (a batch of 8x8
/// matrices ran at a tenth of NumPy's speed through faer).
const SMALL_PRODUCT: usize = 24 * 24 * 24;

/// The elements of `a` in C order: borrowed from its storage `guard`
/// when `a` is C-contiguous, else copied.
fn c_order<'g, T: WithDType>(
    a: &Array,
    guard: &'g xpush_core::storage::CpuStorage,
) -> Result<std::borrow::Cow<'g, [T]>> {
    if a.layout().is_c_contiguous() {
        let off = a.layout().offset;
        if let Some(s) = guard.as_slice::<T>()?.get(off..off + a.size()) {
            return Ok(std::borrow::Cow::Borrowed(s));
        }
    }
    a.to_vec().map(std::borrow::Cow::Owned)
}

/// Rows of `z` one register block of [`small_real`] computes.
const MR: usize = 4;
/// Columns of `z` one register block computes (a float64 AVX-512 vector).
const NR: usize = 8;

/// `z = x @ y` for row-major `x` (`n x k`), `y` (`k x m`) and `z` (`n x m`):
/// each element a sum from `+0.0` of fused multiply-adds in the order of
/// `k`, as BLAS's small-matrix kernels sum (so a sum of `-0.0` products is
/// `0.0`). Blocks of `MR x NR` elements keep their sums in registers
/// while `k` runs; the elements outside whole blocks are summed one by
/// one, in the same order. The `multiversion` clones make the
/// multiply-add one instruction (any other CPU computes the same fused
/// result in software).
#[multiversion(targets(
    "x86_64+avx512f+avx512bw+avx512cd+avx512dq+avx512vl+avx2+fma",
    "x86_64+avx2+fma"
))]
fn small_real<F: Float>(x: &[F], y: &[F], z: &mut [F], k: usize, m: usize) {
    let n = z.len() / m;
    let (rows, cols) = (n - n % MR, m - m % NR);
    for i0 in (0..rows).step_by(MR) {
        for j0 in (0..cols).step_by(NR) {
            let mut acc = [[F::zero(); NR]; MR];
            for p in 0..k {
                let yv = &y[p * m + j0..][..NR];
                for (r, row) in acc.iter_mut().enumerate() {
                    let s = x[(i0 + r) * k + p];
                    for (a, &v) in row.iter_mut().zip(yv) {
                        *a = s.mul_add(v, *a);
                    }
                }
            }
            for (r, row) in acc.iter().enumerate() {
                z[(i0 + r) * m + j0..][..NR].copy_from_slice(row);
            }
        }
    }
    let one = |i: usize, j: usize| {
        (0..k).fold(F::zero(), |acc, p| x[i * k + p].mul_add(y[p * m + j], acc))
    };
    for i in 0..n {
        let first = if i < rows { cols } else { 0 };
        for j in first..m {
            z[i * m + j] = one(i, j);
        }
    }
}

/// Batched matmul in a faer field: each product straight from and into
/// row-major buffers (faer reads any strides), a large product on every
/// thread, a batch of small ones spread over the threads.
fn matmul_field<T: Field>(a: &Array, b: &Array) -> Result<Array> {
    let (nb, n, k) = dims3(a)?;
    let (_, _, m) = dims3(b)?;
    let (ga, gb) = (a.storage().read(), b.storage().read());
    let x = c_order::<T>(a, &ga)?;
    let y = c_order::<T>(b, &gb)?;
    if k == 0 || nb * n * m == 0 {
        return Array::from_vec(vec![T::ZERO; nb * n * m], &[nb, n, m]);
    }
    // Every element is written below; a large buffer comes from the pool
    // (a fresh one would be page-faulted in on every call).
    let mut out = xpush_core::pool::take::<T>(nb * n * m, &[nb, n, m])?;
    let work = n * k * m;
    let par = if work >= MATMUL_PARALLEL {
        Par::rayon(0)
    } else {
        Par::Seq
    };
    // A real 1x1 result is NumPy's dot (BLAS `dot`), which starts from the
    // first product and keeps -0.0; every other sum (BLAS's gemm and gemv
    // with beta = 0, NumPy's own loops) starts at +0.0, so a sum of -0.0
    // products alone is 0.0 in both parts.
    let dot = n == 1 && m == 1 && !a.dtype().is_complex();
    // Matrix-vector products (BLAS's gemv, whose sums cancel as NumPy's
    // do: chebinterpolate's exact zeros) stay with faer.
    let small = work <= SMALL_PRODUCT && n > 1 && m > 1;
    let one = |(bi, z): (usize, &mut [T])| {
        let xv = &x[bi * n * k..(bi + 1) * n * k];
        let yv = &y[bi * k * m..(bi + 1) * k * m];
        if small && T::small_product(xv, yv, z, k, m) {
            return;
        }
        let xs = MatRef::from_row_major_slice(xv, n, k);
        let ys = MatRef::from_row_major_slice(yv, k, m);
        let zs = MatMut::from_row_major_slice_mut(z, n, m);
        faer::linalg::matmul::matmul(zs, Accum::Replace, xs, ys, T::ONE, par);
        if !dot {
            z.iter_mut().for_each(|v| *v += T::ZERO);
        }
    };
    if nb > 1 && work < MATMUL_PARALLEL && nb * work >= BATCH_PARALLEL {
        // Each rayon task takes a run of products worth a few thousand
        // multiply-adds at least, not one 8x8 product.
        let run = (1usize << 14).div_ceil(work);
        out.par_chunks_mut(n * m)
            .enumerate()
            .with_min_len(run)
            .for_each(one);
    } else {
        out.chunks_mut(n * m).enumerate().for_each(one);
    }
    Array::from_vec(out, &[nb, n, m])
}

/// Batched matmul of integers with wrapping arithmetic in 64 bits (the
/// low bits, and so the cast back to a narrower type, match NumPy's
/// wrapping loops exactly).
fn matmul_int(a: &Array, b: &Array) -> Result<Array> {
    let (nb, n, k) = dims3(a)?;
    let (_, _, m) = dims3(b)?;
    let x: Vec<i64> = a.astype(DType::Int64).to_vec()?;
    let y: Vec<i64> = b.astype(DType::Int64).to_vec()?;
    let mut out = vec![0i64; nb * n * m];
    for bi in 0..nb {
        let (xa, ya, oa) = (bi * n * k, bi * k * m, bi * n * m);
        for i in 0..n {
            for p in 0..k {
                let s = x[xa + i * k + p];
                if s == 0 {
                    continue;
                }
                for j in 0..m {
                    let o = &mut out[oa + i * m + j];
                    *o = o.wrapping_add(s.wrapping_mul(y[ya + p * m + j]));
                }
            }
        }
    }
    Ok(Array::from_vec(out, &[nb, n, m])?.astype(a.dtype()))
}

/// Batched matmul of bools: `any(a[i, :] & b[:, j])`.
fn matmul_bool(a: &Array, b: &Array) -> Result<Array> {
    let (nb, n, k) = dims3(a)?;
    let (_, _, m) = dims3(b)?;
    let x: Vec<bool> = a.to_vec()?;
    let y: Vec<bool> = b.to_vec()?;
    let mut out = vec![false; nb * n * m];
    for bi in 0..nb {
        let (xa, ya, oa) = (bi * n * k, bi * k * m, bi * n * m);
        for i in 0..n {
            for p in 0..k {
                if x[xa + i * k + p] {
                    for j in 0..m {
                        out[oa + i * m + j] |= y[ya + p * m + j];
                    }
                }
            }
        }
    }
    Array::from_vec(out, &[nb, n, m])
}

/// Whether an LU factor has an exactly zero pivot (LAPACK's `info > 0`).
fn lu_singular<T: Field>(u: MatRef<'_, T>) -> bool {
    (0..u.nrows().min(u.ncols())).any(|i| u[(i, i)] == T::ZERO)
}

/// The sign (+1/-1) of a permutation given as forward indices.
fn perm_sign(p: &[usize]) -> i32 {
    let mut seen = vec![false; p.len()];
    let mut sign = 1;
    for s in 0..p.len() {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut j = s;
        while !seen[j] {
            seen[j] = true;
            j = p[j];
            len += 1;
        }
        if len % 2 == 0 {
            sign = -sign;
        }
    }
    sign
}

/// Stacks vectors of one length into a `(batch, n)` array.
fn stack_vecs<T: WithDType>(vs: Vec<Vec<T>>, n: usize) -> Result<Array> {
    let b = vs.len();
    Array::from_vec(vs.into_iter().flatten().collect(), &[b, n])
}

fn det<T: Field>(a: &Array) -> Result<Vec<Array>> {
    let b = dims3(a)?.0;
    let out: Vec<T> = mats::<T>(a)?.iter().map(|x| x.determinant()).collect();
    Ok(vec![Array::from_vec(out, &[b])?])
}

fn slogdet<T: Field>(a: &Array) -> Result<Vec<Array>> {
    let (b, n, _) = dims3(a)?;
    let mut signs = Vec::with_capacity(b);
    let mut logs = Vec::with_capacity(b);
    for x in mats::<T>(a)? {
        if n == 0 {
            signs.push(T::ONE);
            logs.push(T::R::zero());
            continue;
        }
        let lu = x.partial_piv_lu();
        let u = lu.U();
        let mut sign = if perm_sign(lu.P().arrays().0) < 0 {
            -T::ONE
        } else {
            T::ONE
        };
        let mut log = T::R::zero();
        let mut zero = false;
        for i in 0..n {
            let d = u[(i, i)];
            let m = d.mag();
            if m == T::R::zero() {
                zero = true;
                break;
            }
            sign *= T::from_c(Complex::new(d.re_() / m, d.im_() / m));
            log += m.ln();
        }
        if zero {
            signs.push(T::ZERO);
            logs.push(T::R::neg_infinity());
        } else {
            signs.push(sign);
            logs.push(log);
        }
    }
    Ok(vec![
        Array::from_vec(signs, &[b])?,
        Array::from_vec(logs, &[b])?,
    ])
}

fn inv<T: Field>(a: &Array) -> Result<Vec<Array>> {
    let (_, n, _) = dims3(a)?;
    let mut outs = Vec::new();
    for x in mats::<T>(a)? {
        let lu = x.partial_piv_lu();
        if lu_singular(lu.U()) {
            return Err(lin_err("Singular matrix"));
        }
        outs.push(lu.inverse());
    }
    Ok(vec![stack(&outs, n, n)?])
}

fn solve<T: Field>(a: &Array, b: &Array) -> Result<Vec<Array>> {
    let (_, n, _) = dims3(a)?;
    let (_, _, k) = dims3(b)?;
    let mut outs = Vec::new();
    for (x, y) in mats::<T>(a)?.iter().zip(mats::<T>(b)?) {
        let lu = x.partial_piv_lu();
        if lu_singular(lu.U()) {
            return Err(lin_err("Singular matrix"));
        }
        outs.push(lu.solve(&y));
    }
    Ok(vec![stack(&outs, n, k)?])
}

/// Least squares of full column rank by Householder QR: `x = R⁻¹ Qᴴ b`
/// (LAPACK's `gels`), a fraction of the SVD's work.
fn lstsq_qr<T: Field>(a: &Array, b: &Array) -> Result<Vec<Array>> {
    let (_, _, n) = dims3(a)?;
    let (_, _, k) = dims3(b)?;
    let outs: Vec<Mat<T>> = mats::<T>(a)?
        .iter()
        .zip(mats::<T>(b)?)
        .map(|(x, y)| x.qr().solve_lstsq(&y))
        .collect();
    Ok(vec![stack(&outs, n, k)?])
}

fn cholesky<T: Field>(a: &Array, upper: bool) -> Result<Vec<Array>> {
    let (_, n, _) = dims3(a)?;
    let mut outs = Vec::new();
    for x in mats::<T>(a)? {
        // NumPy reads only the triangle it factors: the lower one, or the
        // upper one (as the conjugate transpose of a lower) for upper=True.
        let src = if upper {
            Mat::from_fn(n, n, |i, j| x[(j, i)].cj())
        } else {
            x
        };
        let l = src
            .llt(Side::Lower)
            .map_err(|_| lin_err("Matrix is not positive definite"))?;
        let l = l.L();
        let out = if upper {
            Mat::from_fn(n, n, |i, j| if i <= j { l[(j, i)].cj() } else { T::ZERO })
        } else {
            Mat::from_fn(n, n, |i, j| if i >= j { l[(i, j)] } else { T::ZERO })
        };
        outs.push(out);
    }
    Ok(vec![stack(&outs, n, n)?])
}

fn qr<T: Field>(a: &Array, mode: QrMode) -> Result<Vec<Array>> {
    let (_, m, n) = dims3(a)?;
    let k = m.min(n);
    let (mut qs, mut rs) = (Vec::new(), Vec::new());
    for x in mats::<T>(a)? {
        let f = x.qr();
        let r = f.thin_R();
        let rows = if mode == QrMode::Complete { m } else { k };
        rs.push(Mat::from_fn(rows, n, |i, j| {
            if i < k && i <= j {
                r[(i, j)]
            } else {
                T::ZERO
            }
        }));
        match mode {
            QrMode::Reduced => qs.push(f.compute_thin_Q()),
            QrMode::Complete => qs.push(f.compute_Q()),
            QrMode::R => {}
        }
    }
    let rows = if mode == QrMode::Complete { m } else { k };
    let r = stack(&rs, rows, n)?;
    Ok(match mode {
        QrMode::Reduced => vec![stack(&qs, m, k)?, r],
        QrMode::Complete => vec![stack(&qs, m, m)?, r],
        QrMode::R => vec![r],
    })
}

fn svd<T: Field>(a: &Array, full: bool, uv: bool) -> Result<Vec<Array>> {
    let (_, m, n) = dims3(a)?;
    let k = m.min(n);
    let bad = |_| lin_err("SVD did not converge");
    let mut ss: Vec<Vec<T::R>> = Vec::new();
    let (mut us, mut vhs) = (Vec::new(), Vec::new());
    for x in mats::<T>(a)? {
        if !uv {
            ss.push(
                x.singular_values()
                    .map_err(bad)?
                    .into_iter()
                    .map(T::fr)
                    .collect(),
            );
            continue;
        }
        let f = if full { x.svd() } else { x.thin_svd() }.map_err(bad)?;
        let s = f.S().column_vector();
        ss.push((0..k).map(|i| s[i].re_()).collect());
        let (u, v) = (f.U(), f.V());
        us.push(Mat::from_fn(u.nrows(), u.ncols(), |i, j| u[(i, j)]));
        vhs.push(Mat::from_fn(v.ncols(), v.nrows(), |i, j| v[(j, i)].cj()));
    }
    let s = stack_vecs(ss, k)?;
    if !uv {
        return Ok(vec![s]);
    }
    let (ur, vr) = if full { (m, n) } else { (k, k) };
    Ok(vec![stack(&us, m, ur)?, s, stack(&vhs, vr, n)?])
}

fn eig<T: Field>(a: &Array, vectors: bool) -> Result<Vec<Array>> {
    let (_, n, _) = dims3(a)?;
    let bad = |_| lin_err("Eigenvalues did not converge");
    let mut ws: Vec<Vec<T::C>> = Vec::new();
    let mut vs: Vec<Mat<T::C>> = Vec::new();
    for x in mats::<T>(a)? {
        if !vectors {
            ws.push(
                x.eigenvalues()
                    .map_err(bad)?
                    .into_iter()
                    .map(T::fc)
                    .collect(),
            );
            continue;
        }
        let e = x.eigen().map_err(bad)?;
        let s = e.S().column_vector();
        ws.push((0..n).map(|i| T::fc(s[i].clone())).collect());
        let u = e.U();
        // LAPACK normalises each eigenvector to unit 2-norm.
        let mut v: Mat<T::C> = Mat::from_fn(n, n, |i, j| T::fc(u[(i, j)].clone()));
        for j in 0..n {
            let nrm = (0..n)
                .map(|i| {
                    let m = v[(i, j)].mag();
                    m * m
                })
                .fold(T::R::zero(), |s, x| s + x)
                .sqrt();
            if nrm > T::R::zero() {
                let inv = <T::C as Field>::from_re(<T::R as WithDType>::ONE / nrm);
                for i in 0..n {
                    v[(i, j)] *= inv;
                }
            }
        }
        vs.push(v);
    }
    let w = stack_vecs(ws, n)?;
    if !vectors {
        return Ok(vec![w]);
    }
    Ok(vec![w, stack(&vs, n, n)?])
}

fn eigh<T: Field>(a: &Array, upper: bool, vectors: bool) -> Result<Vec<Array>> {
    let (_, n, _) = dims3(a)?;
    let bad = |_| lin_err("Eigenvalues did not converge");
    let side = if upper { Side::Upper } else { Side::Lower };
    let mut ws: Vec<Vec<T::R>> = Vec::new();
    let mut vs = Vec::new();
    for x in mats::<T>(a)? {
        // Only the named triangle is read; the diagonal's imaginary part is
        // ignored as LAPACK does.
        let x = Mat::from_fn(n, n, |i, j| {
            let lower = if upper { i <= j } else { i >= j };
            if i == j {
                T::from_re(x[(i, i)].re_())
            } else if lower {
                x[(i, j)]
            } else {
                x[(j, i)].cj()
            }
        });
        if !vectors {
            ws.push(
                x.self_adjoint_eigenvalues(side)
                    .map_err(bad)?
                    .into_iter()
                    .map(T::fr)
                    .collect(),
            );
            continue;
        }
        let e = x.self_adjoint_eigen(side).map_err(bad)?;
        let s = e.S().column_vector();
        ws.push((0..n).map(|i| s[i].re_()).collect());
        let u = e.U();
        vs.push(Mat::from_fn(n, n, |i, j| u[(i, j)]));
    }
    let w = stack_vecs(ws, n)?;
    if !vectors {
        return Ok(vec![w]);
    }
    Ok(vec![w, stack(&vs, n, n)?])
}

fn decompose<T: Field>(op: LinalgOp, a: &Array, b: Option<&Array>) -> Result<Vec<Array>> {
    match op {
        LinalgOp::Det => det::<T>(a),
        LinalgOp::Slogdet => slogdet::<T>(a),
        LinalgOp::Inv => inv::<T>(a),
        LinalgOp::Solve => match b {
            Some(b) => solve::<T>(a, b),
            None => Err(Error::runtime_error("internal: solve without b")),
        },
        LinalgOp::LstsqQr => match b {
            Some(b) => lstsq_qr::<T>(a, b),
            None => Err(Error::runtime_error("internal: lstsq without b")),
        },
        LinalgOp::Cholesky { upper } => cholesky::<T>(a, upper),
        LinalgOp::Qr(mode) => qr::<T>(a, mode),
        LinalgOp::Svd { full, uv } => svd::<T>(a, full, uv),
        LinalgOp::Eig { vectors } => eig::<T>(a, vectors),
        LinalgOp::Eigh { upper, vectors } => eigh::<T>(a, upper, vectors),
    }
}

impl LinalgBackend for CpuBackend {
    fn matmul(&self, a: &Array, b: &Array) -> Result<Array> {
        match a.dtype() {
            DType::Bool => matmul_bool(a, b),
            d if d.is_integer() => matmul_int(a, b),
            DType::Float16 | DType::BFloat16 => {
                let r = matmul_field::<f32>(&a.astype(DType::Float32), &b.astype(DType::Float32))?;
                Ok(r.astype(a.dtype()))
            }
            d => with_field!(d, T => matmul_field::<T>(a, b)),
        }
    }

    fn decompose(&self, op: LinalgOp, a: &Array, b: Option<&Array>) -> Result<Vec<Array>> {
        with_field!(a.dtype(), T => decompose::<T>(op, a, b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(x: Vec<f64>, y: Vec<f64>, dims: [usize; 4]) -> Vec<f64> {
        let [nb, n, k, m] = dims;
        let a = Array::from_vec(x, &[nb, n, k]).unwrap();
        let b = Array::from_vec(y, &[nb, k, m]).unwrap();
        matmul_field::<f64>(&a, &b).unwrap().to_vec().unwrap()
    }

    /// Small products are fused multiply-adds in the order of `k` from
    /// `+0.0`, in every product of a batch (the batch runs on the threads).
    #[test]
    fn small_products_fuse_in_order_from_zero() {
        let a = 1.0 + 2f64.powi(-27);
        let b = 1.0 - 2f64.powi(-27);
        // -1 + a*b is -2^-54 fused; a*b rounds to 1.0 unfused.
        let nb = 2000;
        let x: Vec<f64> = (0..nb).flat_map(|_| [1.0, a, -0.0, 0.0]).collect();
        let y: Vec<f64> = (0..nb).flat_map(|_| [-1.0, 5.0, b, -0.0]).collect();
        let z = product(x, y, [nb, 2, 2, 2]);
        for r in z.chunks(4) {
            assert_eq!(r[0], -(2f64.powi(-54)));
            assert_eq!(r[1].to_bits(), (5.0 - a * 0.0).to_bits());
            // -0.0 * -1.0 + 0.0 * b and -0.0 * 5.0 + 0.0 * -0.0 from +0.0.
            assert_eq!(r[2].to_bits(), 0f64.to_bits());
            assert_eq!(r[3].to_bits(), 0f64.to_bits());
        }
    }

    /// A small product equals the plain definition, inside the register
    /// blocks and at their edges (shapes that are not multiples of a
    /// block, and ones that are).
    #[test]
    fn small_products_match_the_definition() {
        for (n, k, m) in [(5, 7, 3), (9, 5, 17), (4, 3, 8), (12, 16, 16), (2, 20, 9)] {
            let x: Vec<f64> = (0..n * k).map(|i| (i as f64 * 0.37).sin()).collect();
            let y: Vec<f64> = (0..k * m).map(|i| (i as f64 * 1.3).cos()).collect();
            let z = product(x.clone(), y.clone(), [1, n, k, m]);
            for i in 0..n {
                for j in 0..m {
                    let want = (0..k).fold(0.0f64, |s, p| x[i * k + p].mul_add(y[p * m + j], s));
                    assert_eq!(
                        z[i * m + j].to_bits(),
                        want.to_bits(),
                        "{n}x{k}x{m} ({i}, {j})"
                    );
                }
            }
        }
    }
}
