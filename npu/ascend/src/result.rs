//! The result layer (cudarc's `result.rs`): every CANN status becomes a
//! `Result` carrying the call, the status name and number and
//! `aclGetRecentErrMsg`'s text, and thin wrappers over the runtime and meta
//! functions, grouped by area. Wrappers whose arguments cannot break memory
//! safety are safe functions; the others are `unsafe fn` with a `# Safety`
//! section.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_void, CStr};
use std::fmt;

use super::loader::AclLibrary;
use xpush_cann::sys;
use xpush_core::error::{Cause, Error, ExcKind};

/// What went wrong, for the dispatch policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AclErrorKind {
    /// No CANN (nor `XPUSH_ACL_LIB`) library could be opened.
    NotFound,
    /// A library opened but lacks a runtime symbol xpush needs.
    MissingSymbol,
    /// The installed CANN has no such aclnn op: fall back.
    OpUnavailable,
    /// Phase 1 rejected the call (`ACLNN_ERR_PARAM_INVALID`, 161002: an
    /// unsupported dtype or shape): fall back or demote.
    Unsupported,
    /// Device memory exhausted.
    OutOfMemory,
    /// Any other non-zero status.
    Status,
}

/// A CANN failure.
#[derive(Clone, PartialEq, Eq)]
pub struct AclError(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: AclErrorKind,
    call: String,
    status: Option<i32>,
    detail: String,
}

impl AclError {
    /// An error of `kind` raised by `call`, with a status if there was one.
    pub fn new(
        kind: AclErrorKind,
        call: impl Into<String>,
        status: Option<i32>,
        detail: impl Into<String>,
    ) -> AclError {
        AclError(Box::new(Inner {
            kind,
            call: call.into(),
            status,
            detail: detail.into(),
        }))
    }

    /// The "nothing found" error listing every candidate tried.
    pub fn not_found(tried: &[String]) -> AclError {
        let mut msg = String::from("no CANN runtime found; tried:");
        for t in tried {
            msg.push_str("\n  - ");
            msg.push_str(t);
        }
        msg.push_str(
            "\nsource CANN's set_env.sh first (`source /usr/local/Ascend/ascend-toolkit/set_env.sh`, \
             or `source /usr/local/Ascend/cann/set_env.sh` for CANN 8.5+), \
             or use the simulated NPU built with xpush (`--device npu-sim`, `:device npu-sim`)",
        );
        AclError::new(AclErrorKind::NotFound, "loading CANN", None, msg)
    }

    /// A missing aclnn op.
    pub fn op_unavailable(op: &str, origin: &str) -> AclError {
        AclError::new(
            AclErrorKind::OpUnavailable,
            op,
            None,
            format!("{op} is not exported by {origin}"),
        )
    }

    /// The kind.
    pub fn kind(&self) -> AclErrorKind {
        self.0.kind
    }

    /// The status number, if a CANN call returned one.
    pub fn status(&self) -> Option<i32> {
        self.0.status
    }

    /// The call that failed (`aclnnMatmulGetWorkspaceSize`, `aclrtMalloc`).
    pub fn call(&self) -> &str {
        &self.0.call
    }

    /// The detail text (`aclGetRecentErrMsg` for a status).
    pub fn detail(&self) -> &str {
        &self.0.detail
    }

    /// Whether the dispatch policy may run the op elsewhere (missing op or
    /// a rejected dtype/shape).
    pub fn is_fallback(&self) -> bool {
        matches!(
            self.kind(),
            AclErrorKind::OpUnavailable | AclErrorKind::Unsupported
        )
    }
}

impl fmt::Display for AclError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.status {
            Some(s) => {
                write!(f, "{} failed: {} ({s})", self.0.call, status_name(s))?;
                if !self.0.detail.is_empty() {
                    write!(f, ": {}", self.0.detail)?;
                }
                Ok(())
            }
            None => write!(f, "{}: {}", self.0.call, self.0.detail),
        }
    }
}

