//! Bytes copied between the host and the NPUs, for `:time`: counted where
//! the copies happen ([`DeviceArray::upload`](crate::DeviceArray::upload),
//! [`DeviceArray::to_host`](crate::DeviceArray::to_host) and
//! [`NpuStorage::write_all`](crate::tensor::NpuStorage::write_all)), so
//! no path that moves data can miss the count.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

static H2D_BYTES: AtomicU64 = AtomicU64::new(0);
static D2H_BYTES: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Set while the caller's copies are not the session's (verification
    /// reading both sides): they are not counted.
    static UNCOUNTED: Cell<bool> = const { Cell::new(false) };
}

/// Counts bytes copied host to device.
pub(crate) fn count_h2d(n: usize) {
    if !UNCOUNTED.with(Cell::get) {
        H2D_BYTES.fetch_add(n as u64, Ordering::Relaxed);
    }
}

/// Counts bytes copied device to host.
pub(crate) fn count_d2h(n: usize) {
    if !UNCOUNTED.with(Cell::get) {
        D2H_BYTES.fetch_add(n as u64, Ordering::Relaxed);
    }
}

/// Runs `f` without counting the copies it makes on this thread.
pub fn uncounted<R>(f: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            UNCOUNTED.with(|v| v.set(self.0));
        }
    }
    let _reset = Reset(UNCOUNTED.with(|v| v.replace(true)));
    f()
}

/// Bytes moved so far in this process: (host to device, device to host).
pub fn bytes_moved() -> (u64, u64) {
    (
        H2D_BYTES.load(Ordering::Relaxed),
        D2H_BYTES.load(Ordering::Relaxed),
    )
}
