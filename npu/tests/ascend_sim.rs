//! The ascend backend end to end against acl-sim, loaded through the real
//! loader (`XPUSH_ACL_LIB`); see `ascend_support` for how the library is
//! found.

mod ascend_support;

use ascend_support::{sim_device_alone, sim_path, sim_runtime};
use xpush_npu::ascend::exec::{HostScalar, IntArray};
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::{AclErrorKind, AclLibrary, Candidate, DeviceArray};
use xpush_npu::layout::Layout;
use xpush_npu::ops::{self, BinaryOp};
use xpush_npu::{Array, DType, ExcKind};

fn arange_f32(n: usize, shape: &[usize]) -> Array {
    Array::from_vec(
        (0..n).map(|i| i as f32 * 0.5 - 3.0).collect::<Vec<f32>>(),
        shape,
    )
    .unwrap()
}

#[test]
fn device_start_and_info() {
    let (_serial, dev) = sim_device_alone();
    let info = dev.info().unwrap();
    assert_eq!(info.soc, "Ascend910B-sim");
    assert!(info.simulated);
    assert_eq!(info.id, 0);
    assert!(info.count >= 1);
    assert!(info.cann_version.as_deref().unwrap().contains("acl-sim"));
    assert!(info.mem_total > 0 && info.mem_free <= info.mem_total);
    let shown = info.to_string();
    assert!(
        shown.starts_with("npu:0 Ascend910B-sim (simulated)"),
        "{shown}"
    );
    assert!(shown.contains("XPUSH_ACL_LIB="), "{shown}");
}

#[test]
fn malloc_memcpy_round_trip() {
    let (_serial, dev) = sim_device_alone();
    let a = Array::from_vec(
        (0..1000i64).map(|i| i * i - 7).collect::<Vec<_>>(),
        &[10, 100],
    )
    .unwrap();
    let d = DeviceArray::upload(&dev, &a).unwrap();
    assert_eq!(d.buffer().ptr().0 % 32, 0);
    let back = d.to_host(&dev).unwrap();
    assert_eq!(back.to_vec::<i64>().unwrap(), a.to_vec::<i64>().unwrap());
}

/// `a[::2, 1:]` + `b.T` through aclnnAdd, with no host copy of the views.
#[test]
fn add_on_strided_views_equals_host() {
    let (_serial, dev) = sim_device_alone();
    let a = arange_f32(48, &[8, 6]);
    let b = arange_f32(20, &[5, 4]);
    let av = a
        .slice_axis(0, Some(0), None, 2)
        .unwrap()
        .slice_axis(1, Some(1), None, 1)
        .unwrap();
    let bv = b.transpose(None).unwrap();
    assert_eq!(av.shape(), bv.shape());
    let want = ops::binary(BinaryOp::Add, &av, &bv).unwrap();

    let (da, db) = (
        DeviceArray::upload(&dev, &a).unwrap(),
        DeviceArray::upload(&dev, &b).unwrap(),
    );
    let dav = da.with_layout(av.layout().clone());
    let dbv = db.with_layout(Layout {
        shape: vec![4, 5],
        strides: vec![1, 4],
        offset: 0,
    });
    let out = DeviceArray::empty(&dev, &[4, 5], DType::Float32).unwrap();
    let alpha = HostScalar::new(1.0f32);
    dev.launch(phase1::add(&dev, &dav, &dbv, alpha, &out).unwrap())
        .unwrap();
    let got = out.to_host(&dev).unwrap();
    assert_eq!(got.to_vec::<f32>().unwrap(), want.to_vec::<f32>().unwrap());
}

/// Fails if the synchronize in `DeviceArray::to_host` is removed: acl-sim
/// runs queued work only at a synchronize, and a blocking D2H copy does not
/// wait for it (as on CANN 9). The tests of this file take the device one
/// at a time: another test's synchronize would run this one's queued op.
#[test]
fn device_to_host_needs_synchronize() {
    let (_serial, dev) = sim_device_alone();
    let a = Array::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[4]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    dev.synchronize().unwrap();
    let out = DeviceArray::empty(&dev, &[4], DType::Float32).unwrap();
    dev.launch(phase1::neg(&dev, &da, &out).unwrap()).unwrap();
    let stale = out.to_host_unsynchronized(&dev).unwrap();
    assert_ne!(
        stale.to_vec::<f32>().unwrap(),
        vec![-1.0, -2.0, -3.0, -4.0],
        "the sim ran the op eagerly"
    );
    assert_eq!(
        out.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![-1.0, -2.0, -3.0, -4.0]
    );
}

