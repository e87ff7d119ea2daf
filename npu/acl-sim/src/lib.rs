//! acl-sim: CANN's C ABI implemented on the host, for testing xpush's
//! `ascend` backend without an NPU (DESIGN §4). Build it and point
//! `XPUSH_ACL_LIB` at `target/<profile>/libxpush_acl_sim.so`.
//!
//! It exports every symbol `npu/include/xpush_acl.h` declares (the aclnn
//! phase-1 exports are type-checked against the header's typedefs in
//! `ops.rs`), and behaves like the device where bugs hide:
//! - device pointers are addresses in a private, unmapped range
//!   (`0x00A0_0000_0000_0000` up), backed by host buffers the library keeps;
//!   dereferencing one from the host faults, and every copy checks that its
//!   pointers and `aclrtMemcpyKind` agree;
//! - new allocations are filled with a poison byte (device memory is not
//!   zeroed);
//! - work on a stream (aclnn phase 2, async copies, event records) runs on
//!   `aclrtSynchronizeStream`, not at the call, and a blocking `aclrtMemcpy`
//!   does not wait for it (as on CANN 9): a missing synchronize gives a
//!   wrong answer;
//! - each `aclnnXxxGetWorkspaceSize` checks dtypes against the 910B's
//!   (Atlas A2) lists and returns 161002 with a recent-error message; the
//!   reductions, matmul and sort ask for a workspace; phase 2 consumes the
//!   executor, and running a consumed executor again is an error;
//! - executors can be made repeatable (`aclSetAclOpExecutorRepeatable`),
//!   then run many times with the device addresses of their tensors swapped
//!   (`aclSetInputTensorAddr`, `aclSetOutputTensorAddr`); as on CANN, ops
//!   that copy inside (`aclnnInplaceCopy`'s same-address view copy) or take
//!   a tensor list refuse;
//! - graph capture (`aclmdlRICaptureBegin`/`End`, `aclmdlRIExecuteAsync`,
//!   `aclmdlRIDestroy`): work queued on a capturing stream is recorded, not
//!   run; a replay queues it again with the addresses it was recorded
//!   with, so replaying after a buffer was freed fails at the next
//!   synchronize; synchronizing a capturing stream, blocking copies and
//!   memsets, and async copies from host memory are refused during a
//!   capture (except in `RELAXED` mode);
//! - it always reports itself as simulated (`aclrtGetSocName` is
//!   `Ascend910B-sim`, CANN `9.0.0 (acl-sim)`);
//! - a phase 1 the kernel facts (`npu/cann/kernel-facts.md`, and
//!   `XPUSH_KERNEL_FACTS`) list as failing on this SoC and version fails
//!   with the row's status.
//!
//! Costs, off by default so tests stay fast: `XPUSH_ACL_SIM_PLAN_US`
//! (host µs each phase 1 spends, ten times that on an op's first call in
//! the process, as CANN's first `GetWorkspaceSize` of an op is much
//! slower) and `XPUSH_ACL_SIM_LAUNCH_US` (device µs per kernel, spent when
//! the stream runs it). `XPUSH_ACL_SIM_STATS=1` prints, at `aclFinalize`,
//! each op's phase-1 calls and kernel runs to stderr ([`stats`] gives them
//! to tests in the process).
//!
//! Environment: `XPUSH_ACL_SIM_MEM` (device bytes, default 16 GiB),
//! `XPUSH_ACL_SIM_DEVICES` (device count, default 1),
//! `XPUSH_ACL_SIM_FAULT` (perturb the output of every run of one op, for
//! the verification tools to catch: `aclnnAdd` flips a high bit of the
//! first element; `aclnnAdd:rel=0.001` multiplies every element by
//! 1.001, `aclnnAdd:abs=1e-6` adds 1e-6 to each, and `:every=N` after
//! either touches only every N-th element in C order, from the first;
//! `aclnnAdd:fail` makes the kernel fail when the stream runs it, so the
//! error surfaces at the next synchronize, and `aclnnAdd:plan` makes its
//! phase 1 refuse the call; see [`ops::Fault`]).
//!
//! The kernels are the cpu backend's (`xpush-cpu`, NumPy's semantics in
//! `host.rs`), run on the views the descriptors describe. acl-sim uses
//! `xpush-core`, `xpush-cpu` and `xpush-cann` (the declarations it
//! implements and the dtypes each op accepts), nothing of the ascend
//! backend.
// The whole crate is a C ABI; the exported functions are CANN's, documented
// by CANN and declared in npu/include/xpush_acl.h.
#![allow(unsafe_code, missing_docs)]
#![allow(clippy::missing_safety_doc)]

