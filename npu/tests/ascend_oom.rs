//! The allocator's out-of-memory path on acl-sim with a 1 MiB device
//! (its own process: the sim reads `XPUSH_ACL_SIM_MEM` once).

mod ascend_support;

use xpush_npu::ascend::alloc::{padded_size, size_class};
use xpush_npu::ExcKind;

#[test]
fn oom_releases_the_cache_then_raises_memory_error() {
    std::env::set_var("XPUSH_ACL_SIM_MEM", (1usize << 20).to_string());
    let dev = ascend_support::sim_device();
    assert_eq!(padded_size(1), 64);
    assert_eq!(size_class(100), 512);
    // Fill most of the device, then free it into the cache.
    let a = dev.alloc(300_000).unwrap();
    let b = dev.alloc(300_000).unwrap();
    drop(a);
    drop(b);
    let s = dev.mem_stats();
    assert_eq!(s.in_use, 0);
    assert_eq!(s.cached, 2 * size_class(300_000));
    assert_eq!(s.device_mallocs, 2);
    // Same class: served from the cache, no new device malloc.
    let c = dev.alloc(300_000).unwrap();
    assert_eq!(dev.mem_stats().device_mallocs, 2);
    assert_eq!(dev.mem_stats().cache_hits, 1);
    drop(c);
    // A different class does not fit next to the cache: the cache is
    // released (after a synchronize) and the malloc retried.
    let d = dev.alloc(600_000).unwrap();
    let s = dev.mem_stats();
    assert_eq!(s.cached, 0);
    assert_eq!(s.device_frees, 2);
    assert_eq!(s.device_mallocs, 3);
    assert!(s.peak >= 2 * size_class(300_000));
    // Beyond the device: MemoryError with the sizes.
    let err = dev.alloc(1 << 20).unwrap_err();
    assert_eq!(err.kind(), ExcKind::MemoryError);
    let msg = err.msg();
    assert!(
        msg.contains("ACL_ERROR_RT_MEMORY_ALLOCATION (207001)"),
        "{msg}"
    );
    assert!(msg.contains("Unable to allocate 2.00 MiB"), "{msg}");
    assert!(msg.contains("in use 586.00 KiB"), "{msg}");
    drop(d);
}
