//! The ascend backend: Huawei CANN loaded at run time (DESIGN §4), and
//! [`backend::AscendBackend`], which implements the core's [`Backend`]
//! seam with aclnn calls.
//!
//! Uses `xpush-core` and `xpush-cann` (CANN's declarations and facts),
//! nothing above them: which backend runs an op, and the session's
//! timing, profile and verify hooks, are the dispatch layer's.
//!
//! [`Backend`]: xpush_core::backend::Backend
//!
//! Layers, as cudarc's (STYLE point 18):
//! - [`sys`]: bindgen output of `npu/include/xpush_acl.h`
//!   (`scripts/gen-bindings.sh`), committed, in `xpush-cann`;
//! - [`loader`]: which libraries, opened with `libloading`; runtime symbols
//!   checked at start, aclnn pairs resolved lazily;
//! - [`result`]: statuses as `Result`s with names and
//!   `aclGetRecentErrMsg`, thin wrappers;
//! - [`safe`]: RAII owners (streams, events, allocations, descriptors,
//!   executors);
//! - [`alloc`]: the caching device allocator; [`tensor`]: device arrays,
//!   the [`tensor::NpuStorage`] behind an NPU array's opaque handle,
//!   descriptors from layouts, and the two-phase launch; [`meter`]: bytes
//!   copied between host and device;
//! - [`policy`]: the dtype policy (native, demote, host, raise) from
//!   `xpush-cann`'s table of what each op accepts;
//! - [`fused`]: fused elementwise chains as launches of aclnn's fused ops
//!   (`aclnnAdd` with alpha, `aclnnAddcmul`, `aclnnAddcdiv`);
//! - [`exec`]: the launch path: phase-1 arguments as values, the executor
//!   cache of repeatable executors, executors waiting for phase 2;
//!   [`Device::capture`] records a graph ([`safe::Graph`]);
//!   [`syncdebug`]: implicit-synchronization diagnostics (`:sync`).
//!
//! All `unsafe` is in `loader`, `result` and `safe` (and the generated
//! `sys`). The same code drives CANN or acl-sim (`XPUSH_ACL_LIB`); nothing
//! here special-cases the simulator.
//!
//! A [`Device`] is one NPU with one stream for all work. [`device`] opens
//! (once per process) the runtime and the device; [`finalize`] is called
//! explicitly at exit (not from a destructor, as CANN asks).

pub mod alloc;
pub mod backend;
pub mod exec;
pub mod fused;
pub mod loader;
pub mod meter;
pub mod policy;
pub mod result;
pub mod safe;
pub mod syncdebug;
pub mod tensor;

pub use xpush_cann::{facts, sys};

use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

pub use alloc::{CachingAllocator, DeviceBuffer, MemStats};
pub use exec::{CacheStats, ExecCache};
pub use loader::{
    is_present, library_candidates, simulator_file_name, simulator_path, AclLibrary, Candidate,
};
pub use result::{AclError, AclErrorKind};
pub use tensor::DeviceArray;

use safe::{Event, Stream};
pub use safe::{Graph, GraphBuffer};
use xpush_core::error::{Error, Result};

/// What `:device` and the banner show about an NPU.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceInfo {
    /// The device number (`npu:N`).
    pub id: i32,
    /// Devices visible to this process.
    pub count: u32,
    /// `aclrtGetSocName` (`Ascend910B3`; `Ascend910B-sim` for acl-sim).
    pub soc: String,
    /// The CANN version, when the runtime reports it.
    pub cann_version: Option<String>,
    /// Whether this is a simulator rather than an NPU.
    pub simulated: bool,
    /// The libraries opened.
    pub library: String,
    /// Free device memory in bytes.
    pub mem_free: usize,
    /// Total device memory in bytes.
    pub mem_total: usize,
    /// Whether the executor cache is on (the library has repeatable
    /// executors and `XPUSH_NPU_EXEC_CACHE` is not `0`).
    pub exec_cache: bool,
    /// Whether the op library exports CANN's own executor cache for
    /// torch_npu (`PTAGetExecCache`/`PTAFindExecCache`): reported, not
    /// used, as its contract (hash keys set by `SetPTAHashKey`) is private.
    pub pta_exec_cache: bool,
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "npu:{} {}", self.id, self.soc)?;
        if self.simulated {
            f.write_str(" (simulated)")?;
        }
        write!(
            f,
            ", CANN {}, {} free of {}, {} device(s), via {}",
            self.cann_version.as_deref().unwrap_or("version unknown"),
            alloc::human(self.mem_free),
            alloc::human(self.mem_total),
            self.count,
            self.library
        )
    }
}