mod host;
mod ops;

// The meta and aclnn exports, for tests calling the ABI through the rlib.
pub use ops::*;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::ffi::{c_char, c_void, CString};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use xpush_cann::sys::{self, aclDataType, aclError};

/// First simulated device address; the range is not mapped in the process.
pub const DEVICE_BASE: usize = 0x00A0_0000_0000_0000;
/// Byte new device memory is filled with.
pub const POISON: u8 = 0xA5;
/// What `aclrtGetSocName` returns.
pub const SOC_NAME: &str = "Ascend910B-sim";
/// What `aclsysGetCANNVersion` returns (the kernel facts match on it).
pub const CANN_VERSION: &str = "9.0.0 (acl-sim)";

static SOC: &[u8] = b"Ascend910B-sim\0";

/// Work queued on a stream; shared, so a captured model can run it again.
type Task = std::sync::Arc<dyn Fn(&mut Sim) -> Result<(), String> + Send + Sync>;

/// The simulated device memory.
#[derive(Default)]
pub(crate) struct Arena {
    blocks: BTreeMap<usize, Vec<u8>>,
    next: usize,
    used: usize,
    limit: usize,
    /// While a repeatable executor's kernel runs: `(address at phase 1,
    /// address now, bytes)` of each tensor whose address was swapped. The
    /// kernel was built with the phase-1 addresses; reads and writes go
    /// to the new ones.
    pub(crate) remap: Vec<(usize, usize, usize)>,
}

impl Arena {
    fn is_device(&self, addr: usize) -> bool {
        (DEVICE_BASE..DEVICE_BASE + (1 << 52)).contains(&addr)
    }

    /// `addr` through [`remap`](Self::remap).
    fn translate(&self, addr: usize) -> usize {
        for &(from, to, len) in &self.remap {
            if addr >= from && addr < from + len.max(1) {
                return to + (addr - from);
            }
        }
        addr
    }

    fn locate(&self, addr: usize, len: usize) -> Result<(usize, usize), String> {
        let addr = self.translate(addr);
        let (&base, block) =
            self.blocks.range(..=addr).next_back().ok_or_else(|| {
                format!("{addr:#x} is not device memory (never allocated, or freed)")
            })?;
        let off = addr - base;
        if off + len > block.len() {
            return Err(format!(
                "{len} bytes at {addr:#x} overrun the {}-byte allocation at {base:#x} (freed or out of bounds)",
                block.len()
            ));
        }
        Ok((base, off))
    }

    /// The `len` bytes at device address `addr`.
    pub(crate) fn slice(&self, addr: usize, len: usize) -> Result<&[u8], String> {
        let (base, off) = self.locate(addr, len)?;
        Ok(&self.blocks[&base][off..off + len])
    }

    /// The `len` bytes at device address `addr`, writable.
    pub(crate) fn slice_mut(&mut self, addr: usize, len: usize) -> Result<&mut [u8], String> {
        let (base, off) = self.locate(addr, len)?;
        let block = self.blocks.get_mut(&base).ok_or("vanished")?;
        Ok(&mut block[off..off + len])
    }
}

