//! The kernel facts on acl-sim: a listed combination fails phase 1 with
//! the row's status, as on the SoC it describes, and the device finds the
//! row for dispatch to avoid the call (its own process: the table is read
//! once, with `XPUSH_KERNEL_FACTS` adding rows).

mod ascend_support;

use xpush_npu::ascend::facts::Action;
use xpush_npu::ascend::loader::phase1;
use xpush_npu::ascend::DeviceArray;
use xpush_npu::layout::Layout;
use xpush_npu::{Array, DType};

#[test]
fn a_listed_combination_fails_phase_1_and_is_found_before_the_call() {
    let path = std::env::temp_dir().join(format!("xpush-facts-{}.md", std::process::id()));
    std::fs::write(
        &path,
        "| op | dtypes | soc | cann | when | status | action | source |
|---|---|---|---|---|---|---|---|
| aclnnNeg | float32 | Ascend910B* | >=9.0,<9.1 | any | 161002 | host | tests/a |
| aclnnAbs | * | * | * | non-contiguous | 561103 | contiguous | tests/b |
| aclnnExp | float32 | Ascend910B* | <8.1 | any | 161002 | host | tests/c |
",
    )
    .unwrap();
    std::env::set_var("XPUSH_KERNEL_FACTS", &path);
    let dev = ascend_support::sim_device();
    let a = Array::from_vec(vec![1.0f32, -2.0, 3.0, -4.0], &[2, 2]).unwrap();
    let x = DeviceArray::upload(&dev, &a).unwrap();
    let out = DeviceArray::empty(&dev, &[2, 2], DType::Float32).unwrap();

    // Listed for 9.0 (acl-sim's version): refused like the real library.
    let err = phase1::neg(&dev, &x, &out).unwrap_err();
    assert_eq!(err.status(), Some(161002));
    assert!(err.to_string().contains("a known failure: aclnnNeg of float32 fails with 161002 on Ascend910B* with CANN >=9.0,<9.1 (tests/a)"), "{err}");
    assert!(dev
        .known_failure("aclnnNeg", DType::Float32, true)
        .is_some());
    assert!(dev
        .known_failure("aclnnNeg", DType::Float16, true)
        .is_none());
    // Listed for an older CANN only: runs.
    dev.launch(phase1::exp(&dev, &x, &out).unwrap()).unwrap();
    assert!(dev
        .known_failure("aclnnExp", DType::Float32, true)
        .is_none());

    // Listed for non-contiguous inputs: a transposed view fails, the
    // contiguous array runs, and the row asks for a contiguous copy.
    let t = x.with_layout(Layout {
        shape: vec![2, 2],
        strides: vec![1, 2],
        offset: 0,
    });
    assert_eq!(
        phase1::abs(&dev, &t, &out).unwrap_err().status(),
        Some(561103)
    );
    dev.launch(phase1::abs(&dev, &x, &out).unwrap()).unwrap();
    assert_eq!(
        out.to_host(&dev).unwrap().to_vec::<f32>().unwrap(),
        vec![1.0, 2.0, 3.0, 4.0]
    );
    let f = dev.known_failure("aclnnAbs", DType::Int32, false).unwrap();
    assert_eq!(f.action, Action::Contiguous);
    assert!(dev.known_failure("aclnnAbs", DType::Int32, true).is_none());
}
