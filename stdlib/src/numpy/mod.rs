//! The `numpy` module: arrays, NumPy scalars and dtype objects wired into
//! the language. Every function, attribute and method is a table entry
//! (one file per family); the array work itself runs through
//! `xpush_npu::ops` dispatch, never through kernels written here.
//!
//! - [`conv`]: language values to arrays, dtypes, operands and indices;
//! - [`printopts`]: `np.set_printoptions` state for this session;
//! - [`arith`]: the operators (`a + b`, `a[i]`, `a += 1`) for arrays;
//! - [`fperr`]: floating-point errors (`np.errstate`, NumPy's warnings);
//! - [`types`], [`create`], [`attrs`], [`ufuncs`], [`reduce`], [`manip`],
//!   [`manip2`], [`indexing`]: the table entries;
//! - [`linalg`], [`fft`], [`random`], [`io`]: products and `numpy.linalg`,
//!   `numpy.fft`, `numpy.random` (with its `Generator` object) and file I/O.
//! - [`sort`] (sorting and sets), [`stats`] (statistics): table entries.

pub mod arith;
pub mod attrs;
pub mod conv;
pub mod create;
pub mod fft;
pub mod fperr;
pub mod indexing;
pub mod io;
pub mod linalg;
pub mod manip;
pub mod manip2;
pub mod printopts;
pub mod random;
pub mod reduce;
pub mod sort;
pub mod stats;
pub mod types;
pub mod ufuncs;
