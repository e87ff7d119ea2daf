//! The dispatch layer of xpush's runtime: what runs an op, where and how.
//!
//! - [`ops`]: the dispatch functions (ufunc loop resolution with NEP 50
//!   weak scalars, NumPy's argument checks and errors, reductions and
//!   their compositions, casts, copies, `where`, `concatenate`, advanced
//!   indexing);
//! - [`device`]: the [`device::Router`], the one [`Backend`] the dispatch
//!   functions call: it places operands, picks the cpu or the ascend
//!   backend, applies the float64/dtype policy (native, demote, host
//!   fallback, raise), and calls the session's hooks (device timing, the
//!   profile sink, verification, op counts) from that one place; moving
//!   arrays between devices ([`ToDevice`]);
//! - [`verify`]: checking an NPU op against the cpu reference;
//! - [`notices`]: one-line notices for the session (an op the npu could
//!   not run as asked, and where it ran instead).
//!
//! Uses `xpush-core`, `xpush-cpu` and `xpush-ascend`; the NumPy routines
//! (`xpush-npu`) are built on it.
//!
//! [`Backend`]: xpush_core::backend::Backend

pub mod device;
pub mod notices;
pub mod ops;
pub mod verify;

pub use device::ToDevice;
/// The backends, for the layers above that use one's own API (device
/// information, allocator statistics, glibc's math ports): reached
/// through the layer that owns them.
pub use {xpush_ascend as ascend, xpush_cpu as cpu};
