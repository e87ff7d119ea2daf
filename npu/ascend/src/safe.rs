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

/// Copies all of `src` into `dst` (at least as long) in stream order.
pub fn copy_d2d(
    lib: &AclLibrary,
    dst: &DeviceBuffer,
    src: &DeviceBuffer,
    s: &Stream,
) -> Result<(), AclError> {
    check_fits(dst, 0, src.len())?;
    // SAFETY: both are live device buffers, `dst` at least `src.len()`
    // bytes long (checked above); the caller keeps them alive until the
    // stream has passed the copy (the pool synchronizes before it frees).
    unsafe { result::memcpy_d2d_async(lib, dst.ptr(), src.ptr(), src.len(), s.raw()) }
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
        ScalarDesc::from_bytes(lib, T::DTYPE, T::wrap_vec(vec![v]).as_bytes())
    }

    /// A scalar of `dtype` whose value is `bytes` (native order).
    pub fn from_bytes(
        lib: &'a AclLibrary,
        dtype: DType,
        bytes: &[u8],
    ) -> Result<ScalarDesc<'a>, AclError> {
        if bytes.len() != dtype.itemsize() {
            return Err(AclError::new(
                AclErrorKind::Status,
                "aclCreateScalar",
                None,
                format!("{} bytes for a {dtype} scalar", bytes.len()),
            ));
        }
        // SAFETY: `bytes` holds one readable value of `dtype` (length
        // checked above); CANN copies it.
        let raw = unsafe {
            result::create_scalar(lib, bytes.as_ptr().cast::<c_void>(), acl_dtype(dtype))
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

/// A CANN object phase 1 was given, owned raw once phase 1 has run (so an
/// executor kept for reuse keeps the descriptors it refers to).
#[derive(Debug)]
pub enum Meta {
    /// An `aclTensor`.
    Tensor(*mut sys::aclTensor),
    /// An `aclScalar`.
    Scalar(*mut sys::aclScalar),
    /// An `aclIntArray`.
    IntArray(*mut sys::aclIntArray),
    /// An `aclTensorList` (and its tensors).
    TensorList(*mut sys::aclTensorList),
    /// A value passed by value: nothing to free.
    Value,
}

/// A descriptor given up to a [`Metas`] set.
pub trait IntoMeta {
    /// The raw handle, no longer destroyed on its own.
    fn into_meta(self) -> Meta;
}

/// Gives a descriptor's handle up to a [`Metas`] set, which destroys it
/// (the RAII owner is forgotten, so it is destroyed once).
macro_rules! into_meta {
    ($($t:ident => $v:ident),*) => {$(
        impl IntoMeta for $t<'_> {
            fn into_meta(self) -> Meta {
                let raw = self.raw;
                std::mem::forget(self);
                Meta::$v(raw)
            }
        }
    )*};
}
into_meta!(TensorDesc => Tensor, ScalarDesc => Scalar, IntArrayDesc => IntArray, TensorListDesc => TensorList);

impl IntoMeta for Option<TensorDesc<'_>> {
    fn into_meta(self) -> Meta {
        self.map_or(Meta::Value, IntoMeta::into_meta)
    }
}

macro_rules! value_meta {
    ($($t:ty),*) => {$(
        impl IntoMeta for $t {
            fn into_meta(self) -> Meta {
                Meta::Value
            }
        }
    )*};
}
value_meta!(bool, i8, i32, i64);

/// The CANN objects of one phase-1 call, in argument order; destroyed
/// together on drop.
#[derive(Debug)]
pub struct Metas {
    lib: Arc<AclLibrary>,
    items: Vec<Meta>,
}

// SAFETY: the handles are plain pointers to CANN objects that no other
// owner has; CANN's meta objects are not tied to a thread, and a set is
// used by one thread at a time (moved, never shared).
unsafe impl Send for Metas {}

impl Metas {
    /// Owns `items`.
    pub fn new(lib: Arc<AclLibrary>, items: Vec<Meta>) -> Metas {
        Metas { lib, items }
    }

    /// The `k`-th tensor, in argument order.
    fn tensor(&self, k: usize) -> Option<*mut sys::aclTensor> {
        self.items
            .iter()
            .filter_map(|m| match m {
                Meta::Tensor(t) => Some(*t),
                _ => None,
            })
            .nth(k)
    }
}

