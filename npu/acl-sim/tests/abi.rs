//! acl-sim's C ABI called directly (through the rlib): device pointers are
//! not host memory, and copies must name the right direction.
#![allow(unsafe_code)]

use std::ffi::{c_void, CStr};

use xpush_acl_sim::*;
use xpush_cann::sys;

/// The simulated device is one per process and a capture in GLOBAL mode
/// refuses blocking calls from every thread: the tests run one at a time.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn copies_check_pointers_against_the_kind() {
    let _alone = alone();
    // SAFETY: the C ABI used as CANN documents it, with live locals.
    unsafe {
        assert!(matches!(
            aclInit(std::ptr::null()),
            0 | sys::ACL_ERROR_REPEAT_INITIALIZE
        ));
        assert_eq!(aclrtSetDevice(0), 0);
        let mut d: *mut c_void = std::ptr::null_mut();
        assert_eq!(aclrtMalloc(&mut d, 64, 0), 0);
        assert!(d as usize >= DEVICE_BASE);
        assert_eq!(d as usize % 64, 0);
        let host = [7u8; 64];
        // Host-to-device with the pointers swapped is refused with a message.
        let rc = aclrtMemcpy(
            host.as_ptr() as *mut c_void,
            64,
            d,
            64,
            sys::aclrtMemcpyKind::ACL_MEMCPY_HOST_TO_DEVICE,
        );
        assert_eq!(rc, sys::ACL_ERROR_RT_PARAM_INVALID);
        let msg = CStr::from_ptr(aclGetRecentErrMsg())
            .to_string_lossy()
            .into_owned();
        assert!(
            msg.contains("dst is host memory, src is device memory"),
            "{msg}"
        );
        assert!(
            aclGetRecentErrMsg().is_null(),
            "the message is cleared once read"
        );
        // New device memory is poisoned, not zeroed.
        let mut back = [0u8; 64];
        let rc = aclrtMemcpy(
            back.as_mut_ptr().cast(),
            64,
            d,
            64,
            sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_HOST,
        );
        assert_eq!(rc, 0);
        assert_eq!(back, [POISON; 64]);
        assert_eq!(aclrtFree(d), 0);
        assert_eq!(aclrtFree(d), sys::ACL_ERROR_RT_MEMORY_FREE);
        assert_eq!(
            CStr::from_ptr(aclrtGetSocName()).to_str().unwrap(),
            SOC_NAME
        );
    }
}