/// Device time of one op (from events), for `:time` and `:profile`.
#[derive(Clone, Debug, PartialEq)]
pub struct OpTime {
    /// The aclnn op.
    pub op: &'static str,
    /// Milliseconds on the device.
    pub ms: f32,
}

#[derive(Default)]
struct Timing {
    enabled: bool,
    pending: Vec<(&'static str, Event, Event)>,
    spare: Vec<Event>,
}

/// One NPU: the runtime, the stream all work goes to, the allocator.
pub struct Device {
    lib: Arc<AclLibrary>,
    id: i32,
    stream: Arc<Stream>,
    alloc: CachingAllocator,
    timing: Mutex<Timing>,
    exec_cache: ExecCache,
    queued: Mutex<Queued>,
    /// `aclrtGetSocName` and the CANN version, read once at open (the
    /// kernel facts are matched against them on every call).
    soc: String,
    cann: Option<String>,
    capture: Mutex<Option<Capturing>>,
    /// Whether a capture is in progress (read on every launch without
    /// taking the lock).
    capturing_now: AtomicBool,
}

/// What a capture in progress has gathered.
#[derive(Debug, Default)]
struct Capturing {
    /// Workspaces of the captured launches.
    kept: Vec<DeviceBuffer>,
    launches: usize,
    /// The buffers the captured work reads or writes, each once.
    buffers: Vec<GraphBuffer>,
    /// Their indices in `buffers`, by address.
    index: std::collections::HashMap<usize, usize>,
    /// Addresses of the blocks allocated during the capture.
    fresh: std::collections::HashSet<usize>,
}

impl Capturing {
    /// Notes that the captured work reads (or, `written`, writes) `buf`.
    fn touch(&mut self, buf: &Arc<DeviceBuffer>, written: bool) {
        let addr = buf.ptr().0;
        match self.index.get(&addr) {
            Some(&i) => self.buffers[i].written |= written,
            None => {
                self.index.insert(addr, self.buffers.len());
                self.buffers.push(GraphBuffer {
                    buf: Arc::clone(buf),
                    written,
                    fresh: self.fresh.contains(&addr),
                });
            }
        }
    }
}

/// The aclnn ops launched since the stream was last synchronized: a kernel
/// fails asynchronously, so its error surfaces at the next synchronize,
/// and this names the candidates.
#[derive(Debug, Default)]
struct Queued {
    count: u64,
    /// The most recent launches, oldest first.
    last: std::collections::VecDeque<&'static str>,
}

impl Queued {
    const KEEP: usize = 8;

    fn push(&mut self, op: &'static str) {
        self.count += 1;
        if self.last.len() == Self::KEEP {
            self.last.pop_front();
        }
        self.last.push_back(op);
    }

    /// `aclnnMuls, aclnnAdds (the last 2 of 1000 ops queued since the
    /// last synchronize)`.
    fn describe(&self) -> String {
        let names: Vec<&str> = self.last.iter().copied().collect();
        if self.count as usize == names.len() {
            format!("queued since the last synchronize: {}", names.join(", "))
        } else {
            format!(
                "queued since the last synchronize: {} ops, the last {}: {}",
                self.count,
                names.len(),
                names.join(", ")
            )
        }
    }
}

impl fmt::Debug for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Device")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

thread_local! {
    /// The (library, device) this thread last set with `aclrtSetDevice`.
    static BOUND: Cell<(usize, i32)> = const { Cell::new((0, -1)) };
}

impl Device {
    /// Initialises the runtime (`aclInit`; a repeat is fine) and opens
    /// device `id` with its stream.
    pub fn open(lib: Arc<AclLibrary>, id: i32) -> std::result::Result<Device, AclError> {
        result::init(&lib)?;
        let count = result::device_count(&lib)?;
        if id < 0 || id as u32 >= count {
            return Err(AclError::new(
                AclErrorKind::Status,
                "aclrtSetDevice",
                None,
                format!("npu:{id} does not exist ({count} device(s) visible)"),
            ));
        }
        result::set_device(&lib, id)?;
        BOUND.with(|b| b.set((Arc::as_ptr(&lib) as usize, id)));
        let stream = Arc::new(Stream::new(Arc::clone(&lib))?);
        let alloc = CachingAllocator::new(Arc::clone(&lib), Arc::clone(&stream));
        let soc = result::soc_name(&lib).unwrap_or_default();
        let cann = result::cann_version(&lib);
        Ok(Device {
            soc,
            cann,
            exec_cache: ExecCache::new(&lib),
            lib,
            id,
            stream,
            alloc,
            timing: Mutex::default(),
            queued: Mutex::default(),
            capture: Mutex::default(),
            capturing_now: AtomicBool::new(false),
        })
    }

