//! The cpu backend: generic kernels over per-dtype host storage (unary,
//! binary, reductions, casts and copies, sorting), the NumPy-exact SIMD
//! and glibc math ports, the `faer` (linalg) bindings, a port of NumPy's
//! pocketfft (FFT), and [`CpuBackend`], which implements the core's
//! backend seams.
//!
//! Uses `xpush-core` (arrays, layouts, the host iteration engine in
//! `xpush_core::kernel`, the memory pool) and nothing above it.

pub mod binary;
mod copy;
mod elem;
mod fft;
pub mod fused;
pub mod glibc;
mod linalg;
mod moments;
mod pocketfft;
pub mod quicksort;
pub mod radix;
mod reduce;
mod simd_math;
pub mod sort;
mod unary;

pub use xpush_core::kernel::nonfinite_written;

pub use reduce::centered_sumsq;

use xpush_core::array::Array;
use xpush_core::backend::Backend;
use xpush_core::dtype::DType;
use xpush_core::error::Result;
use xpush_core::op::{BinaryOp, ReduceOp, UnaryOp};
use xpush_core::scalar::Scalar;

/// The cpu backend: every op on host arrays.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuBackend;

impl Backend for CpuBackend {
    fn name(&self) -> &'static str {
        "cpu"
    }

    fn unary(&self, op: UnaryOp, a: &Array, out: DType) -> Result<Array> {
        unary::unary(op, a, out)
    }

    fn binary(&self, op: BinaryOp, a: &Array, b: &Array, out: DType) -> Result<Array> {
        let r = binary::binary(op, a, b)?;
        if r.dtype() != out {
            return copy::cast(&r, out);
        }
        Ok(r)
    }

    fn binary_scalar(
        &self,
        op: BinaryOp,
        a: &Array,
        s: Scalar,
        scalar_first: bool,
        out: DType,
    ) -> Result<Array> {
        let r = binary::binary_scalar(op, a, s, scalar_first)?;
        if r.dtype() != out {
            return copy::cast(&r, out);
        }
        Ok(r)
    }

    fn reduce(&self, op: ReduceOp, a: &Array, axes: &[usize], ddof: f64) -> Result<Array> {
        match op {
            ReduceOp::Mean | ReduceOp::Var | ReduceOp::Std => moments::moments(op, a, axes, ddof),
            _ => reduce::reduce(op, a, axes),
        }
    }

    fn cast(&self, a: &Array, dtype: DType) -> Result<Array> {
        copy::cast(a, dtype)
    }

    fn copy_into(&self, src: &Array, dst: &Array) -> Result<()> {
        copy::copy_into(src, dst)
    }

    fn move_into(&self, src: Array, dst: &Array) -> Result<()> {
        copy::move_into(src, dst)
    }

    fn where_(&self, cond: &Array, a: &Array, b: &Array) -> Result<Array> {
        copy::where_(cond, a, b)
    }

    fn take(&self, a: &Array, offsets: &[usize], shape: &[usize]) -> Result<Array> {
        copy::take(a, offsets, shape)
    }

    fn put(&self, dst: &Array, offsets: &[usize], values: &Array) -> Result<()> {
        copy::put(dst, offsets, values)
    }
}