/// A one-shot executor is consumed by its phase 2 (CANN frees it): running
/// it again is an error naming the mistake, while a repeatable one runs
/// again on new addresses.
#[test]
fn executors_run_once_unless_repeatable() {
    let _alone = alone();
    // SAFETY: the C ABI used as CANN documents it, with live locals; the
    // second run of a one-shot executor is the misuse under test, which
    // the simulator detects (its executors are handles, not pointers).
    unsafe {
        assert!(matches!(
            aclInit(std::ptr::null()),
            0 | sys::ACL_ERROR_REPEAT_INITIALIZE
        ));
        assert_eq!(aclrtSetDevice(0), 0);
        let mut stream: sys::aclrtStream = std::ptr::null_mut();
        assert_eq!(aclrtCreateStream(&mut stream), 0);
        let mut bufs = [std::ptr::null_mut::<c_void>(); 3];
        for b in &mut bufs {
            assert_eq!(aclrtMalloc(b, 64, 0), 0);
        }
        let host = [1.0f32, 2.0, 3.0, 4.0];
        assert_eq!(
            aclrtMemcpy(
                bufs[0],
                16,
                host.as_ptr().cast(),
                16,
                sys::aclrtMemcpyKind::ACL_MEMCPY_HOST_TO_DEVICE
            ),
            0
        );
        let desc = |p: *mut c_void| {
            let dims = [4i64];
            aclCreateTensor(
                dims.as_ptr(),
                1,
                sys::aclDataType::ACL_FLOAT,
                std::ptr::null(),
                0,
                sys::aclFormat::ACL_FORMAT_ND,
                dims.as_ptr(),
                1,
                p,
            )
        };
        let (x, out) = (desc(bufs[0]), desc(bufs[1]));
        let (mut ws, mut exec) = (0u64, std::ptr::null_mut());
        assert_eq!(aclnnNegGetWorkspaceSize(x, out, &mut ws, &mut exec), 0);
        assert_eq!(aclnnNeg(std::ptr::null_mut(), 0, exec, stream), 0);
        assert_eq!(
            aclnnNeg(std::ptr::null_mut(), 0, exec, stream),
            sys::ACLNN_ERR_PARAM_INVALID
        );
        let msg = CStr::from_ptr(aclGetRecentErrMsg())
            .to_string_lossy()
            .into_owned();
        assert!(msg.contains("was consumed by its first run"), "{msg}");

        // Repeatable: the same executor writes -x to another buffer.
        assert_eq!(aclnnNegGetWorkspaceSize(x, out, &mut ws, &mut exec), 0);
        assert_eq!(aclSetAclOpExecutorRepeatable(exec), 0);
        assert_eq!(aclnnNeg(std::ptr::null_mut(), 0, exec, stream), 0);
        assert_eq!(aclSetOutputTensorAddr(exec, 0, out, bufs[2]), 0);
        assert_eq!(
            aclSetOutputTensorAddr(exec, 1, out, bufs[2]),
            sys::ACLNN_ERR_PARAM_INVALID,
            "Neg has one output"
        );
        assert_eq!(aclnnNeg(std::ptr::null_mut(), 0, exec, stream), 0);
        assert_eq!(aclrtSynchronizeStream(stream), 0);
        for b in [bufs[1], bufs[2]] {
            let mut back = [0f32; 4];
            assert_eq!(
                aclrtMemcpy(
                    back.as_mut_ptr().cast(),
                    16,
                    b,
                    16,
                    sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_HOST
                ),
                0
            );
            assert_eq!(back, [-1.0, -2.0, -3.0, -4.0]);
        }
        assert_eq!(aclDestroyAclOpExecutor(exec), 0);
        assert_eq!(aclDestroyTensor(x), 0);
        assert_eq!(aclDestroyTensor(out), 0);
        assert_eq!(aclrtDestroyStream(stream), 0);
        for b in bufs {
            assert_eq!(aclrtFree(b), 0);
        }
    }
}

/// A captured graph replays with the addresses it recorded: once a buffer
/// it reads is freed, its replay fails when the stream runs it, and the
/// synchronize says the address is no longer device memory.
#[test]
fn a_replay_after_a_recorded_buffer_was_freed_fails() {
    let _alone = alone();
    // SAFETY: the C ABI used as CANN documents it, with live locals; the
    // freed pointer is only passed back to the simulator, never read.
    unsafe {
        assert!(matches!(
            aclInit(std::ptr::null()),
            0 | sys::ACL_ERROR_REPEAT_INITIALIZE
        ));
        assert_eq!(aclrtSetDevice(0), 0);
        let mut stream: sys::aclrtStream = std::ptr::null_mut();
        assert_eq!(aclrtCreateStream(&mut stream), 0);
        let (mut a, mut b): (*mut c_void, *mut c_void) =
            (std::ptr::null_mut(), std::ptr::null_mut());
        assert_eq!(aclrtMalloc(&mut a, 64, 0), 0);
        assert_eq!(aclrtMalloc(&mut b, 64, 0), 0);
        assert_eq!(aclmdlRICaptureBegin(stream, 0), 0);
        let kind = sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_DEVICE;
        assert_eq!(aclrtMemcpyAsync(b, 64, a, 64, kind, stream), 0);
        let mut model: sys::aclmdlRI = std::ptr::null_mut();
        assert_eq!(aclmdlRICaptureEnd(stream, &mut model), 0);
        assert_eq!(aclmdlRIExecuteAsync(model, stream), 0);
        assert_eq!(aclrtSynchronizeStream(stream), 0);
        assert_eq!(aclrtFree(a), 0);
        assert_eq!(aclmdlRIExecuteAsync(model, stream), 0);
        assert_ne!(aclrtSynchronizeStream(stream), 0);
        let msg = CStr::from_ptr(aclGetRecentErrMsg())
            .to_string_lossy()
            .into_owned();
        assert!(msg.contains("freed"), "{msg}");
        assert_eq!(aclmdlRIDestroy(model), 0);
        assert_eq!(aclrtFree(b), 0);
        assert_eq!(aclrtDestroyStream(stream), 0);
    }
}
