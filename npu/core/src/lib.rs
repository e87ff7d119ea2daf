//! The array core of xpush's runtime: what every layer above shares and
//! no backend owns. It knows nothing of the language (errors carry a
//! Python exception class and NumPy's message; the interpreter attaches
//! spans) and nothing of any backend (a device buffer is an opaque
//! [`device::DeviceStorage`] handle).
//!
//! - [`dtype`]: [`DType`], names, `finfo`/`iinfo`, [`WithDType`];
//!   [`scalar`]: [`Scalar`], one typed element;
//! - [`promote`]: NumPy 2 (NEP 50) promotion and `can_cast`;
//! - [`layout`]: [`Layout`] and view operations;
//! - [`storage`]: per-dtype host buffers shared by views, and
//!   [`pool`], the host memory pool they return to;
//! - [`kernel`] and [`tiled`]: the host iteration engine (plans over
//!   layouts in memory order, parallel blocks, tiled C-order copies) that
//!   the cpu backend's kernels and the core's own copies run on;
//! - [`array`]: [`Array`], constructors, views, `astype`, element access;
//!   [`device`]: [`device::Device`], device handles and the few device
//!   ops the core's methods need, installed from above;
//! - [`op`]: [`op::Op`] and the ufunc, reduction, linalg and FFT op
//!   types; [`backend`]: the [`backend::Backend`] seams a backend
//!   implements;
//! - [`float_fmt`] and [`print`]: NumPy's float formatting and array
//!   printing.
//!
//! Uses: `half`, `num-complex`, `num-traits`, `rayon`, `smallvec`; no other
//! xpush crate.

pub mod array;
pub mod backend;
pub mod device;
pub mod dtype;
pub mod error;
pub mod float_fmt;
pub mod kernel;
pub mod layout;
pub mod loops;
pub mod op;
pub mod order;
pub mod pool;
pub mod print;
pub mod promote;
pub mod scalar;
pub mod storage;
pub mod tiled;

pub use array::Array;
pub use dtype::{DType, Elem, WithDType};
pub use error::{Error, ExcKind, Result};
pub use layout::Layout;
pub use print::PrintOptions;
pub use scalar::Scalar;