impl Drop for Metas {
    fn drop(&mut self) {
        for m in self.items.drain(..) {
            // SAFETY: each handle was made by the matching aclCreate* and
            // given up by its RAII owner to this set, so it is destroyed
            // once, here; an executor using them is destroyed first (the
            // `Executor` owning this set frees its executor before its
            // fields drop).
            let _ = unsafe {
                match m {
                    Meta::Tensor(t) => result::destroy_tensor(&self.lib, t),
                    Meta::Scalar(s) => result::destroy_scalar(&self.lib, s),
                    Meta::IntArray(a) => result::destroy_int_array(&self.lib, a),
                    Meta::TensorList(l) => result::destroy_tensor_list(&self.lib, l),
                    Meta::Value => Ok(()),
                }
            };
        }
    }
}

/// Phase 2 of an op.
pub type RunFn = <sys::aclnnRun_t as super::loader::FnPtr>::Inner;

/// An executor after a successful phase 1, with the descriptors it read.
/// A one-shot executor is consumed by its phase 2; a repeatable one
/// ([`make_repeatable`](Self::make_repeatable)) survives it and can run
/// again with other device addresses. Dropped, the executor is freed with
/// `aclDestroyAclOpExecutor`, then its descriptors.
#[derive(Debug)]
pub struct Executor {
    lib: Arc<AclLibrary>,
    raw: *mut sys::aclOpExecutor,
    repeatable: bool,
    metas: Metas,
}

// SAFETY: an executor is a heap object of CANN's owned by this value
// alone; it is used by one thread at a time (moved between the launching
// thread and the device's cache, never shared).
unsafe impl Send for Executor {}

impl Executor {
    /// Checks phase 1's status and owns its executor and descriptors
    /// (freed here when phase 1 failed).
    pub(crate) fn new(
        lib: Arc<AclLibrary>,
        name: &str,
        status: i32,
        raw: *mut sys::aclOpExecutor,
        metas: Metas,
    ) -> Result<Executor, AclError> {
        let call = format!("{name}GetWorkspaceSize");
        result::check(&lib, &call, status)?;
        if raw.is_null() {
            return Err(AclError::new(
                AclErrorKind::Status,
                call,
                None,
                "returned success without an executor",
            ));
        }
        Ok(Executor {
            lib,
            raw,
            repeatable: false,
            metas,
        })
    }

    /// `aclSetAclOpExecutorRepeatable`, which CANN allows right after
    /// phase 1 only (so only before the first run) and refuses for ops
    /// that copy inside.
    pub fn make_repeatable(&mut self) -> Result<(), AclError> {
        // SAFETY: a live executor from a successful phase 1; callers make
        // it repeatable before its first run (the only caller does so
        // right after phase 1).
        unsafe { result::set_repeatable(&self.lib, self.raw) }?;
        self.repeatable = true;
        Ok(())
    }

    /// Whether it survives phase 2.
    pub fn is_repeatable(&self) -> bool {
        self.repeatable
    }

    /// Points the `index`-th input (or output, with `output`) tensor of a
    /// repeatable executor at `addr`; `k` is that tensor's position among
    /// all tensor arguments (which descriptor phase 1 saw there).
    pub fn set_tensor_addr(
        &mut self,
        output: bool,
        index: usize,
        k: usize,
        addr: DevicePtr,
    ) -> Result<(), AclError> {
        let tensor = self.metas.tensor(k).filter(|_| self.repeatable);
        let Some(t) = tensor else {
            return Err(AclError::new(
                AclErrorKind::Status,
                "aclSetInputTensorAddr",
                None,
                format!("no tensor {k}, or the executor is not repeatable"),
            ));
        };
        // SAFETY: a live repeatable executor and the live descriptor phase
        // 1 saw at this position; the caller keeps `addr` alive until the
        // stream has run the next launch.
        unsafe { result::set_tensor_addr(&self.lib, self.raw, output, index, t, addr) }
    }