    /// The device number.
    pub fn id(&self) -> i32 {
        self.id
    }

    /// The runtime libraries.
    pub fn lib(&self) -> &AclLibrary {
        &self.lib
    }

    /// The runtime libraries, shared.
    pub fn lib_arc(&self) -> Arc<AclLibrary> {
        Arc::clone(&self.lib)
    }

    /// The row of the kernel facts (`npu/cann/kernel-facts.md`) that
    /// concerns calling `aclnn` on `dtype` here (this SoC, this CANN), with
    /// inputs all contiguous or not; `None` when the call is not known to
    /// fail.
    pub fn known_failure(
        &self,
        aclnn: &str,
        dtype: xpush_core::dtype::DType,
        contiguous: bool,
    ) -> Option<&'static xpush_cann::facts::Fact> {
        xpush_cann::facts::lookup(aclnn, dtype, &self.soc, self.cann.as_deref(), contiguous)
    }

    /// The repeatable executors kept for this device.
    pub fn exec_cache(&self) -> &ExecCache {
        &self.exec_cache
    }

    /// The stream all of this device's work goes to.
    pub fn stream(&self) -> &Stream {
        &self.stream
    }

    /// Makes this device current on the calling thread (`aclrtSetDevice`
    /// binds per thread), if it is not already.
    pub fn bind(&self) -> std::result::Result<(), AclError> {
        let key = (Arc::as_ptr(&self.lib) as usize, self.id);
        if BOUND.with(Cell::get) != key {
            result::set_device(&self.lib, self.id)?;
            BOUND.with(|b| b.set(key));
        }
        Ok(())
    }

    /// Waits for all queued work. A kernel that failed while it ran
    /// (asynchronously) fails this call: the error names the ops queued
    /// since the last synchronize, the runtime's message the one that
    /// failed where it says.
    pub fn synchronize(&self) -> Result<()> {
        self.bind()?;
        let outcome = self.stream.synchronize();
        let mut q = self.queued.lock().unwrap_or_else(|e| e.into_inner());
        let queued = std::mem::take(&mut *q);
        outcome.map_err(|e| {
            let e = Error::from(e);
            if queued.count == 0 {
                return e;
            }
            Error::new(e.kind(), format!("{} ({})", e.msg(), queued.describe()))
        })
    }

    fn capturing(&self) -> MutexGuard<'_, Option<Capturing>> {
        self.capture.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether this runtime can capture graphs.
    pub fn can_capture(&self) -> bool {
        result::has_capture(&self.lib)
    }

    /// Runs `f` with the device's stream captured (`aclmdlRICaptureBegin`
    /// to `End`): the ops `f` launches are recorded into a [`Graph`], not
    /// run; replay it to run them. The capture ends whatever `f` returns;
    /// an error of `f` (a synchronize or a host copy is refused while
    /// capturing) is returned after it. A runtime without capture is a
    /// `NotImplementedError` saying so.
    pub fn capture<R>(&self, f: impl FnOnce() -> Result<R>) -> Result<(R, Graph)> {
        if !self.can_capture() {
            return Err(Error::not_implemented(format!(
                "graph capture: {} has no aclmdlRICaptureBegin (CANN 8.x and later have it); running eagerly",
                self.lib.origin()
            )));
        }
        self.bind()?;
        result::capture_begin(&self.lib, self.stream.raw())?;
        *self.capturing() = Some(Capturing::default());
        self.capturing_now.store(true, Ordering::Relaxed);
        let r = f();
        self.capturing_now.store(false, Ordering::Relaxed);
        let state = self.capturing().take().unwrap_or_default();
        let model = result::capture_end(&self.lib, self.stream.raw())?;
        let graph = Graph::new(
            self.lib_arc(),
            model,
            state.kept,
            state.buffers,
            state.launches,
        );
        Ok((r?, graph))
    }

