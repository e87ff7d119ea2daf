//! With no CANN and no acl-sim, moving an array to the npu reports what
//! the loader tried (its own process: the runtime is loaded once).

use xpush_npu::device::Device;
use xpush_npu::ToDevice;
use xpush_npu::{Array, ExcKind};

#[test]
fn loader_message_surfaces_at_device_open() {
    std::env::set_var("XPUSH_ACL_LIB", "/nonexistent/libnothing.so");
    std::env::remove_var("ASCEND_HOME_PATH");
    std::env::remove_var("ASCEND_TOOLKIT_HOME");
    let a = Array::from_vec(vec![1.0f32], &[1]).unwrap();
    let e = a.to_device(Device::Npu(0)).unwrap_err();
    assert_eq!(e.kind(), ExcKind::RuntimeError);
    assert!(e.msg().contains("no CANN runtime found; tried:"), "{e}");
    assert!(
        e.msg().contains("XPUSH_ACL_LIB=/nonexistent/libnothing.so"),
        "{e}"
    );
    assert!(e.msg().contains("set_env.sh"), "{e}");
}
