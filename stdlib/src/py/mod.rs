//! Python's value semantics, split per concern. [`crate::ops`] is the
//! interpreter-facing surface; these modules hold the implementations.

pub mod arith;
pub mod attr;
pub mod compare;
pub mod index;
pub mod iter;
pub mod num;
pub mod repr;
pub mod sort;