/// Whether `e` (an [`AclError`] turned into an [`Error`]) is a phase 1
/// that refused the call (`aclnnXxxGetWorkspaceSize failed: ...`): the op
/// runs elsewhere, and the session says so once.
pub fn is_phase1_refusal(e: &Error) -> bool {
    e.cause() == Some(Cause::DeviceRefused)
}

impl fmt::Debug for AclError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AclError({:?}: {self})", self.0.kind)
    }
}

impl std::error::Error for AclError {}

impl From<AclError> for Error {
    fn from(e: AclError) -> Error {
        let kind = match e.kind() {
            AclErrorKind::OutOfMemory => ExcKind::MemoryError,
            AclErrorKind::OpUnavailable | AclErrorKind::Unsupported => ExcKind::NotImplementedError,
            _ => ExcKind::RuntimeError,
        };
        let err = Error::new(kind, e.to_string());
        if e.kind() == AclErrorKind::Unsupported {
            err.with_cause(Cause::DeviceRefused)
        } else {
            err
        }
    }
}

/// The name of a CANN status (`aclError` or `aclnnStatus`).
pub fn status_name(code: i32) -> &'static str {
    macro_rules! names {
        ($($c:ident),* $(,)?) => {
            $(if code == sys::$c { return stringify!($c); })*
        };
    }
    names!(
        ACL_SUCCESS,
        ACL_ERROR_INVALID_PARAM,
        ACL_ERROR_UNINITIALIZE,
        ACL_ERROR_REPEAT_INITIALIZE,
        ACL_ERROR_INVALID_FILE,
        ACL_ERROR_OP_NOT_FOUND,
        ACL_ERROR_UNSUPPORTED_DATA_TYPE,
        ACL_ERROR_KERNEL_NOT_FOUND,
        ACL_ERROR_REPEAT_FINALIZE,
        ACL_ERROR_INVALID_OPP_PATH,
        ACL_ERROR_BAD_ALLOC,
        ACL_ERROR_API_NOT_SUPPORT,
        ACL_ERROR_INVALID_DEVICE,
        ACL_ERROR_MEMORY_ADDRESS_UNALIGNED,
        ACL_ERROR_FEATURE_UNSUPPORTED,
        ACL_ERROR_STORAGE_OVER_LIMIT,
        ACL_ERROR_INTERNAL_ERROR,
        ACL_ERROR_FAILURE,
        ACL_ERROR_GE_FAILURE,
        ACL_ERROR_RT_FAILURE,
        ACL_ERROR_DRV_FAILURE,
        ACL_ERROR_PROFILING_FAILURE,
        ACL_ERROR_RT_PARAM_INVALID,
        ACL_ERROR_RT_INVALID_DEVICEID,
        ACL_ERROR_RT_CONTEXT_NULL,
        ACL_ERROR_RT_STREAM_CONTEXT,
        ACL_ERROR_RT_ADDR_UNALIGNED,
        ACL_ERROR_RT_INVALID_MEMORY_TYPE,
        ACL_ERROR_RT_INVALID_HANDLE,
        ACL_ERROR_RT_WAIT_TIMEOUT,
        ACL_ERROR_RT_TASK_TIMEOUT,
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
        ACL_ERROR_RT_MEMORY_ALLOCATION,
        ACL_ERROR_RT_MEMORY_FREE,
        ACL_ERROR_RT_AICORE_OVER_FLOW,
        ACL_ERROR_RT_NO_DEVICE,
        ACL_ERROR_RT_RESOURCE_ALLOC_FAIL,
        ACL_ERROR_RT_NO_PERMISSION,
        ACL_ERROR_RT_NO_STREAM_RESOURCE,
        ACL_ERROR_RT_OVER_LIMIT,
        ACL_ERROR_RT_DEVICE_OOM,
        ACL_ERROR_RT_INTERNAL_ERROR,
        ACL_ERROR_RT_TS_ERROR,
        ACL_ERROR_RT_STREAM_TASK_FULL,
        ACL_ERROR_RT_SOC_VERSION,
        ACL_ERROR_RT_AICORE_TIMEOUT,
        ACL_ERROR_RT_AICORE_EXCEPTION,
        ACL_ERROR_RT_AICORE_TRAP_EXCEPTION,
        ACL_ERROR_RT_AICPU_TIMEOUT,
        ACL_ERROR_RT_AICPU_EXCEPTION,
        ACL_ERROR_RT_VECTOR_CORE_EXCEPTION,
        ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
        ACL_ERROR_RT_DEVICE_MEM_ERROR,
        ACL_ERROR_RT_DRV_INTERNAL_ERROR,
        ACL_ERROR_RT_AICPU_INTERNAL_ERROR,
        ACLNN_ERR_PARAM_NULLPTR,
        ACLNN_ERR_PARAM_INVALID,
        ACLNN_ERR_RUNTIME_ERROR,
        ACLNN_ERR_INNER,
        ACLNN_ERR_INNER_INFERSHAPE_ERROR,
        ACLNN_ERR_INNER_TILING_ERROR,
        ACLNN_ERR_INNER_FIND_KERNEL_ERROR,
        ACLNN_ERR_INNER_CREATE_EXECUTOR,
        ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR,
        ACLNN_ERR_INNER_NULLPTR,
        ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND,
        ACLNN_ERR_INNER_OPP_KERNEL_PKG_NOT_FOUND,
    );
    "unknown status"
}