/// The simulator's state.
pub(crate) struct Sim {
    pub(crate) arena: Arena,
    streams: HashMap<usize, Vec<Task>>,
    events: HashMap<usize, Option<Instant>>,
    next_handle: usize,
    inits: u32,
    devices: u32,
    sticky: Option<String>,
    pub(crate) fault: Option<ops::Fault>,
    /// Live executors by handle (the `aclOpExecutor*` is the handle).
    pub(crate) executors: HashMap<usize, ops::Executor>,
    /// Handles of executors a phase 2 consumed, to name the mistake when
    /// one is run again.
    pub(crate) consumed: std::collections::HashSet<usize>,
    pub(crate) costs: Costs,
    /// Per op: phase-1 calls and kernel runs (`XPUSH_ACL_SIM_STATS`).
    pub(crate) counts: BTreeMap<&'static str, (u64, u64)>,
    /// Streams being captured (`aclmdlRICaptureBegin`): the capture mode
    /// and the work recorded so far instead of queued.
    captures: HashMap<usize, (sys::aclmdlRICaptureMode::Type, Vec<Task>)>,
    /// Captured model run instances by handle.
    models: HashMap<usize, Vec<Task>>,
}

/// The modelled costs (microseconds; 0 = none).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Costs {
    pub(crate) plan_us: u64,
    pub(crate) launch_us: u64,
}

/// Busy-waits `us` microseconds (a sleep would be far coarser).
pub(crate) fn spend(us: u64) {
    if us == 0 {
        return;
    }
    let end = Instant::now() + std::time::Duration::from_micros(us);
    while Instant::now() < end {
        std::hint::spin_loop();
    }
}

/// The report `XPUSH_ACL_SIM_STATS` asks for, on stderr.
#[allow(clippy::print_stderr)]
fn print_stats(counts: &BTreeMap<&'static str, (u64, u64)>) {
    for (op, (plans, runs)) in counts {
        eprintln!("acl-sim: {op}: {plans} phase 1, {runs} runs");
    }
}

/// Each op's phase-1 calls and kernel runs so far in this process, by
/// name (what `XPUSH_ACL_SIM_STATS=1` prints).
pub fn stats() -> Vec<(String, u64, u64)> {
    sim()
        .counts
        .iter()
        .map(|(k, &(p, r))| (k.to_string(), p, r))
        .collect()
}

fn env_usize(k: &str) -> Option<usize> {
    std::env::var(k).ok().and_then(|v| v.trim().parse().ok())
}

fn sim() -> MutexGuard<'static, Sim> {
    static SIM: OnceLock<Mutex<Sim>> = OnceLock::new();
    SIM.get_or_init(|| {
        Mutex::new(Sim {
            arena: Arena {
                next: DEVICE_BASE,
                limit: env_usize("XPUSH_ACL_SIM_MEM").unwrap_or(16 << 30),
                ..Arena::default()
            },
            streams: HashMap::new(),
            events: HashMap::new(),
            next_handle: 0x5100,
            inits: 0,
            devices: env_usize("XPUSH_ACL_SIM_DEVICES").unwrap_or(1) as u32,
            sticky: None,
            fault: std::env::var("XPUSH_ACL_SIM_FAULT")
                .ok()
                .map(|v| ops::Fault::parse(&v)),
            executors: HashMap::new(),
            consumed: Default::default(),
            costs: Costs {
                plan_us: env_usize("XPUSH_ACL_SIM_PLAN_US").unwrap_or(0) as u64,
                launch_us: env_usize("XPUSH_ACL_SIM_LAUNCH_US").unwrap_or(0) as u64,
            },
            counts: BTreeMap::new(),
            captures: HashMap::new(),
            models: HashMap::new(),
        })
    })
    .lock()
    .unwrap_or_else(|e| e.into_inner())
}

thread_local! {
    static DEVICE: Cell<i32> = const { Cell::new(-1) };
    static LAST_ERR: RefCell<Option<CString>> = const { RefCell::new(None) };
    static RETURNED_ERR: RefCell<Option<CString>> = const { RefCell::new(None) };
}

/// Records `msg` for `aclGetRecentErrMsg` and returns `code`.
pub(crate) fn fail(code: i32, msg: impl Into<String>) -> i32 {
    let msg = msg.into().replace('\0', " ");
    LAST_ERR.with(|l| *l.borrow_mut() = CString::new(format!("[acl-sim] {msg}")).ok());
    code
}

