//! Linear algebra over [`Array`]s with NumPy 2 semantics: `np.matmul`
//! and its relatives (`dot`, `vdot`, `inner`, `outer`, `tensordot`,
//! `einsum`, `kron`, `matrix_transpose`) and `np.linalg` (`norm`, `det`,
//! `slogdet`, `inv`, `solve`, `lstsq`, `eig`, `eigh`, `eigvals`,
//! `eigvalsh`, `svd`, `qr`, `cholesky`, `matrix_rank`, `pinv`,
//! `matrix_power`, `cond`, `multi_dot`).
//!
//! # Policy
//!
//! This module owns shapes, dtypes and NumPy's errors; the numerical work
//! goes through the [`LinalgBackend`] seam (`matmul` and the
//! factorisations of [`LinalgOp`]), which the cpu backend implements with
//! exact integer loops and `faer`, and an NPU backend can take over
//! (`aclnnMatmul`). Everything else is composed from those and the
//! [`dispatch`](super::dispatch) ufuncs and reductions.
//!
//! - matmul dtypes are NumPy's loops: the promoted dtype, bool and
//!   integers exact (wrapping as NumPy), float16 computed in float32.
//! - `np.linalg` functions compute in float64 for bool and integer input,
//!   keep float32 / complex64, and raise `TypeError: array type float16 is
//!   unsupported in linalg` for float16 (and bfloat16).
//! - Errors: `LinAlgError` with NumPy's messages (`Singular matrix`,
//!   `Matrix is not positive definite`, `Last 2 dimensions of the array
//!   must be square`, `%d-dimensional array given. Array must be at least
//!   two-dimensional`), gufunc `ValueError`s for core-dimension
//!   mismatches.
//! - Results NumPy returns as scalars (`det` of one matrix, `vdot`) are
//!   0-d arrays.
//! - Floating point results agree with NumPy (LAPACK/OpenBLAS) to a few
//!   ulps times the condition number, not bit for bit.

use crate::array::Array;
use crate::device::ToDevice;
use crate::dtype::DType;
use crate::error::{Error, ExcKind, Result};
use crate::layout::{broadcast_shapes, normalize_axis, shape_size, shape_to_string};
use crate::promote::promote_types;
use crate::scalar::Scalar;

use super::dispatch::{self, Operand, ReduceOpts};
use super::{BinaryOp, CpuBackend, ReduceOp, UnaryOp};

pub use xpush_core::backend::LinalgBackend;
pub use xpush_core::op::{LinalgOp, QrMode};

/// The linalg backend of the current device (only `cpu` so far).
pub(crate) fn linalg_backend() -> &'static dyn LinalgBackend {
    &CpuBackend
}

// ---------------------------------------------------------------- helpers

fn lin_err(msg: impl Into<String>) -> Error {
    Error::new(ExcKind::LinAlgError, msg)
}

fn tuple_str(shape: &[usize]) -> String {
    let d: Vec<isize> = shape.iter().map(|&x| x as isize).collect();
    shape_to_string(&d, "")
}

fn ishape(shape: &[usize]) -> Vec<isize> {
    shape.iter().map(|&x| x as isize).collect()
}

/// The dtype `np.linalg` computes in for `d`.
fn linalg_dtype(d: DType) -> Result<DType> {
    match d {
        DType::Float16 | DType::BFloat16 => Err(Error::type_error(format!(
            "array type {} is unsupported in linalg",
            d.name()
        ))),
        d if d.is_inexact() => Ok(d),
        _ => Ok(DType::Float64),
    }
}

fn assert_stacked_2d(a: &Array) -> Result<()> {
    if a.ndim() < 2 {
        return Err(lin_err(format!(
            "{}-dimensional array given. Array must be at least two-dimensional",
            a.ndim()
        )));
    }
    Ok(())
}

fn assert_2d(a: &Array) -> Result<()> {
    if a.ndim() != 2 {
        return Err(lin_err(format!(
            "{}-dimensional array given. Array must be two-dimensional",
            a.ndim()
        )));
    }
    Ok(())
}

fn assert_square(a: &Array) -> Result<()> {
    let s = a.shape();
    if s[s.len() - 1] != s[s.len() - 2] {
        return Err(lin_err("Last 2 dimensions of the array must be square"));
    }
    Ok(())
}

/// `a` as a contiguous `(batch, m, n)` stack of `dtype`, and the batch
/// shape.
fn to_stack(a: &Array, dtype: DType) -> Result<(Array, Vec<usize>)> {
    let nd = a.ndim();
    let batch = a.shape()[..nd - 2].to_vec();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let x = cast_any(a, dtype)?;
    let x = x.reshape(&[shape_size(&batch) as isize, m as isize, n as isize])?;
    Ok((x, batch))
}

fn with_batch(x: &Array, batch: &[usize], tail: &[usize]) -> Result<Array> {
    let mut s = ishape(batch);
    s.extend(ishape(tail));
    x.reshape(&s)
}

/// `a` with its last two axes swapped (a view).
fn swap_last(a: &Array) -> Result<Array> {
    let nd = a.ndim() as isize;
    let mut perm: Vec<isize> = (0..nd).collect();
    perm.swap(nd as usize - 1, nd as usize - 2);
    a.transpose(Some(&perm))
}

fn mul(a: &Array, b: &Array) -> Result<Array> {
    dispatch::binary(BinaryOp::Multiply, a, b)
}

fn sum_axes(a: &Array, axes: &[isize], keepdims: bool) -> Result<Array> {
    dispatch::reduce(
        ReduceOp::Sum,
        a,
        &ReduceOpts {
            axes: Some(axes.to_vec()),
            keepdims,
            ..ReduceOpts::default()
        },
    )
}

fn reduce_axes(op: ReduceOp, a: &Array, axes: &[isize], keepdims: bool) -> Result<Array> {
    dispatch::reduce(
        op,
        a,
        &ReduceOpts {
            axes: Some(axes.to_vec()),
            keepdims,
            ..ReduceOpts::default()
        },
    )
}

fn abs(a: &Array) -> Result<Array> {
    dispatch::unary(UnaryOp::Absolute, a)
}

/// `(x.conj() * x).real`, as NumPy's norm squares its elements: `x * x`
/// for real `x`, `re*re + im*im` for complex (no rounding through `abs`).
fn abs_squared(x: &Array) -> Result<Array> {
    if !x.dtype().is_complex() {
        return mul(x, x);
    }
    let (re, im) = (
        dispatch::unary(UnaryOp::Real, x)?,
        dispatch::unary(UnaryOp::Imag, x)?,
    );
    dispatch::binary(BinaryOp::Add, &mul(&re, &re)?, &mul(&im, &im)?)
}

fn conj(a: &Array) -> Result<Array> {
    if a.dtype().is_complex() {
        dispatch::unary(UnaryOp::Conjugate, a)
    } else {
        Ok(a.clone())
    }
}

/// `a` as `dtype` (empty arrays are made directly: the elementwise
/// kernels are not asked to walk a zero-length axis).
fn cast_any(a: &Array, dtype: DType) -> Result<Array> {
    if a.size() == 0 {
        return Ok(Array::zeros(a.shape(), dtype));
    }
    dispatch::cast(a, dtype)
}