/// Resolves a runtime or meta function (checked at load, so this only
/// fails for optional ones).
macro_rules! f {
    ($lib:expr, $part:ident . $name:ident) => {
        $lib.$part.$name.as_ref().map(|f| *f).map_err(|_| {
            AclError::new(
                AclErrorKind::MissingSymbol,
                stringify!($name),
                None,
                format!("{} is not exported by {}", stringify!($name), $lib.origin()),
            )
        })
    };
}

/// `aclGetRecentErrMsg()` as an owned string (empty when there is none).
pub fn recent_err_msg(lib: &AclLibrary) -> String {
    let Ok(get) = f!(lib, rt.aclGetRecentErrMsg) else {
        return String::new();
    };
    // SAFETY: takes no arguments; returns NULL or a NUL-terminated string
    // that stays valid until the next call on this thread, and is copied
    // before anything else runs.
    let p = unsafe { get() };
    if p.is_null() {
        return String::new();
    }
    // SAFETY: non-null and NUL-terminated (see above).
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// Turns a status into a `Result`: non-zero statuses carry the status name,
/// number and `aclGetRecentErrMsg` text.
pub fn check(lib: &AclLibrary, call: &str, status: i32) -> Result<(), AclError> {
    if status == 0 {
        return Ok(());
    }
    let kind = match status {
        sys::ACLNN_ERR_PARAM_INVALID | sys::ACL_ERROR_UNSUPPORTED_DATA_TYPE => {
            AclErrorKind::Unsupported
        }
        sys::ACL_ERROR_RT_MEMORY_ALLOCATION
        | sys::ACL_ERROR_RT_DEVICE_OOM
        | sys::ACL_ERROR_BAD_ALLOC
        | sys::ACL_ERROR_STORAGE_OVER_LIMIT => AclErrorKind::OutOfMemory,
        _ => AclErrorKind::Status,
    };
    Err(AclError::new(kind, call, Some(status), recent_err_msg(lib)))
}

macro_rules! call {
    ($lib:expr, $part:ident . $name:ident ( $($arg:expr),* )) => {{
        let func = f!($lib, $part.$name)?;
        // SAFETY: see the `# Safety` section or comment of the calling
        // wrapper; the pointer comes from the library with the header's type.
        let status = unsafe { func($($arg),*) };
        check($lib, stringify!($name), status)
    }};
}

/// An address in device memory (not dereferenceable on the host).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DevicePtr(pub usize);

impl DevicePtr {
    /// The address as a C pointer for the FFI.
    pub fn as_raw(self) -> *mut c_void {
        self.0 as *mut c_void
    }

    /// `bytes` further on.
    pub fn offset_by(self, bytes: usize) -> DevicePtr {
        DevicePtr(self.0 + bytes)
    }
}

// ---- Initialisation and devices ----------------------------------------

/// `aclInit(NULL)`; a repeated init (100002) counts as success.
pub fn init(lib: &AclLibrary) -> Result<(), AclError> {
    match call!(lib, rt.aclInit(std::ptr::null())) {
        Err(e) if e.status() == Some(sys::ACL_ERROR_REPEAT_INITIALIZE) => Ok(()),
        r => r,
    }
}

/// `aclFinalize()`.
pub fn finalize(lib: &AclLibrary) -> Result<(), AclError> {
    call!(lib, rt.aclFinalize())
}

/// `aclrtSetDevice(id)` for the calling thread.
pub fn set_device(lib: &AclLibrary, id: i32) -> Result<(), AclError> {
    call!(lib, rt.aclrtSetDevice(id))
}

/// `aclrtResetDevice(id)`.
pub fn reset_device(lib: &AclLibrary, id: i32) -> Result<(), AclError> {
    call!(lib, rt.aclrtResetDevice(id))
}

/// `aclrtGetDeviceCount`.
pub fn device_count(lib: &AclLibrary) -> Result<u32, AclError> {
    let mut n = 0u32;
    call!(lib, rt.aclrtGetDeviceCount(&mut n))?;
    Ok(n)
}

/// `aclrtGetSocName()` (for device 0), if the runtime knows it.
pub fn soc_name(lib: &AclLibrary) -> Option<String> {
    let get = f!(lib, rt.aclrtGetSocName).ok()?;
    // SAFETY: no arguments; returns NULL or a static NUL-terminated string.
    let p: *const c_char = unsafe { get() };
    if p.is_null() {
        return None;
    }
    // SAFETY: non-null, NUL-terminated, static (see above).
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

/// The CANN version via `aclsysGetCANNVersion` (absent before 8.1.RC1).
pub fn cann_version(lib: &AclLibrary) -> Option<String> {
    let get = f!(lib, rt.aclsysGetCANNVersion).ok()?;
    let mut v = sys::aclCANNPackageVersion {
        version: [0; 128],
        majorVersion: [0; 64],
        minorVersion: [0; 64],
        releaseVersion: [0; 64],
        patchVersion: [0; 64],
        reserved: [0; 128],
    };
    // SAFETY: `v` is a properly sized, zeroed out-struct of the header's
    // layout; the package name is a valid enumerator.
    let status = unsafe { get(sys::aclCANNPackageName::ACL_PKG_NAME_CANN, &mut v) };
    if status != 0 {
        return None;
    }
    let bytes: Vec<u8> = v
        .version
        .iter()
        .take_while(|c| **c != 0)
        .map(|c| *c as u8)
        .collect();
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// `aclrtGetMemInfo(ACL_HBM_MEM)`: (free, total) bytes.
pub fn mem_info(lib: &AclLibrary) -> Result<(usize, usize), AclError> {
    let (mut free, mut total) = (0usize, 0usize);
    call!(
        lib,
        rt.aclrtGetMemInfo(sys::aclrtMemAttr::ACL_HBM_MEM, &mut free, &mut total)
    )?;
    Ok((free, total))
}

// ---- Streams and events ------------------------------------------------

/// A raw stream handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawStream(pub(crate) sys::aclrtStream);

/// A raw event handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawEvent(pub(crate) sys::aclrtEvent);

// SAFETY: CANN streams and events are handles usable from any thread that
// has the device set (the backend sets it on each thread before use).
unsafe impl Send for RawStream {}
// SAFETY: as for Send; the handle is only passed by value to CANN.
unsafe impl Sync for RawStream {}
// SAFETY: as for RawStream.
unsafe impl Send for RawEvent {}
// SAFETY: as for RawStream.
unsafe impl Sync for RawEvent {}

/// `aclrtCreateStream`.
pub fn create_stream(lib: &AclLibrary) -> Result<RawStream, AclError> {
    let mut s: sys::aclrtStream = std::ptr::null_mut();
    call!(lib, rt.aclrtCreateStream(&mut s))?;
    Ok(RawStream(s))
}

/// `aclrtSynchronizeStream`.
pub fn synchronize_stream(lib: &AclLibrary, s: RawStream) -> Result<(), AclError> {
    call!(lib, rt.aclrtSynchronizeStream(s.0))
}

/// `aclrtDestroyStream`.
///
/// # Safety
/// `s` must be a live stream not used afterwards.
pub unsafe fn destroy_stream(lib: &AclLibrary, s: RawStream) -> Result<(), AclError> {
    call!(lib, rt.aclrtDestroyStream(s.0))
}

/// `aclrtCreateEventWithFlag(ACL_EVENT_TIME_LINE | ACL_EVENT_SYNC)` (a
/// timing event, as torch_npu makes them).
pub fn create_timing_event(lib: &AclLibrary) -> Result<RawEvent, AclError> {
    let mut e: sys::aclrtEvent = std::ptr::null_mut();
    let flags = (sys::ACL_EVENT_TIME_LINE | sys::ACL_EVENT_SYNC) as u32;
    call!(lib, rt.aclrtCreateEventWithFlag(&mut e, flags))?;
    Ok(RawEvent(e))
}

/// `aclrtRecordEvent`.
pub fn record_event(lib: &AclLibrary, e: RawEvent, s: RawStream) -> Result<(), AclError> {
    call!(lib, rt.aclrtRecordEvent(e.0, s.0))
}

/// `aclrtEventElapsedTime` in milliseconds (both events complete).
pub fn elapsed_ms(lib: &AclLibrary, start: RawEvent, end: RawEvent) -> Result<f32, AclError> {
    let mut ms = 0f32;
    call!(lib, rt.aclrtEventElapsedTime(&mut ms, start.0, end.0))?;
    Ok(ms)
}

/// `aclrtDestroyEvent`.
///
/// # Safety
/// `e` must be a live event not used afterwards.
pub unsafe fn destroy_event(lib: &AclLibrary, e: RawEvent) -> Result<(), AclError> {
    call!(lib, rt.aclrtDestroyEvent(e.0))
}

// ---- Memory ------------------------------------------------------------

/// `aclrtMalloc(size, ACL_MEM_MALLOC_HUGE_FIRST)`.
pub fn malloc(lib: &AclLibrary, size: usize) -> Result<DevicePtr, AclError> {
    let mut p: *mut c_void = std::ptr::null_mut();
    call!(
        lib,
        rt.aclrtMalloc(
            &mut p,
            size,
            sys::aclrtMemMallocPolicy::ACL_MEM_MALLOC_HUGE_FIRST
        )
    )?;
    Ok(DevicePtr(p as usize))
}

/// `aclrtFree`.
///
/// # Safety
/// `p` must come from [`malloc`], not be freed yet, and no queued work may
/// still use it (`aclrtFree` does not wait).
pub unsafe fn free(lib: &AclLibrary, p: DevicePtr) -> Result<(), AclError> {
    call!(lib, rt.aclrtFree(p.as_raw()))
}

/// Blocking host-to-device copy of `src` to `dst` (no stream ordering:
/// queued work that reads `dst` may see the new bytes).
///
/// # Safety
/// `dst` must be device memory with at least `src.len()` bytes.
pub unsafe fn memcpy_h2d(lib: &AclLibrary, dst: DevicePtr, src: &[u8]) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclrtMemcpy(
            dst.as_raw(),
            src.len(),
            src.as_ptr().cast(),
            src.len(),
            sys::aclrtMemcpyKind::ACL_MEMCPY_HOST_TO_DEVICE
        )
    )
}

/// Blocking device-to-host copy into `dst`. It does not wait for queued
/// stream work (CANN 9): synchronize the producing stream first.
///
/// # Safety
/// `src` must be device memory with at least `dst.len()` bytes.
pub unsafe fn memcpy_d2h(lib: &AclLibrary, dst: &mut [u8], src: DevicePtr) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclrtMemcpy(
            dst.as_mut_ptr().cast(),
            dst.len(),
            src.as_raw().cast_const(),
            dst.len(),
            sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_HOST
        )
    )
}

