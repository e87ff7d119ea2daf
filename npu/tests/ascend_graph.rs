//! Graph capture on acl-sim through the real loader: captured ops are
//! recorded, not run; a replay runs them with the addresses they were
//! recorded with (inputs rewritten in place are read anew, as torch's
//! static tensors); what a capture refuses ends it cleanly; and a replay
//! after its buffers were freed fails at the next synchronize.

mod ascend_support;

use std::sync::MutexGuard;

use xpush_npu::ascend::exec::HostScalar;
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::{Device, DeviceArray};
use xpush_npu::{Array, DType, ExcKind};

fn device() -> (MutexGuard<'static, ()>, std::sync::Arc<Device>) {
    ascend_support::sim_device_alone()
}

use ascend_support::{host_f32 as host, upload_f32 as upload};

/// `y = x * 2 + 1` captured, then replayed twice, the second time after
/// new values were written into `x`.
#[test]
fn a_captured_sequence_replays_on_the_recorded_buffers() {
    let (_g, dev) = device();
    assert!(dev.can_capture());
    let x = upload(&dev, vec![1.0, 2.0, 3.0]);
    let t = DeviceArray::empty(&dev, &[3], DType::Float32).unwrap();
    let y = DeviceArray::empty(&dev, &[3], DType::Float32).unwrap();
    dev.synchronize().unwrap();
    let ((), graph) = dev
        .capture(|| {
            dev.launch(phase1::muls(&dev, &x, HostScalar::new(2.0f32), &t)?)?;
            dev.launch(phase1::adds(
                &dev,
                &t,
                HostScalar::new(1.0f32),
                HostScalar::new(1.0f32),
                &y,
            )?)?;
            Ok(())
        })
        .unwrap();
    assert_eq!(graph.launches(), 2);
    // Recorded, not run: `y` still holds new device memory's poison.
    let before = y.to_host(&dev).unwrap().to_vec::<f32>().unwrap();
    assert_ne!(before, vec![3.0, 5.0, 7.0]);
    dev.replay(&graph).unwrap();
    assert_eq!(host(&dev, &y), vec![3.0, 5.0, 7.0]);
    // New values in x's buffer: the replay reads them.
    let new = Array::from_vec(vec![10.0f32, 20.0, 30.0], &[3]).unwrap();
    let bytes = new.storage().read().as_bytes().to_vec();
    xpush_npu::ascend::safe::upload(dev.lib(), x.buffer(), &bytes, dev.stream()).unwrap();
    dev.replay(&graph).unwrap();
    assert_eq!(host(&dev, &y), vec![21.0, 41.0, 61.0]);
}

/// A synchronize (a read on the host) inside a capture is refused; the
/// capture still ends and the device works after it.
#[test]
fn a_read_during_a_capture_is_refused_and_ends_it() {
    let (_g, dev) = device();
    let x = upload(&dev, vec![1.0, -1.0]);
    let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
    let err = dev
        .capture(|| {
            dev.launch(phase1::neg(&dev, &x, &o)?)?;
            x.to_host(&dev)
        })
        .unwrap_err();
    assert_eq!(err.kind(), ExcKind::RuntimeError);
    assert!(err.msg().contains("is being captured"), "{}", err.msg());
    dev.launch(phase1::neg(&dev, &x, &o).unwrap()).unwrap();
    assert_eq!(host(&dev, &o), vec![-1.0, 1.0]);
}

/// The recorded addresses are frozen: once the buffers a graph used are
/// freed, its replay fails on the device, and the next synchronize says
/// which op.
#[test]
fn a_replay_after_its_buffers_were_freed_fails_at_the_next_synchronize() {
    let (_g, dev) = device();
    let graph = {
        let x = upload(&dev, vec![1.0, 2.0]);
        let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        dev.synchronize().unwrap();
        let ((), g) = dev
            .capture(|| dev.launch(phase1::neg(&dev, &x, &o)?).map_err(Into::into))
            .unwrap();
        g
    };
    // The arrays are gone and their blocks returned to the runtime.
    dev.release_cache().unwrap();
    dev.replay(&graph).unwrap();
    let err = dev.synchronize().unwrap_err();
    assert!(err.msg().contains("aclnnNeg: "), "{}", err.msg());
    assert!(err.msg().contains("freed"), "{}", err.msg());
    dev.synchronize().unwrap();
}
