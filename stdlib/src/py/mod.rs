//! Python's value semantics, split per concern. [`crate::ops`] is the
//! interpreter-facing surface; these modules hold the implementations.

pub mod arith;
pub mod attr;
pub mod bytes;
pub mod class;
pub mod compare;
pub mod ctx;
pub mod dict;
pub mod exc;
pub mod format;
pub mod hash;
pub mod index;
pub mod iter;
pub mod keys;
pub mod lazy;
pub mod num;
pub mod repr;
pub mod set;
pub mod sort;
pub mod unicode_tables;
