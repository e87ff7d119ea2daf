//! The sim's kernels: NumPy's semantics of each op run on the cpu
//! backend directly (acl-sim uses `xpush-cpu`'s kernels and nothing of
//! the ascend backend or the dispatch layer). The loop an op's dtypes
//! select comes from `xpush-core`'s loop tables; inputs are cast and
//! broadcast to it; the result's dtype is the loop's, and the caller
//! writes it into the `out` tensor (casting, as CANN's ops do).

use xpush_core::backend::Backend;
use xpush_core::dtype::DType;
use xpush_core::error::Result;
use xpush_core::layout::{broadcast_shapes, normalize_axis};
use xpush_core::loops::find_loop;
use xpush_core::op::{BinaryOp, Op, ReduceOp, UnaryOp};
use xpush_core::scalar::Scalar;
use xpush_core::Array;
use xpush_cpu::CpuBackend;

/// `x` as `dtype` (no copy when it already is).
pub(crate) fn cast(x: &Array, dtype: DType) -> Result<Array> {
    if x.dtype() == dtype {
        return Ok(x.clone());
    }
    CpuBackend.cast(x, dtype)
}

/// `op(x, y)` elementwise with broadcasting, in the loop NumPy picks for
/// the two dtypes.
pub(crate) fn binary(op: BinaryOp, x: &Array, y: &Array) -> Result<Array> {
    let (ins, out) = find_loop(Op::Binary(op), op.name(), &[x.dtype(), y.dtype()])?;
    let shape = broadcast_shapes(&[x.shape(), y.shape()])?;
    let xa = cast(x, ins[0])?.broadcast_to(&shape)?;
    let ya = cast(y, ins[1])?.broadcast_to(&shape)?;
    CpuBackend.binary(op, &xa, &ya, *out)
}

/// `op(x)` elementwise in the loop NumPy picks for `x`'s dtype.
pub(crate) fn unary(op: UnaryOp, x: &Array) -> Result<Array> {
    let (ins, out) = find_loop(Op::Unary(op), op.name(), &[x.dtype()])?;
    CpuBackend.unary(op, &cast(x, ins[0])?, *out)
}

/// `op` over `axes` of `x` (non-negative, any order) in the accumulator
/// `acc` (NumPy's default for the op when `None`), the reduced axes kept
/// as length 1 when `keepdims`. Scans and arg-reductions take one axis
/// and keep the shape (scans) or drop the axis (arg-reductions); the
/// mean is the sum divided by the count.
pub(crate) fn reduce(
    op: ReduceOp,
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    acc: Option<DType>,
) -> Result<Array> {
    let mut axes = axes
        .iter()
        .map(|&a| normalize_axis(a as isize, x.ndim()))
        .collect::<Result<Vec<usize>>>()?;
    axes.sort_unstable();
    axes.dedup();
    let acc = acc.unwrap_or_else(|| op.accumulator(x.dtype()));
    let r = match op {
        ReduceOp::Mean => {
            let n: usize = axes.iter().map(|&i| x.shape()[i]).product();
            let sum_in = if acc == DType::Float16 {
                DType::Float32
            } else {
                acc
            };
            let s = CpuBackend.reduce(ReduceOp::Sum, &cast(x, sum_in)?, &axes, 0.0)?;
            let n = Scalar::Float64(n as f64).cast(sum_in);
            cast(
                &CpuBackend.binary_scalar(BinaryOp::TrueDivide, &s, n, false, sum_in)?,
                acc,
            )?
        }
        ReduceOp::Cumsum | ReduceOp::Cumprod => {
            return CpuBackend.reduce(op, &cast(x, acc)?, &axes, 0.0);
        }
        ReduceOp::Argmin | ReduceOp::Argmax | ReduceOp::All | ReduceOp::Any => {
            CpuBackend.reduce(op, x, &axes, 0.0)?
        }
        _ => CpuBackend.reduce(op, &cast(x, acc)?, &axes, 0.0)?,
    };
    if !keepdims {
        return Ok(r);
    }
    let shape: Vec<isize> = (0..x.ndim())
        .map(|i| {
            if axes.contains(&i) {
                1
            } else {
                x.shape()[i] as isize
            }
        })
        .collect();
    r.reshape(&shape)
}

/// NumPy's `var` (`ddof`) or `std` of the float `x` over `axes`
/// (non-negative, any order), the reduced axes kept as length 1 when
/// `keepdims`: the cpu backend's `moments`, `_methods.py`'s formula.
pub(crate) fn moments(
    op: ReduceOp,
    x: &Array,
    axes: &[usize],
    keepdims: bool,
    ddof: f64,
) -> Result<Array> {
    let mut sorted = axes.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let r = CpuBackend.reduce(op, x, &sorted, ddof)?;
    if !keepdims {
        return Ok(r);
    }
    let shape: Vec<isize> = (0..x.ndim())
        .map(|i| {
            if sorted.contains(&i) {
                1
            } else {
                x.shape()[i] as isize
            }
        })
        .collect();
    r.reshape(&shape)
}

/// `cond ? x : y` elementwise with broadcasting, `x` and `y` in their
/// promoted dtype.
pub(crate) fn where_(cond: &Array, x: &Array, y: &Array) -> Result<Array> {
    let d = xpush_core::promote::promote_types(x.dtype(), y.dtype());
    let shape = broadcast_shapes(&[cond.shape(), x.shape(), y.shape()])?;
    let c = cast(cond, DType::Bool)?.broadcast_to(&shape)?;
    let xa = cast(x, d)?.broadcast_to(&shape)?;
    let ya = cast(y, d)?.broadcast_to(&shape)?;
    CpuBackend.where_(&c, &xa, &ya)
}

/// The slices of `x` at `idx` (in range) along `axis`, in index order.
pub(crate) fn take_axis(x: &Array, idx: &[i64], axis: usize) -> Result<Array> {
    let mut shape = x.shape().to_vec();
    shape[axis] = idx.len();
    let l = x.layout();
    let mut offsets = Vec::with_capacity(shape.iter().product());
    let mut pos = vec![0usize; shape.len()];
    let n: usize = shape.iter().product();
    for _ in 0..n {
        let mut off = l.offset as isize;
        for (ax, &p) in pos.iter().enumerate() {
            let i = if ax == axis {
                idx[p] as isize
            } else {
                p as isize
            };
            off += i * l.strides[ax];
        }
        offsets.push(off as usize);
        for ax in (0..pos.len()).rev() {
            pos[ax] += 1;
            if pos[ax] < shape[ax] {
                break;
            }
            pos[ax] = 0;
        }
    }
    CpuBackend.take(x, &offsets, &shape)
}
