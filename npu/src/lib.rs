//! xpush's array runtime. It knows nothing of the language: it raises
//! [`error::Error`]s carrying a Python exception class and NumPy's message,
//! and the interpreter attaches spans.

pub mod error;

pub use error::{Error, ExcKind, Result};