fn scalar_f(dtype: DType, v: f64) -> Array {
    Array::from_scalar(Scalar::from_f64(dtype, v))
}

// ----------------------------------------------------------------- matmul

const MATMUL_SIG: &str = "(n?,k),(k,m?)->(n?,m?)";

/// `np.matmul(a, b)` (`a @ b`): 1-d operands are promoted to a row
/// (first) or column (second) and the added axis removed from the
/// result; the batch dimensions broadcast. The dtype is the promoted one;
/// bool and integer products are exact (integers wrap as NumPy's loops),
/// float16 is computed in float32. Errors: a 0-d operand, a core
/// dimension mismatch (`matmul: Input operand 1 has a mismatch in its
/// core dimension 0, ...`) and unbroadcastable batches are `ValueError`s
/// with NumPy's messages.
pub fn matmul(a: &Array, b: &Array) -> Result<Array> {
    for (i, x) in [a, b].iter().enumerate() {
        if x.ndim() == 0 {
            return Err(Error::value_error(format!(
                "matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core with signature {MATMUL_SIG} requires 1)"
            )));
        }
    }
    let dtype = promote_types(a.dtype(), b.dtype());
    let x = if a.ndim() == 1 {
        a.reshape(&[1, a.shape()[0] as isize])?
    } else {
        a.clone()
    };
    let y = if b.ndim() == 1 {
        b.reshape(&[b.shape()[0] as isize, 1])?
    } else {
        b.clone()
    };
    let (xn, yn) = (x.ndim(), y.ndim());
    let (n, k) = (x.shape()[xn - 2], x.shape()[xn - 1]);
    let (k2, m) = (y.shape()[yn - 2], y.shape()[yn - 1]);
    if k != k2 {
        return Err(Error::value_error(format!(
            "matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {MATMUL_SIG} (size {k2} is different from {k})"
        )));
    }
    let (bx, by) = (&x.shape()[..xn - 2], &y.shape()[..yn - 2]);
    let batch = broadcast_shapes(&[bx, by]).map_err(|_| {
        let remap = |orig: &[usize], nb: usize| {
            let mut d = ishape(&orig[..nb]);
            d.extend([-1, -1]);
            format!("{}->{}", tuple_str(orig), shape_to_string(&d, ""))
        };
        let req: Vec<usize> = [n, m].to_vec();
        Error::value_error(format!(
            "operands could not be broadcast together with remapped shapes [original->remapped]: {} {}  and requested shape {}",
            remap(a.shape(), a.ndim().saturating_sub(2)),
            remap(b.shape(), b.ndim().saturating_sub(2)),
            tuple_str(&req)
        ))
    })?;
    let nb = shape_size(&batch);
    let mut out = batch.clone();
    if a.ndim() > 1 {
        out.push(n);
    }
    if b.ndim() > 1 {
        out.push(m);
    }
    if nb * n * m == 0 || k == 0 {
        return Ok(Array::zeros(&out, dtype));
    }
    let prep = |z: &Array, r: usize, c: usize| -> Result<Array> {
        let mut s = batch.clone();
        s.extend([r, c]);
        // Only read by the product: no copy when the dtype is already
        // the loop's.
        let z = if z.dtype() == dtype {
            z.clone()
        } else {
            cast_any(z, dtype)?
        };
        let z = z.broadcast_to(&s)?;
        z.reshape(&[nb as isize, r as isize, c as isize])
    };
    let (p, q) = (prep(&x, n, k)?, prep(&y, k, m)?);
    let r = if crate::device::matmul_composed(dtype, p.device()) {
        composed_matmul(&p, &q)?
    } else {
        // Dispatched as one op: the linalg backend on the cpu, aclnnMatmul
        // on the NPU under the dtype policy (float32/16/bf16 natively;
        // float64 by the float64 mode).
        crate::device::matmul_with(&p, &q, &[nb, n, m], &|p, q| linalg_backend().matmul(p, q))?
    };
    // The product lives where its operands do, whichever backend computed it.
    r.reshape(&ishape(&out))?.to_device(a.device())
}

/// Most elements a [`composed_matmul`] product chunk holds (16 Mi: 128 MB
/// of int64), so a large integer product does not take memory
/// proportional to n·k·m at once.
const COMPOSED_CHUNK: usize = 1 << 24;

/// `p @ q` for stacks `(nb, n, k) @ (nb, k, m)` of bool or integer dtype,
/// composed of elementwise and reduction ops for a device whose matmul
/// takes floats only (aclnnMatmul on the 910B): the products
/// `p[:, :, :, None] * q[:, None, :, :]` summed over `k`. Integers sum in
/// the accumulator dtype and are cast back, which wraps exactly as NumPy's
/// loop does (modular arithmetic); bool is `any` of the `and`s. Rows of
/// `p` are taken in chunks so a product holds at most [`COMPOSED_CHUNK`]
/// elements.
fn composed_matmul(p: &Array, q: &Array) -> Result<Array> {
    let (nb, n, k) = (p.shape()[0], p.shape()[1], p.shape()[2]);
    let m = q.shape()[2];
    let dtype = p.dtype();
    let q4 = q.reshape(&[nb as isize, 1, k as isize, m as isize])?;
    let rows = (COMPOSED_CHUNK / (nb * k * m).max(1)).clamp(1, n);
    let sum_k = ReduceOpts {
        axes: Some(vec![2]),
        ..ReduceOpts::default()
    };
    let mut parts = Vec::with_capacity(n.div_ceil(rows));
    for r0 in (0..n).step_by(rows) {
        let r1 = (r0 + rows).min(n);
        let pr = p.slice_axis(1, Some(r0 as isize), Some(r1 as isize), 1)?;
        let p4 = pr.reshape(&[nb as isize, (r1 - r0) as isize, k as isize, 1])?;
        let part = if dtype == DType::Bool {
            let both = dispatch::binary(BinaryOp::LogicalAnd, &p4, &q4)?;
            dispatch::reduce(ReduceOp::Any, &both, &sum_k)?
        } else {
            let prod = dispatch::binary(BinaryOp::Multiply, &p4, &q4)?;
            dispatch::cast(&dispatch::reduce(ReduceOp::Sum, &prod, &sum_k)?, dtype)?
        };
        parts.push(part);
    }
    if parts.len() == 1 {
        return Ok(parts.remove(0));
    }
    dispatch::concatenate(&parts, Some(1))
}

/// `np.matrix_transpose(x)` (`x.mT`): the last two axes swapped, as a
/// view. `ValueError` for fewer than two dimensions.
pub fn matrix_transpose(x: &Array) -> Result<Array> {
    if x.ndim() < 2 {
        return Err(Error::value_error(format!(
            "Input array must be at least 2-dimensional, but it is {}",
            x.ndim()
        )));
    }
    swap_last(x)
}

/// The axes of [`tensordot`].
#[derive(Clone, Debug, PartialEq)]
pub enum TensordotAxes {
    /// `axes=N`: the last `N` axes of `a` with the first `N` of `b`.
    N(usize),
    /// `axes=(a_axes, b_axes)`.
    Pair(Vec<isize>, Vec<isize>),
}

/// `np.tensordot(a, b, axes)`: sums products over the paired axes; the
/// result has `a`'s free axes then `b`'s. `ValueError: shape-mismatch for
/// sum` when paired lengths differ.
pub fn tensordot(a: &Array, b: &Array, axes: &TensordotAxes) -> Result<Array> {
    tensordot_by(a, b, axes, matmul)
}

