//! xpush's standard library: the object model ([`Value`]), Python's value
//! semantics, and every builtin and NumPy function, declared once in the
//! [`table`].

pub mod bind;
pub mod host;
pub mod ops;
pub mod table;
pub mod value;

pub use host::{Host, Kwargs};
pub use value::Value;
pub use xpush_npu::error::{Error, ExcKind, Result};