/// Stream-ordered host-to-device copy of pageable memory (CANN copies it
/// before returning, so `src` may be dropped afterwards).
///
/// # Safety
/// `dst` must be device memory with at least `src.len()` bytes, and `s` a
/// live stream.
pub unsafe fn memcpy_h2d_async(
    lib: &AclLibrary,
    dst: DevicePtr,
    src: &[u8],
    s: RawStream,
) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclrtMemcpyAsync(
            dst.as_raw(),
            src.len(),
            src.as_ptr().cast(),
            src.len(),
            sys::aclrtMemcpyKind::ACL_MEMCPY_HOST_TO_DEVICE,
            s.0
        )
    )
}

/// Blocking device-to-device copy.
///
/// # Safety
/// Both pointers must be device memory with at least `len` bytes.
pub unsafe fn memcpy_d2d(
    lib: &AclLibrary,
    dst: DevicePtr,
    src: DevicePtr,
    len: usize,
) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclrtMemcpy(
            dst.as_raw(),
            len,
            src.as_raw().cast_const(),
            len,
            sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_DEVICE
        )
    )
}

/// Stream-ordered device-to-device copy.
///
/// # Safety
/// Both pointers must be device memory with at least `len` bytes, live
/// until the stream has run the copy, and `s` a live stream.
pub unsafe fn memcpy_d2d_async(
    lib: &AclLibrary,
    dst: DevicePtr,
    src: DevicePtr,
    len: usize,
    s: RawStream,
) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclrtMemcpyAsync(
            dst.as_raw(),
            len,
            src.as_raw().cast_const(),
            len,
            sys::aclrtMemcpyKind::ACL_MEMCPY_DEVICE_TO_DEVICE,
            s.0
        )
    )
}