/// [`tensordot`] with the 2-d product of its last step given: `product`
/// gets `a`'s free axes by its paired ones as a `(m, k)` array and `b`'s
/// as `(k, n)`, and gives their `(m, n)` product. (Object arrays contract
/// their int64 index arrays so, with the product of the elements.)
pub fn tensordot_by(
    a: &Array,
    b: &Array,
    axes: &TensordotAxes,
    product: impl FnOnce(&Array, &Array) -> Result<Array>,
) -> Result<Array> {
    let (aa, bb): (Vec<isize>, Vec<isize>) = match axes {
        TensordotAxes::N(n) => {
            let n = *n as isize;
            (
                (a.ndim() as isize - n..a.ndim() as isize).collect(),
                (0..n).collect(),
            )
        }
        TensordotAxes::Pair(x, y) => (x.clone(), y.clone()),
    };
    if aa.len() != bb.len() {
        return Err(Error::value_error("shape-mismatch for sum"));
    }
    let aa: Vec<usize> = aa
        .iter()
        .map(|&x| normalize_axis(x, a.ndim()))
        .collect::<Result<_>>()?;
    let bb: Vec<usize> = bb
        .iter()
        .map(|&x| normalize_axis(x, b.ndim()))
        .collect::<Result<_>>()?;
    for (&i, &j) in aa.iter().zip(&bb) {
        if a.shape()[i] != b.shape()[j] {
            return Err(Error::value_error("shape-mismatch for sum"));
        }
    }
    contract(a, b, &aa, &bb, product)
}

/// Contracts `a`'s axes `aa` with `b`'s `bb` (checked) through one 2-d
/// `product` (a matmul).
fn contract(
    a: &Array,
    b: &Array,
    aa: &[usize],
    bb: &[usize],
    product: impl FnOnce(&Array, &Array) -> Result<Array>,
) -> Result<Array> {
    let free_a: Vec<usize> = (0..a.ndim()).filter(|i| !aa.contains(i)).collect();
    let free_b: Vec<usize> = (0..b.ndim()).filter(|i| !bb.contains(i)).collect();
    let k: usize = aa.iter().map(|&i| a.shape()[i]).product();
    let ma: usize = free_a.iter().map(|&i| a.shape()[i]).product();
    let nb: usize = free_b.iter().map(|&i| b.shape()[i]).product();
    let pa: Vec<isize> = free_a.iter().chain(aa).map(|&i| i as isize).collect();
    let pb: Vec<isize> = bb.iter().chain(&free_b).map(|&i| i as isize).collect();
    let x = a
        .transpose(Some(&pa))?
        .reshape(&[ma as isize, k as isize])?;
    let y = b
        .transpose(Some(&pb))?
        .reshape(&[k as isize, nb as isize])?;
    let r = product(&x, &y)?;
    let out: Vec<usize> = free_a
        .iter()
        .map(|&i| a.shape()[i])
        .chain(free_b.iter().map(|&i| b.shape()[i]))
        .collect();
    r.reshape(&ishape(&out))
}

fn not_aligned(a: &Array, b: &Array, da: usize, db: usize) -> Error {
    Error::value_error(format!(
        "shapes {} and {} not aligned: {} (dim {da}) != {} (dim {db})",
        tuple_str(a.shape()),
        tuple_str(b.shape()),
        a.shape()[da],
        b.shape()[db]
    ))
}

/// `np.dot(a, b)`: a product with a 0-d operand is `multiply`; otherwise
/// the last axis of `a` is summed against the second-to-last of `b` (its
/// only axis when 1-d). `ValueError: shapes (2,3) and (2,3) not aligned:
/// 3 (dim 1) != 2 (dim 0)` on a mismatch.
pub fn dot(a: &Array, b: &Array) -> Result<Array> {
    if a.ndim() == 0 || b.ndim() == 0 {
        return mul(a, b);
    }
    let da = a.ndim() - 1;
    let db = if b.ndim() == 1 { 0 } else { b.ndim() - 2 };
    if a.shape()[da] != b.shape()[db] {
        return Err(not_aligned(a, b, da, db));
    }
    contract(a, b, &[da], &[db], matmul)
}

/// `np.vdot(a, b)`: `sum(conj(a.ravel()) * b.ravel())` as a 0-d array;
/// the sizes must match.
pub fn vdot(a: &Array, b: &Array) -> Result<Array> {
    let x = conj(&a.reshape(&[-1])?)?;
    let y = b.reshape(&[-1])?;
    if x.size() != y.size() {
        return Err(Error::value_error(format!(
            "cannot reshape array of size {} into shape ({},)",
            y.size(),
            x.size()
        )));
    }
    dot(&x, &y)
}

/// `np.inner(a, b)`: sums over the last axes of both (`multiply` for a
/// 0-d operand); result `a.shape[:-1] + b.shape[:-1]`.
pub fn inner(a: &Array, b: &Array) -> Result<Array> {
    if a.ndim() == 0 || b.ndim() == 0 {
        return mul(a, b);
    }
    let (da, db) = (a.ndim() - 1, b.ndim() - 1);
    if a.shape()[da] != b.shape()[db] {
        return Err(not_aligned(a, b, da, db));
    }
    contract(a, b, &[da], &[db], matmul)
}

/// `np.outer(a, b)`: `a.ravel()[:, None] * b.ravel()[None, :]` (the
/// `multiply` ufunc's dtype).
pub fn outer(a: &Array, b: &Array) -> Result<Array> {
    let x = a.reshape(&[-1, 1])?;
    let y = b.reshape(&[1, -1])?;
    mul(&x, &y)
}

/// `np.kron(a, b)`: the Kronecker product; the shorter shape is padded
/// with leading ones, result dims are the products.
pub fn kron(a: &Array, b: &Array) -> Result<Array> {
    let nd = a.ndim().max(b.ndim());
    let pad = |x: &Array| -> Result<Array> {
        let mut s = vec![1isize; nd - x.ndim()];
        s.extend(ishape(x.shape()));
        x.reshape(&s)
    };
    let (x, y) = (pad(a)?, pad(b)?);
    let mut sx = ishape(x.shape());
    sx.extend(vec![1isize; nd]);
    let mut sy = vec![1isize; nd];
    sy.extend(ishape(y.shape()));
    let p = mul(&x.reshape(&sx)?, &y.reshape(&sy)?)?;
    let perm: Vec<isize> = (0..nd)
        .flat_map(|i| [i as isize, (i + nd) as isize])
        .collect();
    let out: Vec<isize> = (0..nd)
        .map(|i| (x.shape()[i] * y.shape()[i]) as isize)
        .collect();
    p.transpose(Some(&perm))?.to_contiguous().reshape(&out)
}