fn need_device() -> Result<(), i32> {
    if DEVICE.with(Cell::get) < 0 {
        return Err(fail(
            sys::ACL_ERROR_RT_CONTEXT_NULL,
            "no device set on this thread (call aclrtSetDevice first)",
        ));
    }
    Ok(())
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(code) => return code,
        }
    };
}

impl Sim {
    pub(crate) fn handle(&mut self) -> usize {
        self.next_handle += 0x10;
        self.next_handle
    }

    /// An error status when a call that must not run during a capture
    /// (a blocking copy or memset, an async copy from host memory, which
    /// would record a host pointer) meets one in a strict mode.
    fn refuse_while_capturing(&self, what: &str) -> Result<(), i32> {
        let strict = self
            .captures
            .values()
            .any(|(mode, _)| *mode != sys::aclmdlRICaptureMode::ACL_MODEL_RI_CAPTURE_MODE_RELAXED);
        if strict {
            return Err(fail(
                sys::ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                format!("{what} is not allowed while a stream is captured (aclmdlRICaptureBegin)"),
            ));
        }
        Ok(())
    }

    fn run_stream(&mut self, s: usize) -> Result<(), String> {
        let tasks = self
            .streams
            .get_mut(&s)
            .map(std::mem::take)
            .unwrap_or_default();
        for t in tasks {
            if let Err(e) = t(self) {
                self.sticky.get_or_insert(e);
            }
        }
        match self.sticky.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    pub(crate) fn enqueue(&mut self, s: usize, t: Task) -> Result<(), i32> {
        if let Some((_, recorded)) = self.captures.get_mut(&s) {
            recorded.push(t);
            return Ok(());
        }
        match self.streams.get_mut(&s) {
            Some(q) => {
                q.push(t);
                Ok(())
            }
            None => Err(fail(
                sys::ACL_ERROR_RT_INVALID_HANDLE,
                format!("stream {s:#x} does not exist"),
            )),
        }
    }
}

fn sync_code(r: Result<(), String>) -> aclError {
    match r {
        Ok(()) => 0,
        Err(e) => fail(
            sys::ACL_ERROR_RT_AICORE_EXCEPTION,
            format!("a queued task failed: {e}"),
        ),
    }
}

// ---- Runtime ---------------------------------------------------------------

#[no_mangle]
pub unsafe extern "C" fn aclInit(_config: *const c_char) -> aclError {
    let mut s = sim();
    s.inits += 1;
    if s.inits > 1 {
        return fail(sys::ACL_ERROR_REPEAT_INITIALIZE, "aclInit called again");
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclFinalize() -> aclError {
    let mut s = sim();
    if s.inits == 0 {
        return fail(
            sys::ACL_ERROR_REPEAT_FINALIZE,
            "aclFinalize without aclInit",
        );
    }
    s.inits = 0;
    if std::env::var_os("XPUSH_ACL_SIM_STATS").is_some_and(|v| v != "0") {
        print_stats(&s.counts);
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtSetDevice(id: i32) -> aclError {
    let s = sim();
    if s.inits == 0 {
        return fail(sys::ACL_ERROR_UNINITIALIZE, "aclrtSetDevice before aclInit");
    }
    if id < 0 || id as u32 >= s.devices {
        return fail(
            sys::ACL_ERROR_RT_INVALID_DEVICEID,
            format!("no device {id}"),
        );
    }
    DEVICE.with(|d| d.set(id));
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtResetDevice(_id: i32) -> aclError {
    DEVICE.with(|d| d.set(-1));
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtGetDevice(id: *mut i32) -> aclError {
    let d = DEVICE.with(Cell::get);
    if d < 0 || id.is_null() {
        return fail(
            sys::ACL_ERROR_RT_CONTEXT_NULL,
            "no device set on this thread",
        );
    }
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *id = d };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtGetDeviceCount(count: *mut u32) -> aclError {
    if count.is_null() {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "count is NULL");
    }
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *count = sim().devices };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtCreateStream(stream: *mut sys::aclrtStream) -> aclError {
    tri!(need_device());
    if stream.is_null() {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "stream is NULL");
    }
    let mut s = sim();
    let h = s.handle();
    s.streams.insert(h, Vec::new());
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *stream = h as sys::aclrtStream };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtDestroyStream(stream: sys::aclrtStream) -> aclError {
    let mut s = sim();
    let r = s.run_stream(stream as usize);
    if s.streams.remove(&(stream as usize)).is_none() {
        return fail(sys::ACL_ERROR_RT_INVALID_HANDLE, "no such stream");
    }
    sync_code(r)
}

#[no_mangle]
pub unsafe extern "C" fn aclrtSynchronizeStream(stream: sys::aclrtStream) -> aclError {
    let mut s = sim();
    if !s.streams.contains_key(&(stream as usize)) {
        return fail(sys::ACL_ERROR_RT_INVALID_HANDLE, "no such stream");
    }
    if s.captures.contains_key(&(stream as usize)) {
        return fail(
            sys::ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
            "the stream is being captured (aclmdlRICaptureBegin): end the capture before synchronizing it",
        );
    }
    let r = s.run_stream(stream as usize);
    sync_code(r)
}

#[no_mangle]
pub unsafe extern "C" fn aclrtSynchronizeDevice() -> aclError {
    let mut s = sim();
    let ids: Vec<usize> = s.streams.keys().copied().collect();
    let mut r = Ok(());
    for id in ids {
        r = r.and(s.run_stream(id));
    }
    sync_code(r)
}

fn malloc_impl(dev_ptr: *mut *mut c_void, size: usize, extra: usize) -> aclError {
    tri!(need_device());
    if dev_ptr.is_null() || size == 0 {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "devPtr is NULL or size is 0");
    }
    let mut s = sim();
    let padded = size.div_ceil(32) * 32 + extra;
    let a = &mut s.arena;
    if a.used + padded > a.limit {
        return fail(
            sys::ACL_ERROR_RT_MEMORY_ALLOCATION,
            format!(
                "out of device memory: {padded} bytes requested, {} of {} in use",
                a.used, a.limit
            ),
        );
    }
    let addr = a.next;
    a.next = (addr + padded).div_ceil(64) * 64 + 4096;
    a.used += padded;
    a.blocks.insert(addr, vec![POISON; padded]);
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *dev_ptr = addr as *mut c_void };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtMalloc(
    dev_ptr: *mut *mut c_void,
    size: usize,
    _policy: sys::aclrtMemMallocPolicy::Type,
) -> aclError {
    malloc_impl(dev_ptr, size, 32)
}

#[no_mangle]
pub unsafe extern "C" fn aclrtMallocAlign32(
    dev_ptr: *mut *mut c_void,
    size: usize,
    _policy: sys::aclrtMemMallocPolicy::Type,
) -> aclError {
    malloc_impl(dev_ptr, size, 0)
}

#[no_mangle]
pub unsafe extern "C" fn aclrtFree(dev_ptr: *mut c_void) -> aclError {
    let mut s = sim();
    match s.arena.blocks.remove(&(dev_ptr as usize)) {
        Some(b) => {
            s.arena.used -= b.len();
            0
        }
        None => fail(
            sys::ACL_ERROR_RT_MEMORY_FREE,
            format!("{dev_ptr:p} is not the start of a device allocation"),
        ),
    }
}

/// Which side each pointer of a copy is on, checked against `kind`.
fn copy_sides(
    a: &Arena,
    dst: usize,
    src: usize,
    kind: sys::aclrtMemcpyKind::Type,
) -> Result<(bool, bool), i32> {
    use sys::aclrtMemcpyKind as k;
    let (dd, sd) = (a.is_device(dst), a.is_device(src));
    let want = match kind {
        k::ACL_MEMCPY_HOST_TO_HOST => Some((false, false)),
        k::ACL_MEMCPY_HOST_TO_DEVICE => Some((true, false)),
        k::ACL_MEMCPY_DEVICE_TO_HOST => Some((false, true)),
        k::ACL_MEMCPY_DEVICE_TO_DEVICE => Some((true, true)),
        k::ACL_MEMCPY_DEFAULT => None,
        _ => {
            return Err(fail(
                sys::ACL_ERROR_INVALID_PARAM,
                format!("bad memcpy kind {kind}"),
            ))
        }
    };
    if let Some(w) = want {
        if w != (dd, sd) {
            let side = |d: bool| if d { "device" } else { "host" };
            return Err(fail(
                sys::ACL_ERROR_RT_PARAM_INVALID,
                format!(
                    "memcpy kind {kind} does not match the pointers: dst is {} memory, src is {} memory",
                    side(dd),
                    side(sd)
                ),
            ));
        }
    }
    Ok((dd, sd))
}

/// Performs a copy now (the caller holds the lock).
///
/// # Safety
/// Host pointers must be valid for `count` bytes.
unsafe fn copy_now(
    a: &mut Arena,
    dst: usize,
    src: usize,
    count: usize,
    sides: (bool, bool),
) -> Result<(), String> {
    match sides {
        (true, true) => {
            let v = a.slice(src, count)?.to_vec();
            a.slice_mut(dst, count)?.copy_from_slice(&v);
        }
        (true, false) => {
            // SAFETY: the caller promises `src` is readable host memory.
            let host = unsafe { std::slice::from_raw_parts(src as *const u8, count) };
            a.slice_mut(dst, count)?.copy_from_slice(host);
        }
        (false, true) => {
            let v = a.slice(src, count)?;
            // SAFETY: the caller promises `dst` is writable host memory.
            unsafe { std::ptr::copy_nonoverlapping(v.as_ptr(), dst as *mut u8, count) };
        }
        (false, false) => {
            // SAFETY: both are host memory valid for `count` bytes.
            unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, count) };
        }
    }
    Ok(())
}

#[no_mangle]
pub unsafe extern "C" fn aclrtMemcpy(
    dst: *mut c_void,
    dest_max: usize,
    src: *const c_void,
    count: usize,
    kind: sys::aclrtMemcpyKind::Type,
) -> aclError {
    if count > dest_max || dst.is_null() || src.is_null() {
        return fail(
            sys::ACL_ERROR_INVALID_PARAM,
            "count > destMax or NULL pointer",
        );
    }
    let mut s = sim();
    tri!(s.refuse_while_capturing("aclrtMemcpy"));
    let sides = tri!(copy_sides(&s.arena, dst as usize, src as usize, kind));
    // Blocking and immediate: queued stream work is NOT waited for (CANN 9).
    // SAFETY: host pointers are the caller's, valid for `count` bytes.
    match unsafe { copy_now(&mut s.arena, dst as usize, src as usize, count, sides) } {
        Ok(()) => 0,
        Err(e) => fail(sys::ACL_ERROR_RT_PARAM_INVALID, e),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclrtMemcpyAsync(
    dst: *mut c_void,
    dest_max: usize,
    src: *const c_void,
    count: usize,
    kind: sys::aclrtMemcpyKind::Type,
    stream: sys::aclrtStream,
) -> aclError {
    if count > dest_max || dst.is_null() || src.is_null() {
        return fail(
            sys::ACL_ERROR_INVALID_PARAM,
            "count > destMax or NULL pointer",
        );
    }
    let mut s = sim();
    let sides = tri!(copy_sides(&s.arena, dst as usize, src as usize, kind));
    if s.captures.contains_key(&(stream as usize)) && sides != (true, true) {
        tri!(s.refuse_while_capturing("aclrtMemcpyAsync from or to host memory"));
    }
    let (d, sp) = (dst as usize, src as usize);
    let task: Task = match sides {
        (false, false) => {
            return fail(
                sys::ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                "async host-to-host copy",
            );
        }
        (true, false) => {
            // Pageable host memory: staged now, so the caller may free it.
            // SAFETY: the caller's host source is readable for `count` bytes.
            let staged = unsafe { std::slice::from_raw_parts(sp as *const u8, count) }.to_vec();
            std::sync::Arc::new(move |sim: &mut Sim| {
                sim.arena.slice_mut(d, count)?.copy_from_slice(&staged);
                Ok(())
            })
        }
        // SAFETY (in the task): the caller keeps the host destination valid
        // until the stream is synchronized, as CANN requires.
        sides => std::sync::Arc::new(move |sim: &mut Sim| unsafe {
            copy_now(&mut sim.arena, d, sp, count, sides)
        }),
    };
    tri!(s.enqueue(stream as usize, task));
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtMemset(
    dev_ptr: *mut c_void,
    max: usize,
    value: i32,
    count: usize,
) -> aclError {
    if count > max {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "count > maxCount");
    }
    let mut s = sim();
    tri!(s.refuse_while_capturing("aclrtMemset"));
    match s.arena.slice_mut(dev_ptr as usize, count) {
        Ok(b) => {
            b.fill(value as u8);
            0
        }
        Err(e) => fail(sys::ACL_ERROR_RT_PARAM_INVALID, e),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclrtGetMemInfo(
    _attr: sys::aclrtMemAttr::Type,
    free: *mut usize,
    total: *mut usize,
) -> aclError {
    tri!(need_device());
    if free.is_null() || total.is_null() {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "NULL out-pointer");
    }
    let s = sim();
    // SAFETY: non-null out-pointers from the caller.
    unsafe {
        *free = s.arena.limit - s.arena.used;
        *total = s.arena.limit;
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtCreateEvent(event: *mut sys::aclrtEvent) -> aclError {
    // SAFETY: forwarded out-pointer.
    unsafe { aclrtCreateEventWithFlag(event, sys::ACL_EVENT_TIME_LINE as u32) }
}

#[no_mangle]
pub unsafe extern "C" fn aclrtCreateEventWithFlag(
    event: *mut sys::aclrtEvent,
    _flag: u32,
) -> aclError {
    if event.is_null() {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "event is NULL");
    }
    let mut s = sim();
    let h = s.handle();
    s.events.insert(h, None);
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *event = h as sys::aclrtEvent };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtRecordEvent(
    event: sys::aclrtEvent,
    stream: sys::aclrtStream,
) -> aclError {
    let mut s = sim();
    let e = event as usize;
    match s.events.get_mut(&e) {
        Some(t) => *t = None,
        None => return fail(sys::ACL_ERROR_RT_INVALID_HANDLE, "no such event"),
    }
    tri!(s.enqueue(
        stream as usize,
        std::sync::Arc::new(move |sim: &mut Sim| {
            if let Some(t) = sim.events.get_mut(&e) {
                *t = Some(Instant::now());
            }
            Ok(())
        })
    ));
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclrtSynchronizeEvent(_event: sys::aclrtEvent) -> aclError {
    // SAFETY: no pointer arguments.
    unsafe { aclrtSynchronizeDevice() }
}

#[no_mangle]
pub unsafe extern "C" fn aclrtEventElapsedTime(
    ms: *mut f32,
    start: sys::aclrtEvent,
    end: sys::aclrtEvent,
) -> aclError {
    let s = sim();
    let get = |e: sys::aclrtEvent| s.events.get(&(e as usize)).copied().flatten();
    match (get(start), get(end), ms.is_null()) {
        (Some(a), Some(b), false) => {
            // SAFETY: non-null out-pointer from the caller.
            unsafe { *ms = b.saturating_duration_since(a).as_secs_f32() * 1e3 };
            0
        }
        _ => fail(
            sys::ACL_ERROR_RT_PARAM_INVALID,
            "event not recorded or not complete (synchronize the stream first)",
        ),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclrtDestroyEvent(event: sys::aclrtEvent) -> aclError {
    match sim().events.remove(&(event as usize)) {
        Some(_) => 0,
        None => fail(sys::ACL_ERROR_RT_INVALID_HANDLE, "no such event"),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclGetRecentErrMsg() -> *const c_char {
    let msg = LAST_ERR.with(|l| l.borrow_mut().take());
    RETURNED_ERR.with(|r| {
        let mut r = r.borrow_mut();
        *r = msg;
        r.as_ref().map_or(std::ptr::null(), |c| c.as_ptr())
    })
}

#[no_mangle]
pub unsafe extern "C" fn aclrtGetSocName() -> *const c_char {
    SOC.as_ptr().cast()
}

#[no_mangle]
pub unsafe extern "C" fn aclsysGetCANNVersion(
    _name: sys::aclCANNPackageName::Type,
    version: *mut sys::aclCANNPackageVersion,
) -> aclError {
    if version.is_null() {
        return fail(sys::ACL_ERROR_INVALID_PARAM, "version is NULL");
    }
    let put = |dst: &mut [c_char], s: &str| {
        for (d, b) in dst.iter_mut().zip(s.bytes().chain(std::iter::once(0))) {
            *d = b as c_char;
        }
    };
    // SAFETY: non-null out-struct of the header's layout.
    let v = unsafe { &mut *version };
    put(&mut v.version, CANN_VERSION);
    put(&mut v.majorVersion, "9");
    put(&mut v.minorVersion, "0");
    put(&mut v.releaseVersion, "0");
    put(&mut v.patchVersion, "sim");
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclDataTypeSize(t: aclDataType::Type) -> usize {
    ops::dtype(t).map_or(0, |d| d.itemsize())
}

// ---- Graph capture -------------------------------------------------------

#[no_mangle]
pub unsafe extern "C" fn aclmdlRICaptureBegin(
    stream: sys::aclrtStream,
    mode: sys::aclmdlRICaptureMode::Type,
) -> aclError {
    let mut s = sim();
    let st = stream as usize;
    if !s.streams.contains_key(&st) {
        return fail(sys::ACL_ERROR_RT_INVALID_HANDLE, "no such stream");
    }
    if s.captures.contains_key(&st) {
        return fail(
            sys::ACL_ERROR_RT_PARAM_INVALID,
            "aclmdlRICaptureBegin: the stream is already being captured",
        );
    }
    s.captures.insert(st, (mode, Vec::new()));
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclmdlRICaptureEnd(
    stream: sys::aclrtStream,
    model: *mut sys::aclmdlRI,
) -> aclError {
    if model.is_null() {
        return fail(
            sys::ACL_ERROR_INVALID_PARAM,
            "aclmdlRICaptureEnd: modelRI is NULL",
        );
    }
    let mut s = sim();
    let Some((_, tasks)) = s.captures.remove(&(stream as usize)) else {
        return fail(
            sys::ACL_ERROR_RT_PARAM_INVALID,
            "aclmdlRICaptureEnd: the stream is not being captured",
        );
    };
    let h = s.handle();
    s.models.insert(h, tasks);
    // SAFETY: non-null out-pointer from the caller.
    unsafe { *model = h as sys::aclmdlRI };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclmdlRIExecuteAsync(
    model: sys::aclmdlRI,
    stream: sys::aclrtStream,
) -> aclError {
    let mut s = sim();
    let Some(tasks) = s.models.get(&(model as usize)).cloned() else {
        return fail(
            sys::ACL_ERROR_RT_INVALID_HANDLE,
            format!("aclmdlRIExecuteAsync: {model:p} is not a model run instance"),
        );
    };
    // The recorded work again, with the device addresses it was recorded
    // with: a buffer freed since fails the replay when the stream runs it.
    for t in tasks {
        tri!(s.enqueue(stream as usize, t));
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclmdlRIDestroy(model: sys::aclmdlRI) -> aclError {
    match sim().models.remove(&(model as usize)) {
        Some(_) => 0,
        None => fail(
            sys::ACL_ERROR_RT_INVALID_HANDLE,
            format!("aclmdlRIDestroy: {model:p} is not a model run instance"),
        ),
    }
}