// ---- Meta objects --------------------------------------------------------

/// `aclCreateTensor` (NULL is an error).
///
/// # Safety
/// `data` must be device memory holding `storage_dims`' product of
/// elements of `dtype`, 32-byte aligned.
#[allow(clippy::too_many_arguments)]
pub unsafe fn create_tensor(
    lib: &AclLibrary,
    shape: &[i64],
    dtype: sys::aclDataType::Type,
    strides: &[i64],
    offset: i64,
    storage_dims: &[i64],
    data: DevicePtr,
) -> Result<*mut sys::aclTensor, AclError> {
    let create = f!(lib, meta.aclCreateTensor)?;
    // SAFETY: the arrays are read (and copied) during the call only; their
    // lengths are passed alongside; `data` is the caller's promise.
    let t = unsafe {
        create(
            shape.as_ptr(),
            shape.len() as u64,
            dtype,
            strides.as_ptr(),
            offset,
            sys::aclFormat::ACL_FORMAT_ND,
            storage_dims.as_ptr(),
            storage_dims.len() as u64,
            data.as_raw(),
        )
    };
    null_check(lib, "aclCreateTensor", t)
}

/// `aclCreateScalar` of the host value at `value` (copied).
///
/// # Safety
/// `value` must point at a readable value of `dtype`.
pub unsafe fn create_scalar(
    lib: &AclLibrary,
    value: *const c_void,
    dtype: sys::aclDataType::Type,
) -> Result<*mut sys::aclScalar, AclError> {
    let create = f!(lib, meta.aclCreateScalar)?;
    // SAFETY: the value is read and copied during the call (caller's
    // promise that it is a readable `dtype`).
    let s = unsafe { create(value.cast_mut(), dtype) };
    null_check(lib, "aclCreateScalar", s)
}

