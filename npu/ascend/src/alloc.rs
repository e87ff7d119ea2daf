//! The caching device allocator.
//!
//! - Every request is padded as CANN requires of sub-allocations,
//!   `ALIGN_UP(n, 32) + 32` (research §2.5, §7.3), then rounded to a size
//!   class: multiples of 512 bytes up to 1 MiB, of 2 MiB above. Blocks are
//!   whole `aclrtMalloc` allocations, so starts are 64-byte aligned (checked
//!   to be >= 32).
//! - Freed blocks go back to their class and are reused at once:
//!   *stream-ordered reuse*, correct because all of a device's work runs on
//!   its one stream, so work enqueued later on that stream runs after every
//!   earlier user of the block (ggml-cann's model). Host reads of device
//!   memory synchronize first.
//! - Memory goes back to the runtime (`aclrtFree`, which does not wait for
//!   queued work) only after synchronizing the stream.
//! - On out-of-memory: synchronize, free the whole cache, retry once, then a
//!   `MemoryError` with the sizes.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::loader::AclLibrary;
use super::result::{AclError, AclErrorKind, DevicePtr};
use super::safe::{DeviceMemory, Stream};

/// `ALIGN_UP(n, 32) + 32`: the bytes CANN wants reserved for `n`.
pub fn padded_size(n: usize) -> usize {
    n.div_ceil(32) * 32 + 32
}

/// The size class (bytes actually allocated) for a request of `n` bytes.
pub fn size_class(n: usize) -> usize {
    let p = padded_size(n);
    const SMALL: usize = 1 << 20;
    if p <= SMALL {
        p.div_ceil(512) * 512
    } else {
        p.div_ceil(2 << 20) * (2 << 20)
    }
}

/// Pool statistics for `:mem`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemStats {
    /// Bytes in blocks handed out (by size class).
    pub in_use: usize,
    /// Bytes in cached free blocks.
    pub cached: usize,
    /// Highest `in_use + cached` seen (bytes held from the runtime).
    pub peak: usize,
    /// Number of `aclrtMalloc` calls.
    pub device_mallocs: u64,
    /// Number of `aclrtFree` calls.
    pub device_frees: u64,
    /// Requests served from the cache.
    pub cache_hits: u64,
}

#[derive(Debug, Default)]
struct Pool {
    free: BTreeMap<usize, Vec<DeviceMemory>>,
    stats: MemStats,
}

/// The allocator of one device; cheap to clone (shared).
#[derive(Clone, Debug)]
pub struct CachingAllocator {
    lib: Arc<AclLibrary>,
    stream: Arc<Stream>,
    pool: Arc<Mutex<Pool>>,
}

impl CachingAllocator {
    /// An allocator whose blocks are used on `stream`.
    pub fn new(lib: Arc<AclLibrary>, stream: Arc<Stream>) -> CachingAllocator {
        CachingAllocator {
            lib,
            stream,
            pool: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A block of at least `n` bytes (`n` may be 0).
    pub fn alloc(&self, n: usize) -> Result<DeviceBuffer, AclError> {
        let class = size_class(n);
        let cached = {
            let mut pool = self.lock();
            let hit = pool.free.get_mut(&class).and_then(Vec::pop);
            if hit.is_some() {
                pool.stats.cached -= class;
                pool.stats.in_use += class;
                pool.stats.cache_hits += 1;
            }
            hit
        };
        let mem = match cached {
            Some(m) => m,
            None => self.malloc_retrying(n, class)?,
        };
        Ok(DeviceBuffer {
            mem: Some(mem),
            len: n,
            class,
            pool: Arc::clone(&self.pool),
        })
    }

    fn malloc_retrying(&self, n: usize, class: usize) -> Result<DeviceMemory, AclError> {
        let first = DeviceMemory::alloc(Arc::clone(&self.lib), class);
        let mem = match first {
            Ok(m) => m,
            Err(e) if e.kind() == AclErrorKind::OutOfMemory => {
                self.release_cache()?;
                DeviceMemory::alloc(Arc::clone(&self.lib), class).map_err(|e2| {
                    let s = self.stats();
                    AclError::new(
                        AclErrorKind::OutOfMemory,
                        "aclrtMalloc",
                        e2.status(),
                        format!(
                            "Unable to allocate {} for an array of {n} bytes on the npu \
                             (in use {}, cache released, peak {}): {}",
                            human(class),
                            human(s.in_use),
                            human(s.peak),
                            e2.detail()
                        ),
                    )
                })?
            }
            Err(e) => return Err(e),
        };
        let mut pool = self.lock();
        pool.stats.device_mallocs += 1;
        pool.stats.in_use += class;
        pool.stats.peak = pool.stats.peak.max(pool.stats.in_use + pool.stats.cached);
        Ok(mem)
    }

    /// Synchronizes the stream, then returns every cached block to the
    /// runtime.
    pub fn release_cache(&self) -> Result<(), AclError> {
        self.stream.synchronize()?;
        let blocks: Vec<DeviceMemory> = {
            let mut pool = self.lock();
            let blocks: Vec<DeviceMemory> = std::mem::take(&mut pool.free)
                .into_values()
                .flatten()
                .collect();
            pool.stats.cached = 0;
            pool.stats.device_frees += blocks.len() as u64;
            blocks
        };
        drop(blocks);
        Ok(())
    }

    /// The statistics.
    pub fn stats(&self) -> MemStats {
        self.lock().stats
    }
}

/// Bytes in NumPy's MemoryError style (`8.00 GiB`).
pub fn human(n: usize) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{n} bytes")
    } else {
        format!("{v:.2} {}", UNITS[u])
    }
}

/// A block from the pool; dropping it returns it to the pool for reuse in
/// stream order.
#[derive(Debug)]
pub struct DeviceBuffer {
    mem: Option<DeviceMemory>,
    len: usize,
    class: usize,
    pool: Arc<Mutex<Pool>>,
}

impl DeviceBuffer {
    /// The start address (>= 32-byte aligned).
    pub fn ptr(&self) -> DevicePtr {
        self.mem.as_ref().map_or(DevicePtr(0), DeviceMemory::ptr)
    }

    /// The bytes requested.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether zero bytes were requested.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The size class (bytes held).
    pub fn capacity(&self) -> usize {
        self.class
    }
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        if let Some(mem) = self.mem.take() {
            let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
            pool.stats.in_use -= self.class;
            pool.stats.cached += self.class;
            pool.free.entry(self.class).or_default().push(mem);
        }
    }
}