    /// Whether a capture is in progress on this device.
    pub fn is_capturing(&self) -> bool {
        self.capturing_now.load(Ordering::Relaxed)
    }

    /// Copies the first `src.len()` bytes of `src` into `dst`, in stream
    /// order (`aclrtMemcpyAsync`, device to device; captured like an op).
    pub fn copy_buffer(&self, dst: &Arc<DeviceBuffer>, src: &Arc<DeviceBuffer>) -> Result<()> {
        self.bind()?;
        safe::copy_d2d(&self.lib, dst, src, &self.stream)?;
        if let Some(c) = self.capturing().as_mut() {
            c.touch(src, false);
            c.touch(dst, true);
        }
        Ok(())
    }

    /// Queues `g`'s recorded work on this device's stream.
    pub fn replay(&self, g: &Graph) -> Result<()> {
        self.bind()?;
        g.replay(&self.stream).map_err(Error::from)
    }

    /// Notes an op put on the stream (for the error of a later
    /// synchronize).
    fn queue(&self, op: &'static str) {
        self.queued
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(op);
    }

    /// A block of `n` bytes from the caching allocator (a `MemoryError`
    /// when the device is full).
    pub fn alloc(&self, n: usize) -> Result<DeviceBuffer> {
        self.alloc_raw(n).map_err(Error::from)
    }

    /// [`alloc`](Self::alloc) with the CANN error.
    pub fn alloc_raw(&self, n: usize) -> std::result::Result<DeviceBuffer, AclError> {
        self.bind()?;
        let b = self.alloc.alloc(n)?;
        if self.is_capturing() {
            if let Some(c) = self.capturing().as_mut() {
                c.fresh.insert(b.ptr().0);
            }
        }
        Ok(b)
    }

    /// Pool statistics (`:mem`).
    pub fn mem_stats(&self) -> MemStats {
        self.alloc.stats()
    }

    /// Synchronizes and returns the cached blocks to the runtime.
    pub fn release_cache(&self) -> Result<()> {
        self.bind()?;
        self.alloc.release_cache().map_err(Error::from)
    }

    /// What `:device` shows.
    pub fn info(&self) -> Result<DeviceInfo> {
        self.bind()?;
        let soc = result::soc_name(&self.lib).unwrap_or_else(|| "unknown SoC".into());
        let (mem_free, mem_total) = result::mem_info(&self.lib)?;
        Ok(DeviceInfo {
            id: self.id,
            count: result::device_count(&self.lib)?,
            simulated: soc.to_ascii_lowercase().contains("sim"),
            soc,
            cann_version: result::cann_version(&self.lib),
            library: self.lib.origin().to_string(),
            mem_free,
            mem_total,
            exec_cache: self.exec_cache.enabled(),
            pta_exec_cache: ["PTAGetExecCache", "PTAFindExecCache"]
                .iter()
                .all(|f| self.lib.has_symbol(f)),
        })
    }

    fn timing(&self) -> MutexGuard<'_, Timing> {
        self.timing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Turns per-op device timing (events around each launch) on or off.
    pub fn set_timing(&self, on: bool) {
        self.timing().enabled = on;
    }

    /// Synchronizes and returns the device time of every op launched since
    /// the last call (with timing on).
    pub fn drain_timings(&self) -> Result<Vec<OpTime>> {
        self.synchronize()?;
        let mut t = self.timing();
        let pending = std::mem::take(&mut t.pending);
        let mut out = Vec::with_capacity(pending.len());
        for (op, start, end) in pending {
            out.push(OpTime {
                op,
                ms: start.elapsed_ms(&end).map_err(Error::from)?,
            });
            t.spare.push(start);
            t.spare.push(end);
        }
        Ok(out)
    }

    fn timing_start(&self) -> std::result::Result<Option<Event>, AclError> {
        let mut t = self.timing();
        if !t.enabled {
            return Ok(None);
        }
        let e = match t.spare.pop() {
            Some(e) => e,
            None => Event::new(Arc::clone(&self.lib))?,
        };
        e.record(&self.stream)?;
        Ok(Some(e))
    }