/// `np.linalg.multi_dot(arrays)`: the chained product; the first array
/// may be 1-d (a row) and the last 1-d (a column), the others must be
/// 2-d. Evaluated left to right (NumPy picks the cheapest order, which
/// changes only rounding).
pub fn multi_dot(arrays: &[Array]) -> Result<Array> {
    let n = arrays.len();
    if n < 2 {
        return Err(Error::value_error("Expecting at least two arrays."));
    }
    if n == 2 {
        return dot(&arrays[0], &arrays[1]);
    }
    let first_1d = arrays[0].ndim() == 1;
    let last_1d = arrays[n - 1].ndim() == 1;
    let mut xs: Vec<Array> = arrays.to_vec();
    if first_1d {
        xs[0] = xs[0].reshape(&[1, -1])?;
    }
    if last_1d {
        xs[n - 1] = xs[n - 1].reshape(&[-1, 1])?;
    }
    for x in &xs {
        assert_2d(x)?;
    }
    let mut acc = xs[0].clone();
    for x in &xs[1..] {
        acc = dot(&acc, x)?;
    }
    match (first_1d, last_1d) {
        (true, true) => acc.reshape(&[]),
        (true, false) | (false, true) => acc.reshape(&[-1]),
        (false, false) => Ok(acc),
    }
}

/// `np.linalg.matrix_power(a, n)`: repeated squaring with matmul;
/// `n == 0` gives the identity (of `a`'s dtype), negative `n` inverts
/// first (so the result is inexact).
pub fn matrix_power(a: &Array, n: i64) -> Result<Array> {
    assert_stacked_2d(a)?;
    assert_square(a)?;
    let m = a.shape()[a.ndim() - 1];
    if n == 0 {
        let mut eye = Array::zeros(&[m, m], a.dtype());
        for i in 0..m {
            eye.set(&[i as isize, i as isize], Scalar::Bool(true))?;
        }
        eye = eye.broadcast_to(a.shape())?.to_contiguous();
        return Ok(eye);
    }
    let mut base = if n < 0 { inv(a)? } else { a.clone() };
    let mut e = n.unsigned_abs();
    if e == 1 {
        return dispatch::copy(&base);
    }
    let mut result: Option<Array> = None;
    while e > 0 {
        if e & 1 == 1 {
            result = Some(match result {
                None => base.clone(),
                Some(r) => matmul(&r, &base)?,
            });
        }
        e >>= 1;
        if e > 0 {
            base = matmul(&base, &base)?;
        }
    }
    result.ok_or_else(|| Error::runtime_error("internal: matrix_power"))
}

// ----------------------------------------------------------------- einsum

/// `np.einsum(subscripts, *operands)`: explicit (`'ij,jk->ik'`) and
/// implicit (`'ij,jk'`: output indices are those appearing once, sorted)
/// modes, repeated indices within an operand (traces, diagonals) and
/// `...` broadcasting. The result dtype is the operands' promoted dtype.
/// One operand with nothing summed (`'ij->ji'`, `'ii->i'`) gives a view
/// of it; otherwise computed as a broadcast product followed by a sum (no
/// contraction order optimisation).
pub fn einsum(subscripts: &str, operands: &[Array]) -> Result<Array> {
    let spec: String = subscripts.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match spec.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (spec.clone(), None),
    };
    let terms: Vec<&str> = lhs.split(',').collect();
    if terms.len() != operands.len() {
        return Err(Error::value_error(
            "more operands provided to einstein sum function than specified in the subscripts string",
        ));
    }
    if operands.is_empty() {
        return Err(Error::value_error("No input operands"));
    }
    // Expand `...` into per-operand labels: uppercase-free private chars.
    let ell_label = |i: usize| char::from_u32(0x2460 + i as u32).unwrap_or('?');
    let mut ell_nd = 0usize;
    let mut labels: Vec<Vec<char>> = Vec::new();
    for (t, op) in terms.iter().zip(operands) {
        let letters: Vec<char> = t.replace("...", "").chars().collect();
        for &c in &letters {
            if !c.is_ascii_alphabetic() {
                return Err(Error::value_error(format!(
                    "invalid subscript '{c}' in einstein sum subscripts string, subscripts must be letters"
                )));
            }
        }
        if let Some(pos) = t.find("...") {
            let n_ell = op.ndim().checked_sub(letters.len()).ok_or_else(|| {
                Error::value_error(format!(
                    "einstein sum subscripts string contains too many subscripts for operand {}",
                    labels.len()
                ))
            })?;
            ell_nd = ell_nd.max(n_ell);
            let before: Vec<char> = t[..pos].chars().collect();
            let after: Vec<char> = t[pos + 3..].chars().collect();
            let mut l = before;
            // Right-aligned ellipsis dims (broadcasting).
            l.extend((0..n_ell).map(|i| ell_label(i + (64 - n_ell))));
            l.extend(after);
            labels.push(l);
        } else {
            if letters.len() != op.ndim() {
                return Err(Error::value_error("operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided to broadcast the extra dimensions."));
            }
            labels.push(letters);
        }
    }
    let ell: Vec<char> = (0..ell_nd).map(|i| ell_label(i + (64 - ell_nd))).collect();
    let out: Vec<char> = match rhs {
        Some(r) => {
            let mut o = Vec::new();
            if let Some(pos) = r.find("...") {
                o.extend(r[..pos].chars());
                o.extend(ell.iter().copied());
                o.extend(r[pos + 3..].chars());
            } else {
                o.extend(r.chars());
            }
            for &c in &o {
                if !labels.iter().any(|l| l.contains(&c)) {
                    return Err(Error::value_error(format!(
                        "einstein sum subscripts string included output subscript '{c}' which never appeared in an input"
                    )));
                }
            }
            o
        }
        None => {
            let mut counts: Vec<(char, usize)> = Vec::new();
            for l in &labels {
                for &c in l {
                    if ell.contains(&c) {
                        continue;
                    }
                    match counts.iter_mut().find(|(x, _)| *x == c) {
                        Some(e) => e.1 += 1,
                        None => counts.push((c, 1)),
                    }
                }
            }
            let mut once: Vec<char> = counts
                .into_iter()
                .filter(|&(_, n)| n == 1)
                .map(|(c, _)| c)
                .collect();
            once.sort_unstable();
            let mut o = ell.clone();
            o.extend(once);
            o
        }
    };
    // Every label: output ones first, then the summed ones.
    let mut all: Vec<char> = out.clone();
    for l in &labels {
        for &c in l {
            if !all.contains(&c) {
                all.push(c);
            }
        }
    }
    // Sizes, with broadcasting of 1s.
    let mut size: Vec<usize> = vec![1; all.len()];
    for (l, op) in labels.iter().zip(operands) {
        for (ax, &c) in l.iter().enumerate() {
            let p = all.iter().position(|&x| x == c).unwrap_or(0);
            let d = op.shape()[ax];
            if size[p] == 1 {
                size[p] = d;
            } else if d != 1 && d != size[p] {
                return Err(Error::value_error(format!(
                    "operands could not be broadcast together with remapped shapes [original->remapped]: {}",
                    tuple_str(op.shape())
                )));
            }
        }
    }
    // One operand and nothing summed: a view of it, as NumPy returns
    // (`np.einsum('ii->i', a)[:] = 1` writes a's diagonal).
    if let ([op], [l]) = (operands, labels.as_slice()) {
        if out.len() == all.len() {
            return align(op, l, &all);
        }
    }
    let dtype = operands
        .iter()
        .skip(1)
        .fold(operands[0].dtype(), |d, o| promote_types(d, o.dtype()));
    let mut prod: Option<Array> = None;
    for (l, op) in labels.iter().zip(operands) {
        let v = align(op, l, &all)?;
        let v = cast_any(&v, dtype)?;
        prod = Some(match prod {
            None => v,
            Some(p) => mul(&p, &v)?,
        });
    }
    let p = prod.ok_or_else(|| Error::value_error("No input operands"))?;
    let full: Vec<usize> = size.clone();
    let p = p.broadcast_to(&full)?;
    let summed: Vec<isize> = (out.len()..all.len()).map(|i| i as isize).collect();
    let r = if summed.is_empty() {
        p.to_contiguous()
    } else {
        sum_axes(&p, &summed, false)?
    };
    if r.dtype() == dtype {
        Ok(r)
    } else {
        cast_any(&r, dtype)
    }
}

