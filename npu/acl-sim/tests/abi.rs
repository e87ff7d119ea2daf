//! acl-sim's C ABI called directly (through the rlib): device pointers are
//! not host memory, and copies must name the right direction.
#![allow(unsafe_code)]

use std::ffi::{c_void, CStr};

use xpush_acl_sim::*;
use xpush_cann::sys;

#[test]
fn copies_check_pointers_against_the_kind() {
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
