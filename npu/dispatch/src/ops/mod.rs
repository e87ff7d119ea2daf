//! The ops every NumPy function is built from, as the layers above call
//! them: the op types (re-exported from `xpush-core`) and the
//! [`dispatch`] functions.
//!
//! Every entry point goes through [`dispatch`], which owns the policy:
//! it resolves the NumPy ufunc loop (NEP 50 promotion with weak Python
//! scalars, then the first of the ufunc's loops the inputs cast to
//! safely, `xpush_core::loops`), raises NumPy's errors, and calls the
//! backend through the device router ([`crate::device::Router`]):
//! operands on `cpu` run on the cpu backend, operands on `npu:N` on the
//! Ascend backend under the dtype policy (native / demote / host fallback
//! / raise, see [`xpush_ascend::policy`]), operands on two devices raise.
//! No cpu shortcut bypasses it.
//!
//! Session hooks: [`set_float64_mode`] / [`set_context`] /
//! [`with_context`] (float64 mode, device timing, a [`ProfileSink`]),
//! [`stats`] (ops run on cpu, through aclnn, or on the host as a
//! fallback), and [`matmul_with`] for the linalg routines' matmul.
//!
//! - [`binary`]`(op, &Array, &Array) -> Result<Array>`
//! - [`binary_op`]`(op, Operand, Operand) -> Result<Array>`: one side may
//!   be a weak Python scalar (`int8 array + 1 -> int8`)
//! - [`binary_scalars`]`(op, Operand, Operand) -> Result<Option<Scalar>>`:
//!   NumPy scalar math (`np.float64(1) + 2`) without making arrays
//! - [`binary_into`]`(op, out: &Array, Operand, Operand) -> Result<()>`:
//!   in-place (`a += b`), `same_kind` casting into `out`
//! - [`unary`]`(op, &Array) -> Result<Array>` and
//!   [`unary_into`]`(op, out: &Array, &Array) -> Result<()>`
//! - `*_typed` forms of the four above take a ufunc's `dtype=`
//! - [`reduce`]`(op, &Array, &ReduceOpts) -> Result<Array>`: sum, prod,
//!   min, max, argmin, argmax, all, any, mean, var, std, cumsum, cumprod
//! - [`where_`]`(cond: &Array, Operand, Operand) -> Result<Array>`
//! - [`concatenate`]`(&[Array], axis: Option<isize>) -> Result<Array>`
//! - [`cast`]`(&Array, DType) -> Result<Array>`, [`copy`]`(&Array) ->
//!   Result<Array>` (order `K`)
//! - [`get_index`]`(&Array, &[Index]) -> Result<Array>` and
//!   [`set_index`]`(&Array, &[Index], Operand) -> Result<()>`
//!
//! Results that NumPy would return as scalars come back as 0-d arrays; the
//! caller turns them into scalars.
//!
//! [`Scalar`]: xpush_core::Scalar
//! [`Array`]: xpush_core::Array
//! [`DType`]: xpush_core::DType

pub mod dispatch;
pub mod index;

pub use dispatch::{
    binary, binary_into, binary_into_typed, binary_op, binary_op_typed, binary_result_dtype,
    binary_scalars, cast, check_out_cast, check_out_shape, concatenate, copy, fuse_min,
    fused_chain, may_fuse, reduce, reduce_axes, unary, unary_into, unary_into_typed,
    unary_result_dtype, unary_typed, where_, ChainStep, CpuBackend, Operand, ReduceOpts,
};
pub use index::{check_sequence_value, get_index, set_index, Index};
pub use xpush_core::backend::{binary_broadcast_scalar, Backend};
pub use xpush_core::op::*;

pub use crate::device::{
    context, float64_mode, matmul_with, reset_stats, set_context, set_float64_mode, stats,
    with_context, DispatchContext, ExecKind, OpRecord, OpStats, ProfileSink, RecordingSink,
};
pub use xpush_ascend::policy::Float64Mode;

/// Whether a cpu kernel wrote an infinity or a NaN since the last call,
/// which clears the flag: the cpu backend's stand-in for the FPU status
/// flags NumPy reads after a ufunc, so a floating-point check need not
/// look at a large result again.
pub fn nonfinite_written() -> bool {
    xpush_cpu::nonfinite_written()
}