/// A view of `op` (labelled `l`, labels possibly repeated) over every
/// label of `all` in order: repeated labels take the diagonal, missing
/// labels are length-1 axes.
fn align(op: &Array, l: &[char], all: &[char]) -> Result<Array> {
    let lay = op.layout();
    let mut shape = Vec::with_capacity(all.len());
    let mut strides = Vec::with_capacity(all.len());
    for &c in all {
        let axes: Vec<usize> = (0..l.len()).filter(|&i| l[i] == c).collect();
        if axes.is_empty() {
            shape.push(1);
            strides.push(0);
            continue;
        }
        let d = op.shape()[axes[0]];
        for &ax in &axes {
            if op.shape()[ax] != d {
                return Err(Error::value_error(format!(
                    "dimensions in operand for collapsing index '{c}' don't match ({} != {d})",
                    op.shape()[ax]
                )));
            }
        }
        shape.push(d);
        strides.push(axes.iter().map(|&ax| lay.strides[ax]).sum());
    }
    let mut nl = lay.clone();
    nl.shape = shape;
    nl.strides = strides;
    Ok(op.with_layout(nl))
}

// ------------------------------------------------------------------ norm

/// `ord=` of [`norm`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NormOrd {
    /// A number: `inf`, `-inf`, `0`, `1`, `-1`, `2`, `-2`, or any `p` for
    /// vectors.
    P(f64),
    /// `'fro'` (matrices).
    Fro,
    /// `'nuc'` (matrices).
    Nuc,
}

/// `np.linalg.norm(x, ord, axis, keepdims)`. Integer input is computed
/// in float64; the result has the real dtype of the input (float32 for
/// complex64). With `ord` and `axis` both `None` the 2-norm of the
/// flattened array; one axis is a vector norm, two a matrix norm (`'fro'`,
/// `'nuc'`, `1`, `-1`, `2`, `-2`, `inf`, `-inf`). NumPy's `ValueError`s
/// for invalid orders and dimensions.
pub fn norm(
    x: &Array,
    ord: Option<NormOrd>,
    axis: Option<&[isize]>,
    keepdims: bool,
) -> Result<Array> {
    let x = if x.dtype().is_inexact() {
        x.clone()
    } else {
        cast_any(x, DType::Float64)?
    };
    let nd = x.ndim();
    if axis.is_none() {
        let plain = match ord {
            None => true,
            Some(NormOrd::Fro) => nd == 2,
            Some(NormOrd::P(p)) => p == 2.0 && nd == 1,
            _ => false,
        };
        if plain {
            // NumPy's `x.dot(x)`, or `re.dot(re) + im.dot(im)` for complex.
            let flat = x.reshape(&[-1])?;
            let s = if flat.dtype().is_complex() {
                let re = dispatch::unary(UnaryOp::Real, &flat)?;
                let im = dispatch::unary(UnaryOp::Imag, &flat)?;
                dispatch::binary(
                    BinaryOp::Add,
                    &sum_axes(&mul(&re, &re)?, &[0], false)?,
                    &sum_axes(&mul(&im, &im)?, &[0], false)?,
                )?
            } else {
                sum_axes(&mul(&flat, &flat)?, &[0], false)?
            };
            let r = dispatch::unary(UnaryOp::Sqrt, &s)?;
            if keepdims {
                return r.reshape(&vec![1isize; nd]);
            }
            return Ok(r);
        }
    }
    let axes: Vec<isize> = match axis {
        Some(a) => a.to_vec(),
        None => (0..nd as isize).collect(),
    };
    match axes.len() {
        1 => {
            let ax = normalize_axis(axes[0], nd)? as isize;
            let a = abs(&x)?;
            let r = match ord {
                Some(NormOrd::P(p)) if p == f64::INFINITY => {
                    reduce_axes(ReduceOp::Max, &a, &[ax], keepdims)?
                }
                Some(NormOrd::P(p)) if p == f64::NEG_INFINITY => {
                    reduce_axes(ReduceOp::Min, &a, &[ax], keepdims)?
                }
                Some(NormOrd::P(0.0)) => {
                    let nz = dispatch::binary_op(
                        BinaryOp::NotEqual,
                        Operand::Array(&x),
                        Operand::PyInt(0),
                    )?;
                    let nz = cast_any(&nz, a.dtype())?;
                    sum_axes(&nz, &[ax], keepdims)?
                }
                Some(NormOrd::P(1.0)) => sum_axes(&a, &[ax], keepdims)?,
                None | Some(NormOrd::P(2.0)) => {
                    let s = sum_axes(&abs_squared(&x)?, &[ax], keepdims)?;
                    dispatch::unary(UnaryOp::Sqrt, &s)?
                }
                Some(NormOrd::P(p)) => {
                    let pw = dispatch::binary_op(
                        BinaryOp::Power,
                        Operand::Array(&a),
                        Operand::PyFloat(p),
                    )?;
                    let s = sum_axes(&pw, &[ax], keepdims)?;
                    dispatch::binary_op(
                        BinaryOp::Power,
                        Operand::Array(&s),
                        Operand::PyFloat(1.0 / p),
                    )?
                }
                Some(NormOrd::Fro) => {
                    return Err(Error::value_error("Invalid norm order 'fro' for vectors"))
                }
                Some(NormOrd::Nuc) => {
                    return Err(Error::value_error("Invalid norm order 'nuc' for vectors"))
                }
            };
            Ok(r)
        }
        2 => {
            let r0 = normalize_axis(axes[0], nd)?;
            let c0 = normalize_axis(axes[1], nd)?;
            if r0 == c0 {
                return Err(Error::value_error("Duplicate axes given."));
            }
            let (ra, ca) = (r0 as isize, c0 as isize);
            let a = abs(&x)?;
            let r = match ord {
                Some(NormOrd::P(p)) if p == 2.0 || p == -2.0 => {
                    let s = sv_moved(&x, r0, c0)?;
                    let op = if p > 0.0 {
                        ReduceOp::Max
                    } else {
                        ReduceOp::Min
                    };
                    reduce_axes(op, &s, &[-1], false)?
                }
                Some(NormOrd::Nuc) => {
                    let s = sv_moved(&x, r0, c0)?;
                    sum_axes(&s, &[-1], false)?
                }
                Some(NormOrd::P(p)) if p == 1.0 || p == -1.0 => {
                    let ca2 = if ca > ra { ca - 1 } else { ca };
                    let s = sum_axes(&a, &[ra], false)?;
                    let op = if p > 0.0 {
                        ReduceOp::Max
                    } else {
                        ReduceOp::Min
                    };
                    reduce_axes(op, &s, &[ca2], false)?
                }
                Some(NormOrd::P(p)) if p.is_infinite() => {
                    let ra2 = if ra > ca { ra - 1 } else { ra };
                    let s = sum_axes(&a, &[ca], false)?;
                    let op = if p > 0.0 {
                        ReduceOp::Max
                    } else {
                        ReduceOp::Min
                    };
                    reduce_axes(op, &s, &[ra2], false)?
                }
                None | Some(NormOrd::Fro) => {
                    let s = sum_axes(&abs_squared(&x)?, &[ra, ca], false)?;
                    dispatch::unary(UnaryOp::Sqrt, &s)?
                }
                _ => return Err(Error::value_error("Invalid norm order for matrices.")),
            };
            if keepdims {
                let mut s = ishape(x.shape());
                s[r0] = 1;
                s[c0] = 1;
                return r.reshape(&s);
            }
            Ok(r)
        }
        _ => Err(Error::value_error("Improper number of dimensions to norm.")),
    }
}