#[test]
fn matmul_rejects_double_with_161002() {
    let (_serial, dev) = sim_device_alone();
    let a = Array::from_vec(vec![1.0f64; 6], &[2, 3]).unwrap();
    let b = Array::from_vec(vec![1.0f64; 12], &[3, 4]).unwrap();
    let (da, db) = (
        DeviceArray::upload(&dev, &a).unwrap(),
        DeviceArray::upload(&dev, &b).unwrap(),
    );
    let out = DeviceArray::empty(&dev, &[2, 4], DType::Float64).unwrap();
    let err = phase1::matmul(&dev, &da, &db, &out, 0).unwrap_err();
    assert_eq!(err.status(), Some(161002));
    assert_eq!(err.kind(), AclErrorKind::Unsupported);
    assert!(err.is_fallback());
    let msg = err.to_string();
    assert!(
        msg.starts_with("aclnnMatmulGetWorkspaceSize failed: ACLNN_ERR_PARAM_INVALID (161002): "),
        "{msg}"
    );
    assert!(
        msg.contains("DOUBLE is not supported on Ascend910B"),
        "{msg}"
    );
    // float32 runs, asks for a workspace, and matches the host.
    let (a32, b32) = (a.astype(DType::Float32), b.astype(DType::Float32));
    let (da, db) = (
        DeviceArray::upload(&dev, &a32).unwrap(),
        DeviceArray::upload(&dev, &b32).unwrap(),
    );
    let out = DeviceArray::empty(&dev, &[2, 4], DType::Float32).unwrap();
    let p = phase1::matmul(&dev, &da, &db, &out, 0).unwrap();
    assert!(p.workspace_size() > 0);
    dev.launch(p).unwrap();
    assert_eq!(
        out.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![3.0f32; 8]
    );
}

#[test]
fn tanh_and_sort_reject_double_like_the_910b() {
    let (_serial, dev) = sim_device_alone();
    let a = Array::from_vec(vec![0.5f64; 4], &[4]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let out = DeviceArray::empty(&dev, &[4], DType::Float64).unwrap();
    assert_eq!(
        phase1::tanh(&dev, &da, &out).unwrap_err().status(),
        Some(161002)
    );
    // ...while add of doubles is accepted (AI CPU on the device).
    let alpha = HostScalar::new(1.0f64);
    assert!(phase1::add(&dev, &da, &da, alpha, &out).is_ok());
}

#[test]
fn reduce_sum_and_sort() {
    let (_serial, dev) = sim_device_alone();
    let a = Array::from_vec(vec![3.0f32, 1.0, 2.0, 9.0, 7.0, 8.0], &[2, 3]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let sum = DeviceArray::empty(&dev, &[2], DType::Float32).unwrap();
    let vals = DeviceArray::empty(&dev, &[2, 3], DType::Float32).unwrap();
    let idx = DeviceArray::empty(&dev, &[2, 3], DType::Int64).unwrap();
    let f32_t = xpush_npu::ascend::tensor::acl_dtype(DType::Float32);
    dev.launch(phase1::reduce_sum(&dev, &da, IntArray(&[1]), false, f32_t, &sum).unwrap())
        .unwrap();
    dev.launch(phase1::sort(&dev, &da, true, -1, false, &vals, &idx).unwrap())
        .unwrap();
    assert_eq!(
        sum.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![6.0, 24.0]
    );
    assert_eq!(
        vals.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![1.0, 2.0, 3.0, 7.0, 8.0, 9.0]
    );
    assert_eq!(
        idx.to_host(&dev).unwrap().to_vec::<i64>().unwrap(),
        vec![1, 2, 0, 1, 2, 0]
    );
}

#[test]
fn missing_aclnn_op_is_the_fallback_kind() {
    let lib = sim_runtime();
    let err = lib.probe_op("aclnnNotAnOp").unwrap_err();
    assert_eq!(err.kind(), AclErrorKind::OpUnavailable);
    assert!(err.is_fallback());
    assert!(lib.probe_op("aclnnAdd").is_ok());
    // Runtime and meta from acl-sim, ops from a library without any aclnn
    // symbol: the typed, lazily resolved accessor reports the fallback kind.
    let sim = sim_path();
    let odd = AclLibrary::load_from(&[Candidate::Cann {
        runtime: sim.clone(),
        meta: sim,
        ops: vec![vec!["libc.so.6".into()]],
    }])
    .unwrap();
    let err = odd.matmul().unwrap_err();
    assert_eq!(err.kind(), AclErrorKind::OpUnavailable);
    assert!(
        err.to_string().contains("aclnnMatmul is not exported by"),
        "{err}"
    );
    let py = xpush_npu::Error::from(err);
    assert_eq!(py.kind(), ExcKind::NotImplementedError);
    // Every op of the table resolves on the simulator.
    for name in xpush_npu::ascend::loader::ACLNN_OPS {
        lib.probe_op(name).unwrap();
    }
}

#[test]
fn event_timing_reports_device_time() {
    let (_serial, dev) = sim_device_alone();
    let a = arange_f32(1024, &[1024]);
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let out = DeviceArray::empty(&dev, &[1024], DType::Float32).unwrap();
    dev.set_timing(true);
    dev.launch(phase1::exp(&dev, &da, &out).unwrap()).unwrap();
    let times = dev.drain_timings().unwrap();
    dev.set_timing(false);
    assert!(
        times.iter().any(|t| t.op == "aclnnExp" && t.ms >= 0.0),
        "{times:?}"
    );
}
