//! The `numpy` module: arrays, NumPy scalars and dtype objects wired into
//! the language. Every function, attribute and method is a table entry
//! (one file per family); the array work itself runs through
//! `xpush_npu::ops` dispatch, never through kernels written here.
//!
//! - [`conv`]: language values to arrays, dtypes, operands and indices;
//! - [`printopts`]: `np.set_printoptions` state for this session;
//! - [`arith`]: the operators (`a + b`, `a[i]`, `a += 1`) for arrays;
//! - [`fperr`]: floating-point errors (`np.errstate`, NumPy's warnings);
//! - [`order`]: memory order, the `order=` of every entry that takes it;
//! - [`reinterpret`]: an array's bytes as another dtype (`view`, `getfield`, `setfield`);
//! - [`stride_tricks`]: `numpy.lib.stride_tricks` (`sliding_window_view`, `as_strided`);
//! - [`types`], [`create`], [`attrs`], [`ufuncs`], [`reduce`], [`manip`],
//!   [`manip2`], [`indexing`]: the table entries;
//! - [`linalg`], [`fft`], [`random`], [`io`]: products and `numpy.linalg`,
//!   `numpy.fft`, `numpy.random` (with its `Generator` object) and file I/O.
//! - [`sort`] (sorting and sets), [`stats`] (statistics): table entries.
//! - [`array_api`]: the array API's `numpy.linalg` names and `np.vecdot`,
//!   `np.matvec`, `np.vecmat`;
//! - [`index_tricks`]: `np.mgrid`, `np.r_`, `np.s_` and their kin;
//! - [`poly`]: the legacy polynomial functions (`polyfit`, `roots`, ...);
//! - [`poly1d`]: the `np.poly1d` class (a class whose methods are entries);
//! - [`polynomial`]: `numpy.polynomial`, its six series classes and their modules;
//! - [`memory`]: memory sharing, `require`, `putmask` and the functional
//!   helpers (`fromfunction`, `apply_along_axis`, `piecewise`);
//! - [`printing`]: `np.array2string`, `np.array_repr`, `np.array_str`;
//! - [`testing`]: `numpy.testing`'s assertions;
//! - [`vectorize`] (`np.vectorize`);
//! - [`emath`]: `numpy.emath`, complex results outside the real domain;
//! - [`histdd`]: `np.histogramdd` and `np.histogram2d`;
//! - [`flatiter`] (`a.flat`);
//! - [`broadcast`] (`np.broadcast(x, y)`);
//! - [`misc`]: the functions NumPy writes in Python on its primitives,
//!   composed the same way through [`compose`] (calls of other entries).

pub mod arith;
pub mod array_api;
pub mod attrs;
pub mod bitgen;
pub mod broadcast;
pub mod compose;
pub mod conv;
pub mod create;
pub mod dtypes;
pub mod dunder;
pub mod einsum_path;
pub mod emath;
pub mod fft;
pub mod flags;
pub mod flatiter;
pub mod fperr;
pub mod histdd;
pub mod host;
pub mod index_tricks;
pub mod indexing;
pub mod info;
pub mod io;
pub mod linalg;
pub mod ma;
pub mod ma_extras;
pub mod ma_methods;
pub mod ma_records;
pub mod manip;
pub mod manip2;
pub mod matrix;
pub mod memmap;
pub mod memory;
pub mod misc;
pub mod nditer;
pub mod order;
pub mod poly;
pub mod poly1d;
pub mod polynomial;
pub mod printing;
pub mod printopts;
pub mod random;
pub mod reduce;
pub mod reinterpret;
pub mod sort;
pub mod stats;
pub mod stride_tricks;
pub mod structured;
pub mod subclass;
pub mod testing;
pub mod types;
pub mod ufuncs;
pub mod vectorize;