/// Singular values of `x` over axes `(r, c)` (moved last), shape
/// `rest + (k,)`.
fn sv_moved(x: &Array, r: usize, c: usize) -> Result<Array> {
    let nd = x.ndim();
    let mut perm: Vec<isize> = (0..nd)
        .filter(|&i| i != r && i != c)
        .map(|i| i as isize)
        .collect();
    perm.extend([r as isize, c as isize]);
    let y = x.transpose(Some(&perm))?;
    let v = svd(&y, false, false)?;
    v.into_iter()
        .next()
        .ok_or_else(|| Error::runtime_error("internal: svd"))
}

// ------------------------------------------------------------ np.linalg

/// The stack of `a` in its linalg dtype, checked at least 2-d and square.
fn square_stack(a: &Array) -> Result<(Array, Vec<usize>, DType)> {
    assert_stacked_2d(a)?;
    assert_square(a)?;
    let dt = linalg_dtype(a.dtype())?;
    let (x, batch) = to_stack(a, dt)?;
    Ok((x, batch, dt))
}

fn first(v: Vec<Array>) -> Result<Array> {
    v.into_iter()
        .next()
        .ok_or_else(|| Error::runtime_error("internal: empty linalg result"))
}

/// `np.linalg.det(a)` over the last two axes: `(..., n, n) -> (...)`
/// (0-d for one matrix); 0 for a singular matrix; 1 for `0x0`.
pub fn det(a: &Array) -> Result<Array> {
    let (x, batch, _) = square_stack(a)?;
    let r = first(linalg_backend().decompose(LinalgOp::Det, &x, None)?)?;
    with_batch(&r, &batch, &[])
}

/// `np.linalg.slogdet(a)`: `(sign, logabsdet)`; sign has the input's
/// dtype (a unit complex number for complex input), logabsdet the real
/// dtype; a singular matrix gives `(0, -inf)`.
pub fn slogdet(a: &Array) -> Result<(Array, Array)> {
    let (x, batch, _) = square_stack(a)?;
    let mut r = linalg_backend()
        .decompose(LinalgOp::Slogdet, &x, None)?
        .into_iter();
    let (Some(s), Some(l)) = (r.next(), r.next()) else {
        return Err(Error::runtime_error("internal: slogdet"));
    };
    Ok((with_batch(&s, &batch, &[])?, with_batch(&l, &batch, &[])?))
}

/// `np.linalg.inv(a)` of a stack of square matrices;
/// `LinAlgError: Singular matrix` for an exactly singular one.
pub fn inv(a: &Array) -> Result<Array> {
    let (x, batch, _) = square_stack(a)?;
    let n = x.shape()[1];
    let r = first(linalg_backend().decompose(LinalgOp::Inv, &x, None)?)?;
    with_batch(&r, &batch, &[n, n])
}

/// `np.linalg.solve(a, b)` with NumPy 2's rule for `b`: a 1-d `b` is one
/// vector `(n,)` (result `batch + (n,)`), otherwise `b` is a stack of
/// matrices `(..., n, k)`; the batch dimensions broadcast. Core mismatches
/// are NumPy's gufunc `ValueError`s; `LinAlgError: Singular matrix`.
pub fn solve(a: &Array, b: &Array) -> Result<Array> {
    assert_stacked_2d(a)?;
    assert_square(a)?;
    let dt = linalg_dtype(promote_types(a.dtype(), b.dtype()))?;
    let n = a.shape()[a.ndim() - 1];
    let vec_b = b.ndim() == 1;
    let (name, sig) = if vec_b {
        ("solve1", "(m,m),(m)->(m)")
    } else {
        ("solve", "(m,m),(m,n)->(m,n)")
    };
    if b.ndim() == 0 {
        return Err(Error::value_error(format!(
            "{name}: Input operand 1 does not have enough dimensions (has 0, gufunc core with signature {sig} requires 1)"
        )));
    }
    let bb = if vec_b {
        b.reshape(&[-1, 1])?
    } else {
        b.clone()
    };
    let bn = bb.shape()[bb.ndim() - 2];
    if bn != n {
        return Err(Error::value_error(format!(
            "{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {sig} (size {bn} is different from {n})"
        )));
    }
    let k = bb.shape()[bb.ndim() - 1];
    let ba = &a.shape()[..a.ndim() - 2];
    let bbatch = &bb.shape()[..bb.ndim() - 2];
    let batch = broadcast_shapes(&[ba, bbatch]).map_err(|_| {
        Error::value_error(format!(
            "operands could not be broadcast together with shapes {} {} ",
            tuple_str(a.shape()),
            tuple_str(b.shape())
        ))
    })?;
    let nb = shape_size(&batch);
    let mut sa = batch.clone();
    sa.extend([n, n]);
    let mut sb = batch.clone();
    sb.extend([n, k]);
    let x = cast_any(a, dt)?
        .broadcast_to(&sa)?
        .reshape(&[nb as isize, n as isize, n as isize])?;
    let y =
        cast_any(&bb, dt)?
            .broadcast_to(&sb)?
            .reshape(&[nb as isize, n as isize, k as isize])?;
    let r = first(linalg_backend().decompose(LinalgOp::Solve, &x, Some(&y))?)?;
    if vec_b {
        with_batch(&r, &batch, &[n])
    } else {
        with_batch(&r, &batch, &[n, k])
    }
}

/// `np.linalg.cholesky(a, upper=False)`: the lower factor `L` with
/// `a = L L^H` (reading only the lower triangle), or with `upper` the
/// upper factor `U = L^H` (reading the upper triangle).
/// `LinAlgError: Matrix is not positive definite`.
pub fn cholesky(a: &Array, upper: bool) -> Result<Array> {
    let (x, batch, _) = square_stack(a)?;
    let n = x.shape()[1];
    let r = first(linalg_backend().decompose(LinalgOp::Cholesky { upper }, &x, None)?)?;
    with_batch(&r, &batch, &[n, n])
}

/// `np.linalg.qr(a, mode)`: `[Q, R]` for `'reduced'` and `'complete'`,
/// `[R]` for `'r'`, over stacks. Householder signs may differ from
/// LAPACK's (any `Q D`, `D R` with `|D| = I` is a QR).
pub fn qr(a: &Array, mode: QrMode) -> Result<Vec<Array>> {
    assert_stacked_2d(a)?;
    let dt = linalg_dtype(a.dtype())?;
    let (x, batch) = to_stack(a, dt)?;
    let r = linalg_backend().decompose(LinalgOp::Qr(mode), &x, None)?;
    r.iter()
        .map(|y| with_batch(y, &batch, &y.shape()[1..]))
        .collect()
}

