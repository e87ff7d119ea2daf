//! Loading acl-sim through the real loader in tests.
//!
//! The simulator is the `xpush-acl-sim` cdylib. `xpush-npu` has it as a
//! dev-dependency, so `cargo test -p xpush-npu` builds
//! `libxpush_acl_sim.so` into the target dir; the tests find it next to
//! their own executable (`target/<profile>/` or `target/<profile>/deps/`),
//! or take `XPUSH_ACL_LIB` when it is set. They pass it to
//! `library_candidates` as the value of `XPUSH_ACL_LIB`, so the library is
//! opened by the same code as in production.
#![allow(dead_code)]

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;

use xpush_npu::ascend::{self, library_candidates, AclLibrary, Device};

/// The acl-sim shared library.
pub fn sim_path() -> PathBuf {
    if let Some(p) = std::env::var_os("XPUSH_ACL_LIB") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps dir").to_path_buf();
    let profile = deps.parent().expect("profile dir").to_path_buf();
    // `cargo test` refreshes the copy in deps/ only; an older one left in
    // the profile dir by `cargo build` must not win.
    let newest = [&profile, &deps]
        .into_iter()
        .map(|dir| dir.join("libxpush_acl_sim.so"))
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok());
    if let Some(p) = newest {
        return p;
    }
    panic!(
        "libxpush_acl_sim.so not found next to {}; build it with `cargo build -p xpush-acl-sim` \
         or set XPUSH_ACL_LIB",
        exe.display()
    );
}

/// The environment the loader sees: only `XPUSH_ACL_LIB`.
pub fn sim_env(k: &str) -> Option<OsString> {
    (k == "XPUSH_ACL_LIB").then(|| sim_path().into_os_string())
}

/// acl-sim loaded through `library_candidates` and installed as the
/// process runtime.
pub fn sim_runtime() -> Arc<AclLibrary> {
    let lib = AclLibrary::load_from(&library_candidates(&sim_env)).expect("acl-sim loads");
    ascend::install_runtime(lib).expect("runtime")
}

/// Device 0 on acl-sim.
pub fn sim_device() -> Arc<Device> {
    sim_runtime();
    ascend::device(0).expect("npu:0 opens on acl-sim")
}

/// Device 0 on acl-sim for one test at a time (tests that read the
/// device's counters or capture its stream share it otherwise).
pub fn sim_device_alone() -> (std::sync::MutexGuard<'static, ()>, Arc<Device>) {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    (guard, sim_device())
}

/// `v` on the device.
pub fn upload_f32(dev: &Device, v: Vec<f32>) -> xpush_npu::ascend::DeviceArray {
    let n = v.len();
    let a = xpush_npu::Array::from_vec(v, &[n]).expect("a vector");
    xpush_npu::ascend::DeviceArray::upload(dev, &a).expect("upload")
}

/// A float32 device array's elements, after a synchronize.
pub fn host_f32(dev: &Device, d: &xpush_npu::ascend::DeviceArray) -> Vec<f32> {
    d.to_host(dev)
        .expect("download")
        .to_vec::<f32>()
        .expect("float32")
}

/// The simulated device for a test that dispatches through the router,
/// with a lock that keeps this binary's such tests one at a time (they
/// share the session's dispatch state).
pub fn dispatch_setup() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    sim_device();
    guard
}

/// Runs `f` under float64 mode `mode`, returning what it returns and the
/// records of the ops it dispatched.
pub fn recorded<R>(
    mode: xpush_npu::ops::Float64Mode,
    f: impl FnOnce() -> R,
) -> (R, Vec<xpush_npu::ops::OpRecord>) {
    use xpush_npu::ops::{self, DispatchContext, RecordingSink};
    let sink = Arc::new(RecordingSink::default());
    let ctx = DispatchContext {
        float64: mode,
        device_timing: false,
        sink: Some(sink.clone() as Arc<dyn ops::ProfileSink>),
        ..Default::default()
    };
    let r = ops::with_context(ctx, f);
    (r, sink.records())
}

/// The elements of `a` (copied to the host) as their `Debug` texts, which
/// tell `-0.0` from `0.0` and show NaN: the tests compare NPU and cpu
/// results with them bit for bit.
pub fn scalar_texts(a: &xpush_npu::Array) -> Vec<String> {
    use xpush_npu::ToDevice;
    a.to_device(xpush_npu::device::Device::Cpu)
        .unwrap()
        .to_scalars()
        .iter()
        .map(|s| format!("{s:?}"))
        .collect()
}
