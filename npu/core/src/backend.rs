//! The seams a device backend implements: [`Backend`] (elementwise ops,
//! reductions, casts, copies, gathers), [`LinalgBackend`], [`FftBackend`]
//! and [`SortBackend`]. The dispatch layer resolves dtypes and shapes
//! and calls them; a backend sees only operands ready to run.

use crate::array::Array;
use crate::dtype::DType;
use crate::error::Result;
use crate::op::{BinaryOp, FftKind, LinalgOp, ReduceOp, UnaryOp};
use crate::scalar::Scalar;

/// A device backend: runs primitives on arrays of its storage whose dtypes
/// and shapes the dispatcher has already resolved. Narrow on purpose
/// (STYLE point 16): elementwise ops are passed as values of
/// [`UnaryOp`]/[`BinaryOp`], so a new ufunc adds no method.
pub trait Backend: Sync {
    /// The device name (`"cpu"`).
    fn name(&self) -> &'static str;
    /// `op` elementwise over `a` (already of the loop's input dtype); the
    /// result has dtype `out` and keeps `a`'s memory order (order `K`).
    fn unary(&self, op: UnaryOp, a: &Array, out: DType) -> Result<Array>;
    /// `op` elementwise over `a` and `b`, already of the loop's input
    /// dtypes and broadcast to one shape; result of dtype `out`, order `K`.
    fn binary(&self, op: BinaryOp, a: &Array, b: &Array, out: DType) -> Result<Array>;
    /// `op` elementwise over `a` and the scalar `s` (`s op a` when
    /// `scalar_first`), both already of the loop's input dtype; result of
    /// dtype `out`, `a`'s shape and order `K`. The default makes `s` a
    /// broadcast array and calls [`Backend::binary`]; a backend overrides
    /// it to take the scalar as a value (the usual `x * 2.0`).
    fn binary_scalar(
        &self,
        op: BinaryOp,
        a: &Array,
        s: Scalar,
        scalar_first: bool,
        out: DType,
    ) -> Result<Array> {
        binary_broadcast_scalar(self, op, a, s, scalar_first, out)
    }
    /// Reduces the (sorted, distinct) `axes` of `a`, already cast to the
    /// accumulator dtype, without keepdims. Scans (cumsum/cumprod) take
    /// one axis and keep the shape.
    fn reduce(&self, op: ReduceOp, a: &Array, axes: &[usize], ddof: f64) -> Result<Array>;
    /// `a.astype(dtype)` (unsafe casting), order `K`.
    fn cast(&self, a: &Array, dtype: DType) -> Result<Array>;
    /// Copies `src` into the view `dst` (same shape), casting; `src` must
    /// not share storage with `dst`.
    fn copy_into(&self, src: &Array, dst: &Array) -> Result<()>;
    /// [`Backend::copy_into`] of a temporary the caller gives up (a
    /// ufunc's result written to its `out=`). A backend may hand `src`'s
    /// buffer to `dst` instead of copying, where that is the same (see the
    /// cpu backend's); the default copies.
    fn move_into(&self, src: Array, dst: &Array) -> Result<()> {
        self.copy_into(&src, dst)
    }
    /// `cond ? a : b` elementwise, all three broadcast to one shape, `a`
    /// and `b` of one dtype.
    fn where_(&self, cond: &Array, a: &Array, b: &Array) -> Result<Array>;
    /// The elements of `a`'s storage at `offsets`, as a contiguous array
    /// of `shape` (advanced-index reads).
    fn take(&self, a: &Array, offsets: &[usize], shape: &[usize]) -> Result<Array>;
    /// Writes `values` (C order, already of `dst`'s dtype, one per offset)
    /// to `dst`'s storage at `offsets` (advanced-index writes).
    fn put(&self, dst: &Array, offsets: &[usize], values: &Array) -> Result<()>;
}

/// [`Backend::binary_scalar`] by `be.binary` on `a` and `s` made an array
/// broadcast to `a`'s shape.
pub fn binary_broadcast_scalar<B: Backend + ?Sized>(
    be: &B,
    op: BinaryOp,
    a: &Array,
    s: Scalar,
    scalar_first: bool,
    out: DType,
) -> Result<Array> {
    let b = Array::from_scalar(s).into_broadcast(a.shape())?;
    let (x, y) = if scalar_first { (&b, a) } else { (a, &b) };
    be.binary(op, x, y, out)
}

/// The linear algebra seam of a device backend. Inputs are stacks of
/// matrices `(batch, rows, cols)` whose shapes and dtypes `ops::linalg`
/// has checked.
pub trait LinalgBackend: Sync {
    /// Batched `a @ b` for `a` of `(b, n, k)` and `b` of `(b, k, m)` of one
    /// dtype (bool, integer, float or complex); result `(b, n, m)` of
    /// that dtype.
    fn matmul(&self, a: &Array, b: &Array) -> Result<Array>;
    /// Runs `op` over the stack `a` (float32, float64, complex64 or
    /// complex128), with `b` the right-hand sides of [`LinalgOp::Solve`].
    fn decompose(&self, op: LinalgOp, a: &Array, b: Option<&Array>) -> Result<Vec<Array>>;
}

/// The FFT seam of a device backend.
pub trait FftBackend: Sync {
    /// The transform `kind` of length `n` along `axis` of `a`, every
    /// output multiplied by `scale` (pocketfft's `fct`, exact in `a`'s
    /// precision; the cpu backend applies it where pocketfft does, as
    /// NumPy's rounding needs). `a` is already complex64/complex128
    /// (C2C, C2R) or float32/float64 (R2C) and has length `n` (C2C, R2C)
    /// or `n/2 + 1` (C2R) along `axis`. Output: the complex (C2C, R2C) or
    /// real (C2R) dtype of the same precision.
    fn fft(&self, a: &Array, axis: usize, kind: FftKind, n: usize, scale: f64) -> Result<Array>;
}

/// The sorting seam of a device backend.
pub trait SortBackend: Sync {
    /// Sorts every lane along the last axis of the contiguous array `a`
    /// in NumPy's order: the sorted values and, when `indices`, the int64
    /// positions they came from (ties in input order when `stable`).
    fn sort_last(&self, a: &Array, stable: bool, indices: bool) -> Result<(Array, Option<Array>)>;
    /// Partitions every lane along the last axis of the contiguous array
    /// `a` (NumPy's `partition` contract): each position of `kth`
    /// (ascending, in range) holds the element a sort would put there,
    /// nothing larger before it and nothing smaller after. Returns the
    /// values and, when `indices`, the int64 positions they came from.
    fn partition_last(
        &self,
        a: &Array,
        kth: &[usize],
        indices: bool,
    ) -> Result<(Array, Option<Array>)>;
    /// The sorted distinct elements of the 1-d array `a` (NaNs merged when
    /// `equal_nan`), or `None` where the backend leaves them to the
    /// element-wise path of the caller.
    fn unique_values(&self, a: &Array, equal_nan: bool) -> Result<Option<Array>>;
}