/// `aclCreateIntArray` (the values are copied).
pub fn create_int_array(lib: &AclLibrary, v: &[i64]) -> Result<*mut sys::aclIntArray, AclError> {
    let create = f!(lib, meta.aclCreateIntArray)?;
    // SAFETY: `v` is a live slice read during the call; its length is
    // passed with it.
    let a = unsafe { create(v.as_ptr(), v.len() as u64) };
    null_check(lib, "aclCreateIntArray", a)
}

/// `aclCreateTensorList` over `tensors` (the list takes them over: it
/// destroys them when it is destroyed).
///
/// # Safety
/// Each pointer must be a live tensor from [`create_tensor`] that nothing
/// else destroys once the list exists.
pub unsafe fn create_tensor_list(
    lib: &AclLibrary,
    tensors: &[*mut sys::aclTensor],
) -> Result<*mut sys::aclTensorList, AclError> {
    let create = f!(lib, meta.aclCreateTensorList)?;
    let ptrs: Vec<*const sys::aclTensor> = tensors.iter().map(|t| t.cast_const()).collect();
    // SAFETY: `ptrs` is a live array of live tensors (caller's promise),
    // read during the call; its length is passed with it.
    let l = unsafe { create(ptrs.as_ptr(), ptrs.len() as u64) };
    null_check(lib, "aclCreateTensorList", l)
}

