//! The safe layer (cudarc's `safe.rs`): RAII owners of CANN objects whose
//! `Drop` releases them, and the byte views of host storage used for
//! copies.
#![allow(unsafe_code)]

use std::ffi::c_void;
use std::sync::Arc;

use super::alloc::DeviceBuffer;
use super::loader::AclLibrary;
use super::result::{self, AclError, AclErrorKind, DevicePtr, RawEvent, RawStream};
use super::tensor::acl_dtype;
use xpush_cann::sys;
use xpush_core::dtype::{DType, WithDType};

/// A stream (`aclrtCreateStream`); dropping it synchronizes and destroys it.
#[derive(Debug)]
pub struct Stream {
    lib: Arc<AclLibrary>,
    raw: RawStream,
}

impl Stream {
    /// A new stream on the calling thread's device.
    pub fn new(lib: Arc<AclLibrary>) -> Result<Stream, AclError> {
        let raw = result::create_stream(&lib)?;
        Ok(Stream { lib, raw })
    }

    /// The handle.
    pub fn raw(&self) -> RawStream {
        self.raw
    }

    /// `aclrtSynchronizeStream`.
    pub fn synchronize(&self) -> Result<(), AclError> {
        result::synchronize_stream(&self.lib, self.raw)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        let _ = self.synchronize();
        // SAFETY: the stream is owned by `self` and synchronized; nothing
        // uses the handle after this.
        let _ = unsafe { result::destroy_stream(&self.lib, self.raw) };
    }
}

/// A timing event; dropping it destroys it.
#[derive(Debug)]
pub struct Event {
    lib: Arc<AclLibrary>,
    raw: RawEvent,
}

impl Event {
    /// A new timing event.
    pub fn new(lib: Arc<AclLibrary>) -> Result<Event, AclError> {
        let raw = result::create_timing_event(&lib)?;
        Ok(Event { lib, raw })
    }

    /// Records the event on `s`.
    pub fn record(&self, s: &Stream) -> Result<(), AclError> {
        result::record_event(&self.lib, self.raw, s.raw())
    }

    /// Milliseconds from `self` to `end` (both recorded and completed).
    pub fn elapsed_ms(&self, end: &Event) -> Result<f32, AclError> {
        result::elapsed_ms(&self.lib, self.raw, end.raw)
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: owned handle, not used after this.
        let _ = unsafe { result::destroy_event(&self.lib, self.raw) };
    }
}

/// One `aclrtMalloc` allocation; dropping it calls `aclrtFree`. The
/// caching allocator only drops one after synchronizing the stream.
#[derive(Debug)]
pub struct DeviceMemory {
    lib: Arc<AclLibrary>,
    ptr: DevicePtr,
    size: usize,
}

impl DeviceMemory {
    /// `aclrtMalloc(size)`; the start must be 32-byte aligned (CANN gives
    /// 64).
    pub fn alloc(lib: Arc<AclLibrary>, size: usize) -> Result<DeviceMemory, AclError> {
        let ptr = result::malloc(&lib, size.max(1))?;
        let mem = DeviceMemory { lib, ptr, size };
        if ptr.0 % 32 != 0 {
            return Err(AclError::new(
                AclErrorKind::Status,
                "aclrtMalloc",
                None,
                format!("returned {:#x}, not 32-byte aligned", ptr.0),
            ));
        }
        Ok(mem)
    }

    /// The start address.
    pub fn ptr(&self) -> DevicePtr {
        self.ptr
    }

    /// The size asked of `aclrtMalloc`.
    pub fn size(&self) -> usize {
        self.size
    }
}

impl Drop for DeviceMemory {
    fn drop(&mut self) {
        // SAFETY: the pointer came from aclrtMalloc and is owned by `self`;
        // the allocator synchronizes the stream before dropping a cached
        // block, so no queued work still uses it.
        let _ = unsafe { result::free(&self.lib, self.ptr) };
    }
}

/// Copies `src` to `dst` (blocking; does not wait for queued stream work).
pub fn upload_sync(lib: &AclLibrary, dst: &DeviceBuffer, src: &[u8]) -> Result<(), AclError> {
    check_fits(dst, 0, src.len())?;
    // SAFETY: `dst` is a live device buffer of at least `src.len()` bytes
    // (checked above).
    unsafe { result::memcpy_h2d(lib, dst.ptr(), src) }
}

/// Copies `src` to `dst` in stream order.
pub fn upload(
    lib: &AclLibrary,
    dst: &DeviceBuffer,
    src: &[u8],
    s: &Stream,
) -> Result<(), AclError> {
    check_fits(dst, 0, src.len())?;
    // SAFETY: as in `upload_sync`; the stream is live while `s` is.
    unsafe { result::memcpy_h2d_async(lib, dst.ptr(), src, s.raw()) }
}

