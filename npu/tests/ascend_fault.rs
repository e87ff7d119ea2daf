//! acl-sim's fault injection (`XPUSH_ACL_SIM_FAULT`) perturbs the named op
//! so verification can catch it (its own process: read once).

mod ascend_support;

use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::safe::ScalarDesc;
use xpush_npu::ascend::DeviceArray;
use xpush_npu::{Array, DType};

#[test]
fn fault_injection_perturbs_only_the_named_op() {
    std::env::set_var("XPUSH_ACL_SIM_FAULT", "aclnnAdd");
    let dev = ascend_support::sim_device();
    let lib = dev.lib();
    let a = Array::from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    let da = DeviceArray::upload(&dev, &a).unwrap();
    let (sum, prod) = (
        DeviceArray::empty(&dev, &[2], DType::Float32).unwrap(),
        DeviceArray::empty(&dev, &[2], DType::Float32).unwrap(),
    );
    {
        let (x, s, p) = (
            da.desc(&dev).unwrap(),
            sum.desc(&dev).unwrap(),
            prod.desc(&dev).unwrap(),
        );
        let one = ScalarDesc::new(lib, 1.0f32).unwrap();
        dev.launch(phase1::add(lib, &x, &x, &one, &s).unwrap())
            .unwrap();
        dev.launch(phase1::mul(lib, &x, &x, &p).unwrap()).unwrap();
    }
    let s = sum.to_host(&dev).unwrap().to_vec::<f32>().unwrap();
    assert_ne!(s[0], 2.0);
    assert_eq!(s[1], 4.0);
    assert_eq!(
        prod.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![1.0, 4.0]
    );
}
