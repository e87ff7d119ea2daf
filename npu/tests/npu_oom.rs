//! Out of device memory through dispatch surfaces as MemoryError (its own
//! process: acl-sim reads `XPUSH_ACL_SIM_MEM` once).

mod ascend_support;

use xpush_npu::device::Device;
use xpush_npu::ops::{self, UnaryOp};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType, ExcKind};

#[test]
fn oom_is_memory_error() {
    std::env::set_var("XPUSH_ACL_SIM_MEM", (1usize << 20).to_string());
    ascend_support::sim_device();
    let a = Array::zeros(&[100_000], DType::Float32)
        .to_device(Device::Npu(0))
        .unwrap();
    let b = ops::unary(UnaryOp::Exp, &a).unwrap();
    let e = ops::unary(UnaryOp::Exp, &b).unwrap_err();
    assert_eq!(e.kind(), ExcKind::MemoryError, "{e}");
    assert!(e.msg().contains("Unable to allocate"), "{e}");
    let big = Array::zeros(&[1 << 20], DType::Float32);
    assert_eq!(
        big.to_device(Device::Npu(0)).unwrap_err().kind(),
        ExcKind::MemoryError
    );
}
