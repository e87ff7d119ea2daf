//! `mean`, `var` and `std` as one reduction each, written as NumPy's
//! `numpy/_core/_methods.py` computes them (`_mean`, `_var`, `_std`), so
//! the result is NumPy's bit for bit: the input is already in the
//! accumulator dtype (float64 for integers, float32 for a float16 mean:
//! the caller's job); the mean is the pairwise sum divided by the count;
//! the variance is `sum(|a - mean|**2) / max(n - ddof, 0)`, each
//! difference and square rounded to the dtype as NumPy's temporary stores
//! them; the standard deviation is its square root.

use xpush_core::array::Array;
use xpush_core::dtype::DType;
use xpush_core::error::{Error, Result};
use xpush_core::op::{BinaryOp, ReduceOp, UnaryOp};
use xpush_core::scalar::Scalar;

use crate::{binary, reduce, unary};

/// `a / d`, NumPy's `true_divide(ret, rcount)`: its count is an `intp`,
/// so the quotient is computed in double precision and cast back. A real
/// quotient is the same as `a`'s own division (correctly rounded either
/// way); a complex64 one is not, so it is divided in complex128 (the
/// dispatch layer's `count_divide` follows the same rule).
fn divide(a: &Array, d: f64) -> Result<Array> {
    let wide = match a.dtype() {
        DType::Complex64 => crate::copy::cast(a, DType::Complex128)?,
        _ => a.clone(),
    };
    let q = binary::binary_scalar(
        BinaryOp::TrueDivide,
        &wide,
        Scalar::Float64(d).cast(wide.dtype()),
        false,
    )?;
    if q.dtype() == a.dtype() {
        Ok(q)
    } else {
        crate::copy::cast(&q, a.dtype())
    }
}

/// NumPy's `mean`, `var` (`ddof`) or `std` of the float or complex `a`
/// over the sorted, distinct `axes`, without keepdims.
pub fn moments(op: ReduceOp, a: &Array, axes: &[usize], ddof: f64) -> Result<Array> {
    if !a.dtype().is_inexact() {
        return Err(Error::type_error(format!(
            "internal: the cpu {} takes a float or complex array, not {}",
            op.name(),
            a.dtype()
        )));
    }
    let n: usize = axes.iter().map(|&i| a.shape()[i]).product();
    let s = reduce::reduce(ReduceOp::Sum, a, axes)?;
    let mean = divide(&s, n as f64)?;
    if op == ReduceOp::Mean {
        return Ok(mean);
    }
    // The mean with the reduced axes kept, to broadcast against `a`.
    let kept: Vec<isize> = (0..a.ndim())
        .map(|i| {
            if axes.contains(&i) {
                1
            } else {
                a.shape()[i] as isize
            }
        })
        .collect();
    let m = mean.reshape(&kept)?;
    let sq = if a.dtype().is_complex() {
        let x = binary::binary(BinaryOp::Subtract, a, &m.broadcast_to(a.shape())?)?;
        let c = unary::unary(UnaryOp::Conjugate, &x, x.dtype())?;
        let p = binary::binary(BinaryOp::Multiply, &x, &c)?;
        let re = unary::unary(UnaryOp::Real, &p, p.dtype().real_dtype())?;
        reduce::reduce(ReduceOp::Sum, &re, axes)?
    } else if a.layout().is_c_contiguous()
        && matches!(
            a.dtype(),
            xpush_core::dtype::DType::Float32 | xpush_core::dtype::DType::Float64
        )
    {
        reduce::centered_sumsq(a, &m, axes)?
    } else {
        let x = binary::binary(BinaryOp::Subtract, a, &m.broadcast_to(a.shape())?)?;
        let x2 = binary::binary(BinaryOp::Multiply, &x, &x)?;
        reduce::reduce(ReduceOp::Sum, &x2, axes)?
    };
    let v = divide(&sq, (n as f64 - ddof).max(0.0))?;
    if op == ReduceOp::Std {
        unary::unary(UnaryOp::Sqrt, &v, v.dtype())
    } else {
        Ok(v)
    }
}