/// `np.linalg.svd(a, full_matrices, compute_uv)`: `[U, S, Vh]` with `S`
/// descending and real, or `[S]` without `compute_uv`. Singular vector
/// signs (phases) may differ from LAPACK's.
pub fn svd(a: &Array, full_matrices: bool, compute_uv: bool) -> Result<Vec<Array>> {
    assert_stacked_2d(a)?;
    let dt = linalg_dtype(a.dtype())?;
    let (x, batch) = to_stack(a, dt)?;
    let op = LinalgOp::Svd {
        full: full_matrices,
        uv: compute_uv,
    };
    let r = linalg_backend().decompose(op, &x, None)?;
    r.iter()
        .map(|y| with_batch(y, &batch, &y.shape()[1..]))
        .collect()
}

/// Real eig results stay real when every eigenvalue is real (NumPy's
/// rule over the whole stack).
fn eig_realify(input: DType, r: Vec<Array>) -> Result<Vec<Array>> {
    if input.is_complex() {
        return Ok(r);
    }
    let w = &r[0];
    let im = dispatch::unary(UnaryOp::Imag, w)?;
    let all_real = im.to_elems().iter().all(|e| e.as_f64() == 0.0);
    if !all_real {
        return Ok(r);
    }
    r.iter()
        .map(|x| dispatch::unary(UnaryOp::Real, x))
        .collect()
}

/// `np.linalg.eig(a)`: `(w, v)` with `v[:, i]` the unit eigenvector of
/// `w[i]`. Real input gives real results when all eigenvalues are real,
/// else complex. The order of eigenvalues and the phase of eigenvectors
/// may differ from LAPACK's.
pub fn eig(a: &Array) -> Result<(Array, Array)> {
    let (x, batch, dt) = square_stack(a)?;
    let n = x.shape()[1];
    let r = linalg_backend().decompose(LinalgOp::Eig { vectors: true }, &x, None)?;
    let mut r = eig_realify(dt, r)?.into_iter();
    let (Some(w), Some(v)) = (r.next(), r.next()) else {
        return Err(Error::runtime_error("internal: eig"));
    };
    Ok((
        with_batch(&w, &batch, &[n])?,
        with_batch(&v, &batch, &[n, n])?,
    ))
}

/// `np.linalg.eigvals(a)` (see [`eig`]).
pub fn eigvals(a: &Array) -> Result<Array> {
    let (x, batch, dt) = square_stack(a)?;
    let n = x.shape()[1];
    let r = linalg_backend().decompose(LinalgOp::Eig { vectors: false }, &x, None)?;
    let w = first(eig_realify(dt, r)?)?;
    with_batch(&w, &batch, &[n])
}

fn parse_uplo(uplo: &str) -> Result<bool> {
    match uplo {
        "L" | "l" => Ok(false),
        "U" | "u" => Ok(true),
        _ => Err(Error::value_error("UPLO argument must be 'L' or 'U'")),
    }
}

/// `np.linalg.eigh(a, UPLO='L')`: ascending real eigenvalues and
/// orthonormal eigenvectors of a Hermitian matrix, reading the `UPLO`
/// triangle. Eigenvector signs may differ from LAPACK's.
pub fn eigh(a: &Array, uplo: &str) -> Result<(Array, Array)> {
    let upper = parse_uplo(uplo)?;
    let (x, batch, _) = square_stack(a)?;
    let n = x.shape()[1];
    let op = LinalgOp::Eigh {
        upper,
        vectors: true,
    };
    let mut r = linalg_backend().decompose(op, &x, None)?.into_iter();
    let (Some(w), Some(v)) = (r.next(), r.next()) else {
        return Err(Error::runtime_error("internal: eigh"));
    };
    Ok((
        with_batch(&w, &batch, &[n])?,
        with_batch(&v, &batch, &[n, n])?,
    ))
}

/// `np.linalg.eigvalsh(a, UPLO='L')` (see [`eigh`]).
pub fn eigvalsh(a: &Array, uplo: &str) -> Result<Array> {
    let upper = parse_uplo(uplo)?;
    let (x, batch, _) = square_stack(a)?;
    let n = x.shape()[1];
    let op = LinalgOp::Eigh {
        upper,
        vectors: false,
    };
    let w = first(linalg_backend().decompose(op, &x, None)?)?;
    with_batch(&w, &batch, &[n])
}

/// The machine epsilon of an inexact dtype's real type.
fn eps(dt: DType) -> f64 {
    if dt.real_dtype() == DType::Float32 {
        f64::from(f32::EPSILON)
    } else {
        f64::EPSILON
    }
}

/// `np.linalg.lstsq(a, b, rcond=None)`: `(x, residuals, rank, s)` for a
/// 2-d `a` `(m, n)` and `b` `(m,)` or `(m, k)`. Singular values at most
/// `rcond * max(s)` are treated as zero (`rcond=None`: `eps * max(m,
/// n)`); at full column rank `x` is the QR solution (LAPACK's `gels`),
/// else the minimum-norm one by the SVD (LAPACK's `gelsd`). `residuals` are the squared
/// 2-norms of the columns of `b - a x`, `(k,)` (or `(1,)` for 1-d `b`),
/// and empty unless `rank == n < m`; `rank` is a 0-d int32.
pub fn lstsq(a: &Array, b: &Array, rcond: Option<f64>) -> Result<(Array, Array, Array, Array)> {
    assert_2d(a)?;
    let vec_b = b.ndim() == 1;
    if !vec_b {
        assert_2d(b)?;
    }
    let (m, n) = (a.shape()[0], a.shape()[1]);
    if b.shape()[0] != m {
        return Err(Error::value_error(format!(
            "lstsq: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (m,n),(m,nrhs),()->(n,nrhs),(nrhs),(),(p) (size {} is different from {m})",
            b.shape()[0]
        )));
    }
    let dt = linalg_dtype(promote_types(a.dtype(), b.dtype()))?;
    let a2 = cast_any(a, dt)?;
    let b2 = cast_any(
        &if vec_b {
            b.reshape(&[-1, 1])?
        } else {
            b.clone()
        },
        dt,
    )?;
    let rcond = rcond.unwrap_or(eps(dt) * m.max(n) as f64);
    // The rank from the singular values alone; at full column rank the
    // solution is the QR one (LAPACK's gels: the same minimiser, unique
    // there, at a fraction of the work of the SVD's).
    let s = first(svd(&a2, false, false)?)?;
    let sv: Vec<f64> = s.to_elems().iter().map(|e| e.as_f64()).collect();
    let smax = sv.iter().copied().fold(0.0, f64::max);
    let rank = sv.iter().filter(|&&x| x > rcond * smax).count();
    if rank == n && m >= n && n > 0 {
        let k = b2.shape()[1] as isize;
        let x = first(linalg_backend().decompose(
            LinalgOp::LstsqQr,
            &a2.reshape(&[1, m as isize, n as isize])?,
            Some(&b2.reshape(&[1, m as isize, k])?),
        )?)?;
        let x = x.reshape(&[n as isize, k])?;
        return lstsq_result(&a2, &b2, x, rank, s, vec_b);
    }
    let mut f = svd(&a2, false, true)?.into_iter();
    let (Some(u), Some(s), Some(vh)) = (f.next(), f.next(), f.next()) else {
        return Err(Error::runtime_error("internal: lstsq svd"));
    };
    let sv: Vec<f64> = s.to_elems().iter().map(|e| e.as_f64()).collect();
    let smax = sv.iter().copied().fold(0.0, f64::max);
    let cutoff = rcond * smax;
    let rank = sv.iter().filter(|&&x| x > cutoff).count();
    let inv_s: Vec<Scalar> = sv
        .iter()
        .map(|&x| Scalar::from_f64(dt, if x > cutoff { 1.0 / x } else { 0.0 }))
        .collect();
    let nk = sv.len();
    let sinv = Array::zeros(&[nk, 1], dt);
    for (i, v) in inv_s.into_iter().enumerate() {
        sinv.set(&[i as isize, 0], v)?;
    }
    let uhb = matmul(&conj(&swap_last(&u)?)?, &b2)?;
    let x = matmul(&conj(&swap_last(&vh)?)?, &mul(&sinv, &uhb)?)?;
    lstsq_result(&a2, &b2, x, rank, s, vec_b)
}

