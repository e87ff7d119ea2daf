//! The `numpy` module: arrays, NumPy scalars and dtype objects wired into
//! the language. Every function, attribute and method is a table entry
//! (one file per family); the array work itself runs through
//! `xpush_npu::ops` dispatch, never through kernels written here.
//!
//! - [`conv`]: language values to arrays, dtypes, operands and indices;
//! - [`printopts`]: `np.set_printoptions` state for this session;
//! - [`arith`]: the operators (`a + b`, `a[i]`, `a += 1`) for arrays;
//! - [`types`], [`create`], [`attrs`], [`ufuncs`], [`reduce`], [`manip`],
//!   [`sort`] (sorting and sets), [`stats`] (statistics): the table entries.

pub mod arith;
pub mod attrs;
pub mod conv;
pub mod create;
pub mod manip;
pub mod printopts;
pub mod reduce;
pub mod sort;
pub mod stats;
pub mod types;
pub mod ufuncs;
