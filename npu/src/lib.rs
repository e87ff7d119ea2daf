//! xpush's array runtime. It knows nothing of the language: it raises
//! [`error::Error`]s carrying a Python exception class and NumPy's message,
//! and the interpreter attaches spans.
//!
//! - [`dtype`]: [`DType`], names, `finfo`/`iinfo`, [`WithDType`];
//! - [`scalar`]: [`Scalar`], one typed element;
//! - [`promote`]: NumPy 2 (NEP 50) promotion and `can_cast`;
//! - [`layout`]: [`Layout`] and view operations;
//! - [`storage`]: per-dtype CPU buffers shared by views;
//! - [`array`]: [`Array`], constructors, `astype`, element access;
//! - [`ops`]: the [`ops::Op`] enum, ufunc types, [`ops::dispatch`] and
//!   indexing (the API the stdlib calls);
//! - `cpu`: the cpu backend's kernels and memory pool;
//! - [`float_fmt`] and [`print`]: NumPy's float formatting and array
//!   printing.

pub use xpush_ascend as ascend;
pub use xpush_cpu as cpu;
pub mod device;
pub mod io;
pub mod ops;
pub mod random;
pub mod verify;

pub use device::ToDevice;
pub use xpush_core::{
    array, dtype, error, float_fmt, layout, print, promote, scalar, storage, with_dtype,
    with_scalar, with_storage,
};

pub use array::Array;
pub use dtype::{DType, Elem, WithDType};
pub use error::{Error, ExcKind, Result};
pub use layout::Layout;
pub use print::PrintOptions;
pub use scalar::Scalar;