/// `lstsq`'s four results from the solution `x` `(n, k)`: the residuals
/// only when `rank == n < m`, `x` 1-d for a 1-d `b`.
fn lstsq_result(
    a: &Array,
    b: &Array,
    x: Array,
    rank: usize,
    s: Array,
    vec_b: bool,
) -> Result<(Array, Array, Array, Array)> {
    let (m, n) = (a.shape()[0], a.shape()[1]);
    let resid = if rank == n && m > n {
        let r = dispatch::binary(BinaryOp::Subtract, b, &matmul(a, &x)?)?;
        let ar = abs(&r)?;
        sum_axes(&mul(&ar, &ar)?, &[0], false)?
    } else {
        Array::zeros(&[0], a.dtype().real_dtype())
    };
    let x = if vec_b { x.reshape(&[-1])? } else { x };
    let rank = Array::from_scalar(Scalar::Int32(rank as i32));
    Ok((x, resid, rank, s))
}

/// `np.linalg.pinv(a, rcond=None, hermitian=False)` over stacks: the
/// Moore-Penrose pseudo-inverse by the SVD of `conj(a)`, singular values
/// at most `rcond * max(s)` dropped (`rcond=None` is NumPy's `1e-15`).
pub fn pinv(a: &Array, rcond: Option<f64>) -> Result<Array> {
    assert_stacked_2d(a)?;
    let dt = linalg_dtype(a.dtype())?;
    let rcond = rcond.unwrap_or(1e-15);
    let nd = a.ndim();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    if m == 0 || n == 0 {
        let mut s = a.shape()[..nd - 2].to_vec();
        s.extend([n, m]);
        return Ok(Array::zeros(&s, dt));
    }
    let x = conj(&cast_any(a, dt)?)?;
    let mut f = svd(&x, false, true)?.into_iter();
    let (Some(u), Some(s), Some(vt)) = (f.next(), f.next(), f.next()) else {
        return Err(Error::runtime_error("internal: pinv svd"));
    };
    let smax = reduce_axes(ReduceOp::Max, &s, &[-1], true)?;
    let cutoff = dispatch::binary_op(
        BinaryOp::Multiply,
        Operand::Array(&smax),
        Operand::PyFloat(rcond),
    )?;
    let large = dispatch::binary(BinaryOp::Greater, &s, &cutoff)?;
    let recip = dispatch::binary_op(
        BinaryOp::TrueDivide,
        Operand::PyFloat(1.0),
        Operand::Array(&s),
    )?;
    let zero = scalar_f(s.dtype(), 0.0);
    let sinv = dispatch::where_(&large, Operand::Array(&recip), Operand::Array(&zero))?;
    let sinv = cast_any(
        &sinv.reshape(&{
            let mut sh = ishape(sinv.shape());
            sh.push(1);
            sh
        })?,
        dt,
    )?;
    let ut = swap_last(&u)?;
    matmul(&swap_last(&vt)?, &mul(&sinv, &ut)?)
}

/// `np.linalg.matrix_rank(A, tol=None)`: the number of singular values
/// above `tol` (default `max(s) * max(m, n) * eps`), int64; for fewer
/// than two dimensions, 1 unless every element is zero.
pub fn matrix_rank(a: &Array, tol: Option<f64>) -> Result<Array> {
    if a.ndim() < 2 {
        let any = a.to_elems().iter().any(|e| e.as_bool());
        return Ok(Array::from_scalar(Scalar::Int64(i64::from(any))));
    }
    let dt = linalg_dtype(a.dtype())?;
    let nd = a.ndim();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let s = first(svd(a, false, false)?)?;
    let t = match tol {
        Some(t) => scalar_f(s.dtype(), t),
        None => {
            let smax = reduce_axes(ReduceOp::Max, &s, &[-1], true)?;
            dispatch::binary_op(
                BinaryOp::Multiply,
                Operand::Array(&smax),
                Operand::PyFloat(m.max(n) as f64 * eps(dt)),
            )?
        }
    };
    let big = dispatch::binary(BinaryOp::Greater, &s, &t)?;
    let r = sum_axes(&big, &[-1], false)?;
    cast_any(&r, DType::Int64)
}

/// `np.linalg.cond(x, p=None)`: `None`/`2`/`-2` from the singular
/// values (`s_max/s_min` or its inverse), other orders as
/// `norm(x, p) * norm(inv(x), p)` over the last two axes (a singular
/// matrix gives `inf`).
pub fn cond(x: &Array, p: Option<NormOrd>) -> Result<Array> {
    assert_stacked_2d(x)?;
    match p {
        None | Some(NormOrd::P(2.0)) | Some(NormOrd::P(-2.0)) => {
            let s = first(svd(x, false, false)?)?;
            let k = s.shape()[s.ndim() - 1] as isize;
            let hi = s.slice_axis(s.ndim() - 1, Some(0), Some(1), 1)?;
            let lo = s.slice_axis(s.ndim() - 1, Some(k - 1), Some(k), 1)?;
            let r = if p == Some(NormOrd::P(-2.0)) {
                dispatch::binary(BinaryOp::TrueDivide, &lo, &hi)?
            } else {
                dispatch::binary(BinaryOp::TrueDivide, &hi, &lo)?
            };
            let sh: Vec<isize> = ishape(&r.shape()[..r.ndim() - 1]);
            r.reshape(&sh)
        }
        Some(ord) => {
            assert_square(x)?;
            let axes = [-2isize, -1];
            let n1 = norm(x, Some(ord), Some(&axes), false)?;
            match inv(x) {
                Ok(xi) => {
                    let n2 = norm(&xi, Some(ord), Some(&axes), false)?;
                    mul(&n1, &n2)
                }
                Err(e) if e.kind() == ExcKind::LinAlgError => {
                    let inf = scalar_f(n1.dtype(), f64::INFINITY);
                    Ok(inf.broadcast_to(n1.shape())?.to_contiguous())
                }
                Err(e) => Err(e),
            }
        }
    }
}
