//! The cpu backend: generic kernels over per-dtype storage, the memory
//! pool, and the [`Backend`](crate::ops::Backend) implementation.

pub(crate) mod binary;
mod copy;
mod elem;
mod fft;
pub mod glibc;
mod linalg;
mod reduce;
mod simd_math;
pub(crate) mod sort;
mod unary;

pub(crate) use xpush_core::kernel;

pub(crate) use reduce::centered_sumsq;

use crate::array::Array;
use crate::dtype::DType;
use crate::error::Result;
use crate::ops::{Backend, BinaryOp, CpuBackend, ReduceOp, UnaryOp};
use crate::scalar::Scalar;

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

    fn reduce(&self, op: ReduceOp, a: &Array, axes: &[usize], _ddof: f64) -> Result<Array> {
        reduce::reduce(op, a, axes)
    }

    fn cast(&self, a: &Array, dtype: DType) -> Result<Array> {
        copy::cast(a, dtype)
    }

    fn copy_into(&self, src: &Array, dst: &Array) -> Result<()> {
        copy::copy_into(src, dst)
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
