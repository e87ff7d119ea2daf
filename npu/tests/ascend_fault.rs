//! acl-sim's fault injection (`XPUSH_ACL_SIM_FAULT`) perturbs the named op
//! so verification can catch it (its own process: read once).

mod ascend_support;

use xpush_npu::ascend::exec::HostScalar;
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::DeviceArray;
use xpush_npu::{Array, DType};

#[test]
fn fault_injection_perturbs_only_the_named_op() {
    std::env::set_var("XPUSH_ACL_SIM_FAULT", "aclnnAdd");
    let dev = ascend_support::sim_device();
    let a = Array::from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let (sum, prod) = (
        DeviceArray::empty(&dev, &[2], DType::Float32).unwrap(),
        DeviceArray::empty(&dev, &[2], DType::Float32).unwrap(),
    );
    let one = HostScalar::new(1.0f32);
    dev.launch(phase1::add(&dev, &da, &da, one, &sum).unwrap())
        .unwrap();
    dev.launch(phase1::mul(&dev, &da, &da, &prod).unwrap())
        .unwrap();
    let s = sum.to_host(&dev).unwrap().to_vec::<f32>().unwrap();
    assert_ne!(s[0], 2.0);
    assert_eq!(s[1], 4.0);
    assert_eq!(
        prod.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![1.0, 4.0]
    );
}
