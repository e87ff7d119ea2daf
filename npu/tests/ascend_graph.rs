//! Graph capture on acl-sim through the real loader: captured ops are
//! recorded, not run; a replay runs them with the addresses they were
//! recorded with (inputs rewritten in place are read anew, as torch's
//! static tensors); what a capture refuses ends it cleanly; and a graph
//! keeps every buffer it replays on.

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

/// The recorded addresses are frozen, so a graph keeps every buffer its
/// work touches: the arrays it was captured on may be dropped and the
/// pool emptied, and its replay still runs on its own buffers (acl-sim's
/// check of a replay after a free is in acl-sim's ABI tests).
#[test]
fn a_graph_keeps_the_buffers_it_replays_on() {
    let (_g, dev) = device();
    let (graph, out) = {
        let x = upload(&dev, vec![1.0, 2.0]);
        let t = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        let o = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
        dev.synchronize().unwrap();
        let ((), g) = dev
            .capture(|| {
                dev.launch(phase1::neg(&dev, &x, &t)?)?;
                dev.launch(phase1::muls(&dev, &t, HostScalar::new(3.0f32), &o)?)?;
                Ok(())
            })
            .unwrap();
        (g, o.buffer_arc().clone())
    };
    let kept: Vec<(bool, bool)> = graph
        .buffers()
        .iter()
        .map(|b| (b.written, b.fresh))
        .collect();
    // x read, t and o written; none allocated during the capture.
    assert_eq!(kept, vec![(false, false), (true, false), (true, false)]);
    dev.release_cache().unwrap();
    // The temporary `t` is not handed out again while the graph lives.
    let other = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
    assert!(graph
        .buffers()
        .iter()
        .all(|b| b.buf.ptr() != other.buffer().ptr()));
    dev.replay(&graph).unwrap();
    dev.synchronize().unwrap();
    let o = DeviceArray::from_buffer(out, DType::Float32, xpush_npu::Layout::contiguous(&[2]));
    assert_eq!(host(&dev, &o), vec![-3.0, -6.0]);
}
