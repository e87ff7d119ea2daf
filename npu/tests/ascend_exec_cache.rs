//! The executor cache on acl-sim: a call like an earlier one reuses its
//! repeatable executor with the new device addresses swapped in (phase 1
//! skipped), anything that changes what phase 1 planned is a miss, and
//! ops CANN will not repeat are planned every time.

mod ascend_support;

use std::sync::MutexGuard;

use xpush_npu::ascend::exec::{HostScalar, CACHE_CAPACITY};
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::{Device, DeviceArray};
use xpush_npu::DType;

/// The tests share one device and its counters: one at a time, the
/// cache on and empty.
fn device() -> (MutexGuard<'static, ()>, std::sync::Arc<Device>) {
    let (guard, dev) = ascend_support::sim_device_alone();
    dev.exec_cache().set_enabled(true).unwrap();
    dev.exec_cache().clear();
    dev.exec_cache().reset_stats();
    (guard, dev)
}

use ascend_support::{host_f32 as host, upload_f32 as upload};

/// Fails if a hit did not swap in the new buffers (the kernel would read
/// and write the first call's) or if phase 1 ran again.
#[test]
fn a_repeated_call_reuses_the_executor_on_new_buffers() {
    let (_g, dev) = device();
    let mut outs = Vec::new();
    for k in 0..3 {
        let x = upload(&dev, vec![k as f32, 10.0 * k as f32]);
        let y = upload(&dev, vec![1.0, 2.0]);
        let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        dev.launch(phase1::add(&dev, &x, &y, HostScalar::new(1.0f32), &o).unwrap())
            .unwrap();
        outs.push((o, x, y));
    }
    let got: Vec<Vec<f32>> = outs.iter().map(|(o, ..)| host(&dev, o)).collect();
    assert_eq!(got, vec![vec![1.0, 2.0], vec![2.0, 12.0], vec![3.0, 22.0]]);
    let s = dev.exec_cache().stats();
    assert_eq!((s.misses, s.hits, s.refused), (1, 2, 0), "{s:?}");
    assert_eq!(s.per_op, vec![("aclnnAdd", 2, 1)]);
    assert_eq!(s.entries, 1);
}

/// What phase 1 planned for (a scalar's value, a shape, which operands
/// share a buffer) is part of the key.
#[test]
fn a_different_scalar_shape_or_aliasing_is_a_miss() {
    let (_g, dev) = device();
    let x = upload(&dev, vec![1.0, 2.0, 3.0]);
    let run_muls = |s: f32| {
        let o = DeviceArray::empty(&dev, &[3], DType::Float32).unwrap();
        dev.launch(phase1::muls(&dev, &x, HostScalar::new(s), &o).unwrap())
            .unwrap();
        host(&dev, &o)
    };
    assert_eq!(run_muls(2.0), vec![2.0, 4.0, 6.0]);
    assert_eq!(run_muls(3.0), vec![3.0, 6.0, 9.0]);
    assert_eq!(run_muls(2.0), vec![2.0, 4.0, 6.0]);
    let s = dev.exec_cache().stats();
    assert_eq!((s.misses, s.hits), (2, 1), "{s:?}");

    // x * x, then x * y: the executor planned for one buffer read twice
    // is not reused for two buffers.
    let y = upload(&dev, vec![5.0, 6.0, 7.0]);
    let o = DeviceArray::empty(&dev, &[3], DType::Float32).unwrap();
    dev.launch(phase1::mul(&dev, &x, &x, &o).unwrap()).unwrap();
    assert_eq!(host(&dev, &o), vec![1.0, 4.0, 9.0]);
    dev.launch(phase1::mul(&dev, &x, &y, &o).unwrap()).unwrap();
    assert_eq!(host(&dev, &o), vec![5.0, 12.0, 21.0]);
    let z = upload(&dev, vec![1.0, 1.0]);
    let o2 = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
    dev.launch(phase1::mul(&dev, &z, &z, &o2).unwrap()).unwrap();
    assert_eq!(host(&dev, &o2), vec![1.0, 1.0]);
    let s = dev.exec_cache().stats();
    assert_eq!((s.misses, s.hits), (5, 1), "{s:?}");
}

/// `aclnnInplaceCopy` copies inside (CANN refuses to make it
/// repeatable): it runs, uncached, every time.
#[test]
fn ops_cann_will_not_repeat_are_planned_every_time() {
    let (_g, dev) = device();
    let x = upload(&dev, vec![4.0, 5.0]);
    for _ in 0..3 {
        let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        dev.launch(phase1::inplace_copy(&dev, &o, &x).unwrap())
            .unwrap();
        assert_eq!(host(&dev, &o), vec![4.0, 5.0]);
    }
    let s = dev.exec_cache().stats();
    assert_eq!(
        (s.misses, s.hits, s.refused, s.entries),
        (3, 0, 1, 0),
        "{s:?}"
    );
}

#[test]
fn switched_off_every_call_plans() {
    let (_g, dev) = device();
    dev.exec_cache().set_enabled(false).unwrap();
    let x = upload(&dev, vec![1.0, -2.0]);
    for _ in 0..3 {
        let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        dev.launch(phase1::neg(&dev, &x, &o).unwrap()).unwrap();
        assert_eq!(host(&dev, &o), vec![-1.0, 2.0]);
    }
    let s = dev.exec_cache().stats();
    assert_eq!((s.misses, s.hits, s.entries, s.enabled), (0, 0, 0, false));
    dev.exec_cache().set_enabled(true).unwrap();
}

/// The cache keeps at most `CACHE_CAPACITY` executors, dropping the
/// least recently used: the first shapes are gone, the last kept.
#[test]
fn the_least_recently_used_executor_makes_room() {
    let (_g, dev) = device();
    let extra = 10;
    let neg = |n: usize| {
        let x = upload(&dev, vec![1.0; n]);
        let o = DeviceArray::empty(&dev, &[n], DType::Float32).unwrap();
        dev.launch(phase1::neg(&dev, &x, &o).unwrap()).unwrap();
        assert_eq!(host(&dev, &o), vec![-1.0; n]);
    };
    for n in 1..=CACHE_CAPACITY + extra {
        neg(n);
    }
    let s = dev.exec_cache().stats();
    assert_eq!(s.entries, CACHE_CAPACITY);
    assert_eq!(s.evicted, extra as u64);
    neg(CACHE_CAPACITY + extra);
    neg(1);
    let s = dev.exec_cache().stats();
    assert_eq!(s.hits, 1, "the newest shape is kept");
    assert_eq!(
        s.misses,
        (CACHE_CAPACITY + extra + 1) as u64,
        "the oldest is gone"
    );
}