    fn timing_end(&self, op: &'static str, start: Event) -> std::result::Result<(), AclError> {
        let mut t = self.timing();
        let e = match t.spare.pop() {
            Some(e) => e,
            None => Event::new(Arc::clone(&self.lib))?,
        };
        e.record(&self.stream)?;
        t.pending.push((op, start, e));
        Ok(())
    }
}

/// The process's runtime once one loaded (a failed load is not kept, so a
/// session can try again, or start the simulator after `npu` failed), and
/// whether it is the simulator [`install_simulator`] started.
static RUNTIME: Mutex<Option<(Arc<AclLibrary>, bool)>> = Mutex::new(None);
static DEVICES: Mutex<Vec<(i32, Arc<Device>)>> = Mutex::new(Vec::new());

fn loaded() -> std::sync::MutexGuard<'static, Option<(Arc<AclLibrary>, bool)>> {
    RUNTIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The process's CANN runtime, loaded on first use from the environment
/// ([`library_candidates`]) unless [`install_runtime`] or
/// [`install_simulator`] came first.
pub fn runtime() -> std::result::Result<Arc<AclLibrary>, AclError> {
    let mut rt = loaded();
    if let Some((lib, _)) = rt.as_ref() {
        return Ok(Arc::clone(lib));
    }
    let lib = Arc::new(AclLibrary::load()?);
    *rt = Some((Arc::clone(&lib), false));
    Ok(lib)
}

/// Makes `lib` the process's runtime if none is loaded yet; returns the
/// runtime in force (tests use this to load acl-sim from a path).
pub fn install_runtime(lib: AclLibrary) -> std::result::Result<Arc<AclLibrary>, AclError> {
    let mut rt = loaded();
    Ok(Arc::clone(
        &rt.get_or_insert_with(|| (Arc::new(lib), false)).0,
    ))
}

/// Starts the simulator shipped beside the binary ([`simulator_path`]) as
/// the process's runtime, for `--device npu-sim`: the same loader and
/// backend as a real CANN, only the library differs. An error when another
/// runtime (a real CANN) is already loaded in this process.
pub fn install_simulator() -> std::result::Result<Arc<AclLibrary>, AclError> {
    let mut rt = loaded();
    match rt.as_ref() {
        Some((lib, true)) => return Ok(Arc::clone(lib)),
        Some((lib, false)) => {
            return Err(AclError::new(
                AclErrorKind::Status,
                "starting npu-sim",
                None,
                format!(
                    "this process already runs {}; the simulator cannot be loaded beside it (restart xpush with --device npu-sim)",
                    lib.origin()
                ),
            ))
        }
        None => {}
    }
    let path = simulator_path()?;
    let lib = Arc::new(AclLibrary::load_from(&[Candidate::Simulator(path)])?);
    *rt = Some((Arc::clone(&lib), true));
    Ok(lib)
}

/// Whether the process's runtime is the simulator [`install_simulator`]
/// started (then `npu` must not open it as if it were an NPU).
pub fn simulator_installed() -> bool {
    matches!(loaded().as_ref(), Some((_, true)))
}

/// Device `npu:id`, opened once per process.
pub fn device(id: i32) -> Result<Arc<Device>> {
    let mut devs = DEVICES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, d)) = devs.iter().find(|(i, _)| *i == id) {
        return Ok(Arc::clone(d));
    }
    let lib = runtime().map_err(Error::from)?;
    let d = Arc::new(Device::open(lib, id).map_err(Error::from)?);
    devs.push((id, Arc::clone(&d)));
    Ok(d)
}

/// Shuts CANN down: synchronizes and releases every opened device, resets
/// it, then `aclFinalize`. Call once at exit; arrays still on the device
/// become unusable.
pub fn finalize() -> Result<()> {
    let devs = std::mem::take(&mut *DEVICES.lock().unwrap_or_else(|e| e.into_inner()));
    let Some(lib) = loaded().as_ref().map(|(l, _)| Arc::clone(l)) else {
        return Ok(());
    };
    let lib = &lib;
    for (id, d) in devs {
        d.release_cache()?;
        drop(d);
        result::reset_device(lib, id).map_err(Error::from)?;
    }
    result::finalize(lib).map_err(Error::from)
}