/// Copies the first `dst.len()` bytes of `src` to the host. Blocking, and
/// NOT ordered after queued stream work: synchronize first.
pub fn download_unsynchronized(
    lib: &AclLibrary,
    dst: &mut [u8],
    src: &DeviceBuffer,
) -> Result<(), AclError> {
    check_fits(src, 0, dst.len())?;
    // SAFETY: `src` is a live device buffer of at least `dst.len()` bytes.
    unsafe { result::memcpy_d2h(lib, dst, src.ptr()) }
}

fn check_fits(buf: &DeviceBuffer, offset: usize, len: usize) -> Result<(), AclError> {
    if offset + len > buf.len() {
        return Err(AclError::new(
            AclErrorKind::Status,
            "copy",
            None,
            format!(
                "{len} bytes at offset {offset} overrun a {}-byte device buffer",
                buf.len()
            ),
        ));
    }
    Ok(())
}

/// An `aclTensor`; destroyed on drop (right after phase 2 returns).
#[derive(Debug)]
pub struct TensorDesc<'a> {
    lib: &'a AclLibrary,
    raw: *mut sys::aclTensor,
}

impl<'a> TensorDesc<'a> {
    /// A tensor over `buf` viewed with `shape`, `strides` and `offset` (in
    /// elements); the storage dims are `[buf.len() / itemsize]` (torch_npu's
    /// choice). Checks that the view stays inside the buffer and that no
    /// stride is negative.
    pub fn new(
        lib: &'a AclLibrary,
        buf: &DeviceBuffer,
        dtype: DType,
        shape: &[usize],
        strides: &[isize],
        offset: usize,
    ) -> Result<TensorDesc<'a>, AclError> {
        let item = dtype.itemsize();
        let storage_len = buf.len() / item;
        let bad = |m: String| AclError::new(AclErrorKind::Status, "aclCreateTensor", None, m);
        if strides.len() != shape.len() {
            return Err(bad("strides and shape differ in length".into()));
        }
        let empty = shape.contains(&0);
        let mut hi = offset;
        for (&n, &s) in shape.iter().zip(strides) {
            if s < 0 {
                return Err(bad("negative strides are not passed to aclnn".into()));
            }
            if n > 0 {
                hi += (n - 1) * s as usize;
            }
        }
        if !empty && hi >= storage_len.max(1) {
            return Err(bad(format!(
                "view reaches element {hi} of a {storage_len}-element buffer"
            )));
        }
        let shape: Vec<i64> = shape.iter().map(|&n| n as i64).collect();
        let strides: Vec<i64> = strides.iter().map(|&s| s as i64).collect();
        // SAFETY: `buf` is live device memory of `storage_len` elements of
        // `dtype` (the allocator hands out >= 32-byte aligned starts) and
        // the view was checked to stay inside it.
        let raw = unsafe {
            result::create_tensor(
                lib,
                &shape,
                acl_dtype(dtype),
                &strides,
                offset as i64,
                &[storage_len as i64],
                buf.ptr(),
            )
        }?;
        Ok(TensorDesc { lib, raw })
    }

    /// The handle.
    pub fn as_ptr(&self) -> *mut sys::aclTensor {
        self.raw
    }
}

impl Drop for TensorDesc<'_> {
    fn drop(&mut self) {
        // SAFETY: owned handle from aclCreateTensor, not used after this;
        // CANN allows destroying it once phase 2 has returned.
        let _ = unsafe { result::destroy_tensor(self.lib, self.raw) };
    }
}

/// An `aclScalar` (a host value, copied); destroyed on drop.
#[derive(Debug)]
pub struct ScalarDesc<'a> {
    lib: &'a AclLibrary,
    raw: *mut sys::aclScalar,
}

impl<'a> ScalarDesc<'a> {
    /// A scalar of `v`'s dtype.
    pub fn new<T: WithDType>(lib: &'a AclLibrary, v: T) -> Result<ScalarDesc<'a>, AclError> {
        // SAFETY: `v` is a live value of T, whose dtype is the one passed.
        let raw = unsafe {
            result::create_scalar(lib, (&v as *const T).cast::<c_void>(), acl_dtype(T::DTYPE))
        }?;
        Ok(ScalarDesc { lib, raw })
    }

    /// The handle.
    pub fn as_ptr(&self) -> *mut sys::aclScalar {
        self.raw
    }
}

impl Drop for ScalarDesc<'_> {
    fn drop(&mut self) {
        // SAFETY: owned handle, not used after this.
        let _ = unsafe { result::destroy_scalar(self.lib, self.raw) };
    }
}

/// An `aclIntArray` (axes); destroyed on drop.
#[derive(Debug)]
pub struct IntArrayDesc<'a> {
    lib: &'a AclLibrary,
    raw: *mut sys::aclIntArray,
}