fn null_check<T>(lib: &AclLibrary, call: &str, p: *mut T) -> Result<*mut T, AclError> {
    if p.is_null() {
        Err(AclError::new(
            AclErrorKind::Status,
            call,
            None,
            format!("returned NULL: {}", recent_err_msg(lib)),
        ))
    } else {
        Ok(p)
    }
}

/// `aclDestroyTensor`.
///
/// # Safety
/// `t` must come from [`create_tensor`] and not be used afterwards.
pub unsafe fn destroy_tensor(lib: &AclLibrary, t: *mut sys::aclTensor) -> Result<(), AclError> {
    call!(lib, meta.aclDestroyTensor(t))
}

/// `aclDestroyScalar`.
///
/// # Safety
/// `s` must come from [`create_scalar`] and not be used afterwards.
pub unsafe fn destroy_scalar(lib: &AclLibrary, s: *mut sys::aclScalar) -> Result<(), AclError> {
    call!(lib, meta.aclDestroyScalar(s))
}

/// `aclDestroyIntArray`.
///
/// # Safety
/// `a` must come from [`create_int_array`] and not be used afterwards.
pub unsafe fn destroy_int_array(
    lib: &AclLibrary,
    a: *mut sys::aclIntArray,
) -> Result<(), AclError> {
    call!(lib, meta.aclDestroyIntArray(a))
}

/// `aclDestroyTensorList`, which also destroys the tensors in the list.
///
/// # Safety
/// `l` must come from [`create_tensor_list`] and not be used afterwards.
pub unsafe fn destroy_tensor_list(
    lib: &AclLibrary,
    l: *mut sys::aclTensorList,
) -> Result<(), AclError> {
    call!(lib, meta.aclDestroyTensorList(l))
}

/// `aclDestroyAclOpExecutor` (optional symbol; frees an executor whose
/// phase 2 is not run, as the 9.x source allows).
///
/// # Safety
/// `e` must come from a successful phase 1 and not be run or used
/// afterwards.
pub unsafe fn destroy_executor(
    lib: &AclLibrary,
    e: *mut sys::aclOpExecutor,
) -> Result<(), AclError> {
    call!(lib, meta.aclDestroyAclOpExecutor(e))
}

