//! An install whose op libraries lack every aclnn symbol: ops on npu
//! arrays fall back to the host with a note (its own process: the runtime
//! is installed once).

mod ascend_support;

use std::sync::Arc;

use xpush_npu::ascend::{self, AclLibrary, Candidate};
use xpush_npu::device::Device;
use xpush_npu::ops::{self, BinaryOp, DispatchContext, ExecKind, RecordingSink};
use xpush_npu::Array;
use xpush_npu::ToDevice;

#[test]
fn missing_aclnn_symbol_falls_back_to_the_host() {
    let sim = ascend_support::sim_path();
    let lib = AclLibrary::load_from(&[Candidate::Cann {
        runtime: sim.clone(),
        meta: sim,
        ops: vec![vec!["libc.so.6".into()]],
    }])
    .unwrap();
    ascend::install_runtime(lib).unwrap();
    let a = Array::from_vec(vec![1.0f32, 2.0], &[2])
        .unwrap()
        .to_device(Device::Npu(0))
        .unwrap();
    let sink = Arc::new(RecordingSink::default());
    let ctx = DispatchContext {
        sink: Some(sink.clone() as Arc<dyn ops::ProfileSink>),
        ..Default::default()
    };
    let r = ops::with_context(ctx, || ops::binary(BinaryOp::Add, &a, &a).unwrap());
    assert_eq!(r.device(), Device::Npu(0));
    assert_eq!(r.to_vec::<f32>().unwrap(), vec![2.0, 4.0]);
    let rec = &sink.records()[0];
    assert_eq!(rec.how, ExecKind::HostFallback);
    assert!(
        rec.note
            .as_deref()
            .unwrap()
            .contains("aclnnAdd is not exported by"),
        "{rec:?}"
    );
}
