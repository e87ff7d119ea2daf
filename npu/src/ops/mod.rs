//! Operations on arrays: the dispatch layer's ops (re-exported from
//! `xpush-dispatch`: the op types, ufuncs, reductions, casts, indexing and
//! the session hooks) and the NumPy routines composed from them.
//!
//! - [`manip`] (splitting, tiling, padding, `insert`/`delete`, `block`,
//!   ...) and [`select`] (`take`/`put`, `nonzero`, `searchsorted`,
//!   diagonals, ...): index arrays computed on the host;
//! - [`linalg`] and [`fft`] (behind the core's `LinalgBackend` and
//!   `FftBackend` seams), [`sort`] (behind `SortBackend`), [`sets`]
//!   (`unique`, `isin`, set operations), [`stats`] (median, quantiles,
//!   `nanvar`), [`hist`] (`histogram`, `bincount`, `digitize`) and
//!   [`numeric`] (`interp`, `convolve`, `gradient`, `trapezoid`, `cross`,
//!   `cov`, `modf`, `frexp`, `ufunc.at`).
//!
//! # Adding an elementwise op
//!
//! Add a line to the `UnaryOp` or `BinaryOp` table (`elementwise_ops!`)
//! of `npu/core/src/op.rs` (name, aclnn name, NumPy's loop list from
//! `np.<ufunc>.types`) and its kernel in `npu/cpu/src/unary.rs` or
//! `npu/cpu/src/binary.rs`: two files (and the stdlib entry).

pub use xpush_dispatch::ops::*;

pub mod fft;
pub mod hist;
pub mod linalg;
pub mod manip;
pub mod numeric;
pub mod select;
pub mod sets;
pub mod sort;
pub mod stats;
