//! xpush's array runtime as the stdlib and the interpreter use it: the
//! NumPy routines built on the dispatch layer, and the layers below
//! re-exported under one name. It knows nothing of the language: it
//! raises [`error::Error`]s carrying a Python exception class and NumPy's
//! message, and the interpreter attaches spans.
//!
//! The runtime's crates, lowest first (README's layout table; the
//! `layers` test keeps the dependencies pointing down):
//! - `xpush-core` (`npu/core`): [`dtype`], [`scalar`], [`promote`],
//!   [`layout`], host [`storage`], [`array`] ([`Array`]), the op types and
//!   backend seams, [`float_fmt`] and [`print`];
//! - `xpush-cpu` (`npu/cpu`, here [`cpu`]) and `xpush-ascend`
//!   (`npu/ascend`, here [`ascend`]): the backends; `xpush-cann`
//!   (`npu/cann`): CANN's declarations and facts; `acl-sim`;
//! - `xpush-dispatch` (`npu/dispatch`): [`ops`]' dispatch functions,
//!   [`device`] (the router, placement, the session's hooks) and
//!   [`verify`];
//! - this crate (`npu/src`): the NumPy routines in [`ops`] (linalg, fft,
//!   sort, sets, stats, histograms, numeric, manipulation, selection),
//!   [`random`] and [`io`], which call dispatch only.

pub mod io;
pub mod ops;
pub mod random;

pub use xpush_core::{
    array, dtype, error, float_fmt, layout, pool, print, promote, scalar, storage, with_dtype,
    with_scalar, with_storage,
};
pub use xpush_dispatch::{ascend, cpu, device, notices, verify, ToDevice};

pub use array::Array;
pub use dtype::{DType, Elem, WithDType};
pub use error::{Error, ExcKind, Result};
pub use layout::Layout;
pub use print::PrintOptions;
pub use scalar::Scalar;