/// Whether the meta library has the repeatable-executor calls (CANN 8.x
/// and later; optional: the executor cache is off without them).
pub fn has_repeatable_executors(lib: &AclLibrary) -> bool {
    lib.meta.aclSetAclOpExecutorRepeatable.is_ok()
        && lib.meta.aclSetInputTensorAddr.is_ok()
        && lib.meta.aclSetOutputTensorAddr.is_ok()
}

/// `aclSetAclOpExecutorRepeatable`: called right after phase 1; CANN
/// refuses executors that copy inside (an error status, and the executor
/// stays an ordinary one-shot executor).
///
/// # Safety
/// `e` must come from a successful phase 1 not yet run.
pub unsafe fn set_repeatable(lib: &AclLibrary, e: *mut sys::aclOpExecutor) -> Result<(), AclError> {
    call!(lib, meta.aclSetAclOpExecutorRepeatable(e))
}

/// `aclSetInputTensorAddr` (`output` false) or `aclSetOutputTensorAddr`:
/// the device address of the `index`-th input (or output) tensor of a
/// repeatable executor, and of `t`, the descriptor phase 1 saw there.
///
/// # Safety
/// `e` must be a live repeatable executor and `t` the live descriptor
/// phase 1 was given at that position; `addr` must stay valid until the
/// stream has run the executor's next launch.
pub unsafe fn set_tensor_addr(
    lib: &AclLibrary,
    e: *mut sys::aclOpExecutor,
    output: bool,
    index: usize,
    t: *mut sys::aclTensor,
    addr: DevicePtr,
) -> Result<(), AclError> {
    if output {
        call!(lib, meta.aclSetOutputTensorAddr(e, index, t, addr.as_raw()))
    } else {
        call!(lib, meta.aclSetInputTensorAddr(e, index, t, addr.as_raw()))
    }
}

/// Whether the runtime has graph capture (`aclmdlRICaptureBegin` and
/// friends; CANN 8.x and later, optional).
pub fn has_capture(lib: &AclLibrary) -> bool {
    lib.rt.aclmdlRICaptureBegin.is_ok()
        && lib.rt.aclmdlRICaptureEnd.is_ok()
        && lib.rt.aclmdlRIExecuteAsync.is_ok()
        && lib.rt.aclmdlRIDestroy.is_ok()
}

/// `aclmdlRICaptureBegin(s, GLOBAL)`: work queued on `s` is recorded from
/// now on, not run.
pub fn capture_begin(lib: &AclLibrary, s: RawStream) -> Result<(), AclError> {
    call!(
        lib,
        rt.aclmdlRICaptureBegin(
            s.0,
            sys::aclmdlRICaptureMode::ACL_MODEL_RI_CAPTURE_MODE_GLOBAL
        )
    )
}

/// `aclmdlRICaptureEnd`: the model run instance of what was recorded.
pub fn capture_end(lib: &AclLibrary, s: RawStream) -> Result<sys::aclmdlRI, AclError> {
    let mut m: sys::aclmdlRI = std::ptr::null_mut();
    call!(lib, rt.aclmdlRICaptureEnd(s.0, &mut m))?;
    Ok(m)
}

/// `aclmdlRIExecuteAsync`: queues the recorded work on `s` again.
///
/// # Safety
/// `m` must be a live model run instance whose recorded device memory is
/// still allocated.
pub unsafe fn execute_model(
    lib: &AclLibrary,
    m: sys::aclmdlRI,
    s: RawStream,
) -> Result<(), AclError> {
    call!(lib, rt.aclmdlRIExecuteAsync(m, s.0))
}

/// `aclmdlRIDestroy`.
///
/// # Safety
/// `m` must be a live model run instance, not used after this.
pub unsafe fn destroy_model(lib: &AclLibrary, m: sys::aclmdlRI) -> Result<(), AclError> {
    call!(lib, rt.aclmdlRIDestroy(m))
}