impl<'a> IntArrayDesc<'a> {
    /// An int array of `v` (copied).
    pub fn new(lib: &'a AclLibrary, v: &[i64]) -> Result<IntArrayDesc<'a>, AclError> {
        Ok(IntArrayDesc {
            lib,
            raw: result::create_int_array(lib, v)?,
        })
    }

    /// The handle.
    pub fn as_ptr(&self) -> *mut sys::aclIntArray {
        self.raw
    }
}

impl Drop for IntArrayDesc<'_> {
    fn drop(&mut self) {
        // SAFETY: owned handle, not used after this.
        let _ = unsafe { result::destroy_int_array(self.lib, self.raw) };
    }
}

/// An `aclTensorList` (the index tensors of a scatter), which owns its
/// tensors: CANN's `aclDestroyTensorList` destroys them with the list, so
/// the [`TensorDesc`]s handed to [`TensorListDesc::new`] are not
/// destroyed again on their own.
#[derive(Debug)]
pub struct TensorListDesc<'a> {
    lib: &'a AclLibrary,
    raw: *mut sys::aclTensorList,
}

impl<'a> TensorListDesc<'a> {
    /// A list of `tensors`, which it takes over. If the list cannot be
    /// made, the tensors are destroyed as usual.
    pub fn new(
        lib: &'a AclLibrary,
        tensors: Vec<TensorDesc<'a>>,
    ) -> Result<TensorListDesc<'a>, AclError> {
        let ptrs: Vec<*mut sys::aclTensor> = tensors.iter().map(TensorDesc::as_ptr).collect();
        // SAFETY: live tensors from aclCreateTensor; on success the list
        // owns them and they are forgotten below, so each is destroyed
        // once (by aclDestroyTensorList).
        let raw = unsafe { result::create_tensor_list(lib, &ptrs) }?;
        for t in tensors {
            std::mem::forget(t);
        }
        Ok(TensorListDesc { lib, raw })
    }

    /// The handle.
    pub fn as_ptr(&self) -> *mut sys::aclTensorList {
        self.raw
    }
}

impl Drop for TensorListDesc<'_> {
    fn drop(&mut self) {
        // SAFETY: owned handle (and, through it, its tensors), not used
        // after this.
        let _ = unsafe { result::destroy_tensor_list(self.lib, self.raw) };
    }
}

/// An executor after a successful phase 1, waiting for phase 2. Phase 2
/// consumes it; dropped unrun, it is freed with `aclDestroyAclOpExecutor`.
#[derive(Debug)]
pub struct Prepared<'a> {
    lib: &'a AclLibrary,
    name: &'static str,
    run: <sys::aclnnRun_t as super::loader::FnPtr>::Inner,
    workspace: u64,
    exec: *mut sys::aclOpExecutor,
}

impl<'a> Prepared<'a> {
    /// Checks phase 1's status and wraps its executor.
    pub(crate) fn new(
        lib: &'a AclLibrary,
        name: &'static str,
        run: <sys::aclnnRun_t as super::loader::FnPtr>::Inner,
        status: i32,
        workspace: u64,
        exec: *mut sys::aclOpExecutor,
    ) -> Result<Prepared<'a>, AclError> {
        let call = format!("{name}GetWorkspaceSize");
        result::check(lib, &call, status)?;
        if exec.is_null() {
            return Err(AclError::new(
                AclErrorKind::Status,
                call,
                None,
                "returned success without an executor",
            ));
        }
        Ok(Prepared {
            lib,
            name,
            run,
            workspace,
            exec,
        })
    }

    /// The op name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Bytes of device workspace phase 2 needs.
    pub fn workspace_size(&self) -> u64 {
        self.workspace
    }

    /// Phase 2: enqueues the op on `stream` with `workspace` (at least
    /// [`workspace_size`](Self::workspace_size) bytes, or `None` when that
    /// is 0). The executor is consumed whatever the outcome.
    pub fn run(
        mut self,
        workspace: Option<&DeviceBuffer>,
        stream: &Stream,
    ) -> Result<(), AclError> {
        let (ptr, len) = match workspace {
            Some(b) => (b.ptr().as_raw(), b.len() as u64),
            None => (std::ptr::null_mut(), 0),
        };
        if len < self.workspace {
            return Err(AclError::new(
                AclErrorKind::Status,
                self.name,
                None,
                format!("workspace of {len} bytes, {} needed", self.workspace),
            ));
        }
        let exec = std::mem::replace(&mut self.exec, std::ptr::null_mut());
        // SAFETY: `exec` came from this op's phase 1 and is handed over
        // exactly once (the field is cleared, so Drop does not free it);
        // the workspace is live device memory of at least the size phase 1
        // asked for, kept alive by the caller until the stream passes it.
        let status = unsafe { (self.run)(ptr, self.workspace, exec, stream.raw().0) };
        result::check(self.lib, self.name, status)
    }
}

impl Drop for Prepared<'_> {
    fn drop(&mut self) {
        if !self.exec.is_null() {
            // SAFETY: an executor from phase 1 that phase 2 never consumed;
            // not used after this.
            let _ = unsafe { result::destroy_executor(self.lib, self.exec) };
        }
    }
}