    /// Phase 2: enqueues the op on `stream` with the `workspace_size`
    /// bytes at `workspace` (at least what phase 1 asked for). A one-shot
    /// executor is consumed whatever the outcome (`None` back); a
    /// repeatable one comes back for reuse when phase 2 succeeded.
    pub fn run(
        mut self,
        name: &str,
        run: RunFn,
        workspace: Option<&DeviceBuffer>,
        workspace_size: u64,
        stream: &Stream,
    ) -> (Result<(), AclError>, Option<Executor>) {
        let (ptr, len) = match workspace {
            Some(b) => (b.ptr().as_raw(), b.len() as u64),
            None => (std::ptr::null_mut(), 0),
        };
        if len < workspace_size {
            let e = AclError::new(
                AclErrorKind::Status,
                name,
                None,
                format!("workspace of {len} bytes, {workspace_size} needed"),
            );
            return (Err(e), None);
        }
        let raw = if self.repeatable {
            self.raw
        } else {
            // Handed over: Drop must not free it again.
            std::mem::replace(&mut self.raw, std::ptr::null_mut())
        };
        // SAFETY: `raw` came from this op's phase 1 and, unless
        // repeatable, is handed over once (the field is cleared); the
        // workspace is live device memory of at least the size phase 1
        // asked for, kept alive by the caller until the stream passes it.
        let status = unsafe { run(ptr, workspace_size, raw, stream.raw().0) };
        let outcome = result::check(&self.lib, name, status);
        // CANN keeps a repeatable executor after phase 2 whatever the
        // outcome; one that failed is freed (by Drop) rather than reused.
        let back = (self.repeatable && outcome.is_ok()).then_some(self);
        (outcome, back)
    }
}

impl Drop for Executor {
    fn drop(&mut self) {
        if !self.raw.is_null() {
            // SAFETY: an executor from phase 1 that is still ours (never
            // handed to a one-shot phase 2); not used after this. Its
            // descriptors (`metas`) are dropped after this body.
            let _ = unsafe { result::destroy_executor(&self.lib, self.raw) };
        }
    }
}

/// A captured model run instance (`aclmdlRI`): the work queued on a stream
/// between `aclmdlRICaptureBegin` and `End`, replayed with the device
/// addresses it was recorded with. It keeps the workspaces its ops used
/// and every buffer they read or wrote, so no address it replays with
/// goes back to the pool while it lives (a temporary freed during the
/// capture would otherwise be handed to a later array and overwritten by
/// the next replay). Destroyed on drop.
#[derive(Debug)]
pub struct Graph {
    lib: Arc<AclLibrary>,
    raw: sys::aclmdlRI,
    kept: Vec<DeviceBuffer>,
    buffers: Vec<GraphBuffer>,
    launches: usize,
}

/// A buffer a graph's work reads or writes.
#[derive(Debug)]
pub struct GraphBuffer {
    /// The buffer, kept alive by the graph.
    pub buf: Arc<DeviceBuffer>,
    /// Whether the graph writes it (an op's output, a copy's destination).
    pub written: bool,
    /// Whether it was allocated while the graph was captured (a temporary
    /// or result of the captured work, not an array that existed before).
    pub fresh: bool,
}

// SAFETY: a model run instance is a runtime handle owned by this value
// alone, used by one thread at a time.
unsafe impl Send for Graph {}

impl Graph {
    pub(crate) fn new(
        lib: Arc<AclLibrary>,
        raw: sys::aclmdlRI,
        kept: Vec<DeviceBuffer>,
        buffers: Vec<GraphBuffer>,
        launches: usize,
    ) -> Graph {
        Graph {
            lib,
            raw,
            kept,
            buffers,
            launches,
        }
    }

    /// The buffers its work reads or writes, in the order first touched.
    pub fn buffers(&self) -> &[GraphBuffer] {
        &self.buffers
    }

    /// How many aclnn launches it holds.
    pub fn launches(&self) -> usize {
        self.launches
    }

    /// Bytes of workspace it keeps.
    pub fn kept_bytes(&self) -> usize {
        self.kept.iter().map(DeviceBuffer::len).sum()
    }

    /// Queues the recorded work on `s` again (`aclmdlRIExecuteAsync`).
    pub fn replay(&self, s: &Stream) -> Result<(), AclError> {
        // SAFETY: a live model; its workspaces and every buffer its work
        // reads or writes are kept by `self`.
        unsafe { result::execute_model(&self.lib, self.raw, s.raw()) }
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        // SAFETY: owned handle, not used after this.
        let _ = unsafe { result::destroy_model(&self.lib, self.raw) };
    }
}
