//! Device placement (DESIGN §2) and the [`Router`]: every
//! [`Array`](xpush_core::Array) lives on one [`Device`], `cpu` (host
//! memory) or `npu:N` (an Ascend NPU's memory, reached through the ascend
//! backend). Ops run where their operands live; operands on different
//! devices are a `ValueError` naming both. The router is the one backend
//! the dispatch functions call: it picks the cpu or the ascend backend,
//! applies the float64/dtype policy, and calls the session's hooks (op
//! counts, the profile sink, device timing, verification) from one place;
//! backends call none of them. Also here: [`ToDevice`] (moving arrays
//! between devices, opening `npu:N` and installing the core's
//! [`DeviceOps`] first), the session context, and op statistics.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use xpush_core::dtype::DType;
use xpush_core::error::{Error, Result};

pub use xpush_ascend::meter::bytes_moved;
pub use xpush_core::device::{
    mixed_devices, set_pending_error, sync_because, take_pending_error, Device, DeviceData,
    DeviceOps, DeviceStorage, SyncReason,
};

thread_local! {
    /// Set while verification copies data or runs the cpu reference: its
    /// copies are not counted and its ops are not dispatched.
    static VERIFYING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` as verification's own work: its copies are not counted in
/// [`bytes_moved`], and ops it dispatches run on the host unrecorded.
pub(crate) fn uncounted<R>(f: impl FnOnce() -> R) -> R {
    struct Reset(bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            VERIFYING.with(|v| v.set(self.0));
        }
    }
    let _reset = Reset(VERIFYING.with(|v| v.replace(true)));
    xpush_ascend::meter::uncounted(f)
}

/// Runs the cpu reference of a verified op (see [`uncounted`]).
pub(crate) fn as_reference<R>(f: impl FnOnce() -> R) -> R {
    uncounted(f)
}

// ---- Routing: placement, the NPU policy, profiling -------------------------

use std::cell::RefCell;
use std::sync::Arc;
use std::time::Instant;

use crate::ops::{Backend, BinaryOp, CpuBackend, Op, ReduceOp, UnaryOp};
use xpush_ascend::backend::AscendBackend;
use xpush_ascend::policy::{decide, Float64Mode, Plan};
use xpush_core::array::Array;
use xpush_core::layout::Layout;
use xpush_core::op::FusedStep;
use xpush_core::scalar::Scalar;

/// How a dispatched op ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExecKind {
    /// On the cpu device (its operands live there).
    Cpu,
    /// On the NPU through aclnn, in the operands' dtype.
    Native,
    /// On the NPU through aclnn in a demoted dtype, cast back.
    Demoted,
    /// Operands on the NPU, run on the cpu with copies there and back.
    HostFallback,
}

/// One dispatched primitive, for `:profile` and `:time`.
#[derive(Clone, Debug, PartialEq)]
pub struct OpRecord {
    /// The op's NumPy-level name (`add`, `sum`, `astype`).
    pub op: &'static str,
    /// The aclnn op mapped to it, if any.
    pub aclnn: Option<&'static str>,
    /// The device of the operands.
    pub device: Device,
    /// How it ran.
    pub how: ExecKind,
    /// Input dtype as dispatched.
    pub dtype: DType,
    /// The dtype computed in (differs when demoted).
    pub compute_dtype: DType,
    /// Wall time on the host, nanoseconds.
    pub host_ns: u64,
    /// Device time from events, when device timing is on.
    pub device_ms: Option<f32>,
    /// Bytes copied host to device by this op.
    pub h2d_bytes: u64,
    /// Bytes copied device to host by this op.
    pub d2h_bytes: u64,
    /// Why it fell back, if it did.
    pub note: Option<String>,
    /// The dtype to show instead of `dtype`, for a host dtype the runtime
    /// has no [`DType`] for (`"str"`, `"bytes"`: string arrays).
    pub dtype_label: Option<&'static str>,
}

/// Receives every dispatched op (a session's `:profile`/`:time` table).
pub trait ProfileSink: Send + Sync {
    /// Called once per dispatched primitive.
    fn record(&self, r: &OpRecord);
}

/// A [`ProfileSink`] that keeps every record.
#[derive(Debug, Default)]
pub struct RecordingSink(Mutex<Vec<OpRecord>>);

impl RecordingSink {
    /// The records so far.
    pub fn records(&self) -> Vec<OpRecord> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// How many ran each way: (cpu, native, demoted, host fallback).
    pub fn counts(&self) -> OpStats {
        let mut s = OpStats::default();
        for r in self.records() {
            s.add(r.how);
        }
        s
    }
}

impl ProfileSink for RecordingSink {
    fn record(&self, r: &OpRecord) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(r.clone());
    }
}

/// Counts of dispatched ops by how they ran.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpStats {
    /// Ops on the cpu device.
    pub cpu: u64,
    /// NPU ops through aclnn in their own dtype.
    pub aclnn_native: u64,
    /// NPU ops through aclnn in a demoted dtype.
    pub aclnn_demoted: u64,
    /// NPU ops run on the host.
    pub host_fallback: u64,
    /// Ops on host-dtype arrays (str, bytes, datetime64, timedelta64,
    /// object) in an npu session: aclnn has no such type, so they run on
    /// the host and are no fallback (see [`host_dtype_runs`]).
    pub host_dtype: u64,
}

impl OpStats {
    fn add(&mut self, how: ExecKind) {
        match how {
            ExecKind::Cpu => self.cpu += 1,
            ExecKind::Native => self.aclnn_native += 1,
            ExecKind::Demoted => self.aclnn_demoted += 1,
            ExecKind::HostFallback => self.host_fallback += 1,
        }
    }

    /// NPU ops executed through aclnn (native or demoted).
    pub fn aclnn(&self) -> u64 {
        self.aclnn_native + self.aclnn_demoted
    }
}

/// Process-wide op counts by [`ExecKind`] (in its declaration order):
/// atomics, since every dispatched op adds one and a lock per op is a
/// large part of a small array's op.
static STATS: [AtomicU64; 4] = [const { AtomicU64::new(0) }; 4];

fn count_op(how: ExecKind) {
    STATS[how as usize].fetch_add(1, Ordering::Relaxed);
}

/// Calls on host-dtype arrays by their dtype's label (`str`, `object`).
static HOST_DTYPE_RUNS: Mutex<std::collections::BTreeMap<&'static str, u64>> =
    Mutex::new(std::collections::BTreeMap::new());

/// How many calls on host-dtype arrays ran since the last
/// [`reset_stats`], by dtype label (`str`, `datetime64`, `object`), most
/// first.
pub fn host_dtype_runs() -> Vec<(&'static str, u64)> {
    let mut v: Vec<(&'static str, u64)> = HOST_DTYPE_RUNS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|(k, n)| (*k, *n))
        .collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    v
}

/// Op calls that ran on the host, by how (host fallback of NPU operands,
/// or cpu operands) and op name. The elementwise ufuncs, the ops of
/// every small-array expression, count in [`HOST_RUNS_ELEMENTWISE`]
/// instead, without a lock.
static HOST_RUNS: Mutex<std::collections::BTreeMap<(ExecKind, &'static str), u64>> =
    Mutex::new(std::collections::BTreeMap::new());

/// The number of unary and binary ufuncs (slots of
/// [`HOST_RUNS_ELEMENTWISE`]).
const N_UNARY: usize = UnaryOp::ALL.len();
const N_ELEMENTWISE: usize = N_UNARY + BinaryOp::ALL.len();

/// [`HOST_RUNS`] of the unary ufuncs (slot `u as usize`) and the binary
/// ones (slot `N_UNARY + b as usize`), for [`ExecKind::Cpu`] (row 0) and
/// [`ExecKind::HostFallback`] (row 1).
static HOST_RUNS_ELEMENTWISE: [[AtomicU64; N_ELEMENTWISE]; 2] =
    [const { [const { AtomicU64::new(0) }; N_ELEMENTWISE] }; 2];

/// The [`HOST_RUNS_ELEMENTWISE`] slot of an elementwise op.
fn elementwise_slot(op: Op) -> Option<usize> {
    match op {
        Op::Unary(u) => Some(u as usize),
        Op::Binary(b) => Some(N_UNARY + b as usize),
        _ => None,
    }
}

/// Counts one call of `op` that ran on the host `how` (cpu or host
/// fallback).
fn count_host_run(how: ExecKind, op: Op) {
    let row = match how {
        ExecKind::Cpu => 0,
        ExecKind::HostFallback => 1,
        _ => return,
    };
    match elementwise_slot(op) {
        Some(i) => {
            HOST_RUNS_ELEMENTWISE[row][i].fetch_add(1, Ordering::Relaxed);
        }
        None => {
            *HOST_RUNS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .entry((how, op.name()))
                .or_default() += 1;
        }
    }
}

/// Process-wide counts of dispatched ops since the last [`reset_stats`].
pub fn stats() -> OpStats {
    let n = |k: ExecKind| STATS[k as usize].load(Ordering::Relaxed);
    OpStats {
        cpu: n(ExecKind::Cpu),
        aclnn_native: n(ExecKind::Native),
        aclnn_demoted: n(ExecKind::Demoted),
        host_fallback: n(ExecKind::HostFallback),
        host_dtype: host_dtype_runs().iter().map(|x| x.1).sum(),
    }
}

/// How many calls of each op ran `how` since the last [`reset_stats`],
/// most first: [`ExecKind::HostFallback`] gives the NPU calls run on the
/// host (the ops to map next), [`ExecKind::Cpu`] the calls on host
/// operands (NumPy scalars in an npu session). Empty for the aclnn kinds.
pub fn host_runs(how: ExecKind) -> Vec<(&'static str, u64)> {
    let mut by_name = std::collections::BTreeMap::<&'static str, u64>::new();
    for ((k, op), n) in HOST_RUNS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        if *k == how {
            *by_name.entry(op).or_default() += n;
        }
    }
    let row = match how {
        ExecKind::Cpu => Some(0),
        ExecKind::HostFallback => Some(1),
        _ => None,
    };
    if let Some(row) = row {
        let ops = UnaryOp::ALL
            .iter()
            .map(|&u| Op::Unary(u))
            .chain(BinaryOp::ALL.iter().map(|&b| Op::Binary(b)));
        for op in ops {
            let slot = elementwise_slot(op).unwrap_or_default();
            let n = HOST_RUNS_ELEMENTWISE[row][slot].load(Ordering::Relaxed);
            if n > 0 {
                *by_name.entry(op.name()).or_default() += n;
            }
        }
    }
    let mut v: Vec<(&'static str, u64)> = by_name.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    v
}

/// Zeroes the [`stats`] counters.
pub fn reset_stats() {
    for c in STATS.iter().chain(HOST_RUNS_ELEMENTWISE.iter().flatten()) {
        c.store(0, Ordering::Relaxed);
    }
    HOST_RUNS.lock().unwrap_or_else(|e| e.into_inner()).clear();
    HOST_DTYPE_RUNS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clear();
}

/// The session settings dispatch reads: the float64 mode, device timing
/// and the profile sink.
#[derive(Clone, Default)]
pub struct DispatchContext {
    /// How float64/complex128 run on the NPU.
    pub float64: Float64Mode,
    /// Record events around each NPU op (synchronizes after each op).
    pub device_timing: bool,
    /// Where op records go.
    pub sink: Option<Arc<dyn ProfileSink>>,
    /// Verification (`:verify on`): each NPU op is re-run on the cpu
    /// reference and compared; the comparisons go here
    /// ([`crate::verify`]).
    pub verify: Option<Arc<dyn crate::verify::VerifySink>>,
}

impl std::fmt::Debug for DispatchContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DispatchContext")
            .field("float64", &self.float64)
            .field("device_timing", &self.device_timing)
            .field("sink", &self.sink.is_some())
            .field("verify", &self.verify.is_some())
            .finish()
    }
}

static GLOBAL: Mutex<Option<DispatchContext>> = Mutex::new(None);

/// Whether [`GLOBAL`] has a profile sink: an op on the cpu device reads
/// nothing else of the context, so with no sink (and no scoped context)
/// it skips locking [`GLOBAL`] and cloning the context.
static GLOBAL_SINK: AtomicBool = AtomicBool::new(false);

thread_local! {
    static SCOPED: RefCell<Vec<DispatchContext>> = const { RefCell::new(Vec::new()) };
}

/// The context in force on this thread: the innermost
/// [`with_context`], else the process-wide one ([`set_context`]).
pub fn context() -> DispatchContext {
    SCOPED
        .with(|s| s.borrow().last().cloned())
        .unwrap_or_else(|| {
            GLOBAL
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
                .unwrap_or_default()
        })
}

/// Sets the process-wide context (the session's settings).
pub fn set_context(ctx: DispatchContext) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    GLOBAL_SINK.store(ctx.sink.is_some(), Ordering::Relaxed);
    *g = Some(ctx);
}

/// Sets the process-wide float64 mode (`:mode float64=...`).
pub fn set_float64_mode(mode: Float64Mode) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    g.get_or_insert_with(DispatchContext::default).float64 = mode;
}

/// Sets the process-wide profile sink and device timing (`:profile`,
/// `:time`), keeping the float64 mode. With no sink, dispatch builds no
/// [`OpRecord`].
pub fn set_profiling(sink: Option<Arc<dyn ProfileSink>>, device_timing: bool) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    let ctx = g.get_or_insert_with(DispatchContext::default);
    GLOBAL_SINK.store(sink.is_some(), Ordering::Relaxed);
    ctx.sink = sink;
    ctx.device_timing = device_timing;
}

/// Sets the process-wide verification sink (`:verify on`; `None`: off).
pub fn set_verify(sink: Option<Arc<dyn crate::verify::VerifySink>>) {
    let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
    g.get_or_insert_with(DispatchContext::default).verify = sink;
}

/// The context an op on `dev` needs: on the cpu device only the profile
/// sink matters (verification, device timing and the float64 mode are
/// NPU matters), so without a sink anywhere this is the default context,
/// built without a lock; NPU ops read the whole [`context`].
fn context_for(dev: Device) -> DispatchContext {
    let sink_possible =
        || GLOBAL_SINK.load(Ordering::Relaxed) || SCOPED.with(|s| !s.borrow().is_empty());
    if dev == Device::Cpu && !sink_possible() {
        DispatchContext::default()
    } else {
        context()
    }
}

/// The float64 mode in force on this thread.
pub fn float64_mode() -> Float64Mode {
    context().float64
}

/// Runs `f` with `ctx` in force on this thread only (tests, `:time STMT`).
pub fn with_context<R>(ctx: DispatchContext, f: impl FnOnce() -> R) -> R {
    struct Pop;
    impl Drop for Pop {
        fn drop(&mut self) {
            SCOPED.with(|s| s.borrow_mut().pop());
        }
    }
    SCOPED.with(|s| s.borrow_mut().push(ctx));
    let _pop = Pop;
    f()
}

/// The one device of `arrays`, or the mixed-devices `ValueError`. Host
/// scalars (one element: 0-d, size 1, or broadcast from one element) go
/// with any device.
pub fn common_device(arrays: &[&Array]) -> Result<Device> {
    let mut dev: Option<Device> = None;
    let mut scalar_dev: Option<Device> = None;
    for a in arrays {
        let d = a.device();
        if d == Device::Cpu && is_scalar_like(a) {
            scalar_dev.get_or_insert(d);
            continue;
        }
        match dev {
            None => dev = Some(d),
            Some(x) if x != d => return Err(mixed_devices(x, d)),
            _ => {}
        }
    }
    Ok(dev.or(scalar_dev).unwrap_or(Device::Cpu))
}

/// Whether every element of `a` is the one at its offset: each axis is
/// broadcast (stride 0) or of length one (a NumPy scalar reshaped to
/// `(1, 1)` inside `kron`, say).
fn is_scalar_like(a: &Array) -> bool {
    let l = a.layout();
    l.shape
        .iter()
        .zip(&l.strides)
        .all(|(&n, &s)| s == 0 || n == 1)
}

/// An uninitialised (cpu: zeroed) contiguous array on `dev`.
pub fn empty_on(dev: Device, shape: &[usize], dtype: DType) -> Result<Array> {
    match dev {
        Device::Cpu => Array::try_zeros(shape, dtype),
        Device::Npu(id) => {
            let d = open_npu(id)?;
            let da = xpush_ascend::DeviceArray::empty(&d, shape, dtype)?;
            Ok(xpush_ascend::tensor::wrap(d, da))
        }
    }
}

/// A new C-contiguous array of `shape` and `dtype` on `dev` with every
/// element `value` (already of `dtype`): `np.zeros`, `np.ones`, `np.full`,
/// `np.empty` and their `_like` forms. On an NPU it is made there, one
/// fill of a fresh buffer with no host round trip (`aclnnInplaceZero`,
/// `aclnnInplaceOne` or `aclnnInplaceFillScalar`, as
/// [`AscendBackend::aclnn_fill_for`] picks; the policy decides as for
/// any op).
pub fn full_on(dev: Device, shape: &[usize], dtype: DType, value: Scalar) -> Result<Array> {
    if dev == Device::Cpu {
        return Array::try_full(shape, value, dtype);
    }
    let dst = empty_on(dev, shape, dtype)?;
    if dst.size() == 0 {
        return Ok(dst);
    }
    dispatch_call_as(
        Op::Fill,
        Some(AscendBackend::aclnn_fill_for(dtype, value)),
        &[&dst],
        dtype,
        dtype,
        &|be, x, _| be.fill(&x[0], value),
        &|x, _| Ok(Array::full(x[0].shape(), value, dtype)),
    )
}

/// The `n` x `m` identity of `dtype` on `dev` (`np.eye` with `k=0`,
/// `np.identity`): on an NPU one `aclnnEye` into a fresh buffer; the
/// dtypes the 910B's Eye lacks (float64, complex, the wide unsigned) are
/// the bool identity cast (`aclnnCast`: zeros and ones are exact in every
/// dtype).
pub fn eye_on(dev: Device, n: usize, m: usize, dtype: DType) -> Result<Array> {
    let host_eye = |n: usize, m: usize| {
        let ones: Vec<bool> = (0..n * m).map(|p| p / m.max(1) == p % m.max(1)).collect();
        CpuBackend.cast(&Array::from_vec(ones, &[n, m])?, dtype)
    };
    if dev == Device::Cpu {
        return host_eye(n, m);
    }
    let plan = decide(
        Op::Eye.name(),
        AscendBackend::aclnn_for(Op::Eye),
        dtype,
        float64_mode(),
    );
    if dtype != DType::Bool && !matches!(plan, Plan::Native | Plan::Demote { .. }) {
        let b = eye_on(dev, n, m, DType::Bool)?;
        return crate::ops::cast(&b, dtype);
    }
    let dst = empty_on(dev, &[n, m], dtype)?;
    if dst.size() == 0 {
        return Ok(dst);
    }
    dispatch_call(
        Op::Eye,
        &[&dst],
        dtype,
        dtype,
        &|be, x, _| be.eye(&x[0]),
        &|_, _| host_eye(n, m),
    )
}

/// `np.arange` of `n` integers `start, start + step, ...` as `dtype` on
/// `dev`, made there by one `aclnnArange` (INT64 bounds: exact, so NumPy's
/// values) for int32/int64 results and float32/float64 results whose
/// values are all exact in the dtype (the ramps linspace starts from);
/// `None` otherwise (the caller builds it on the host).
pub fn arange_on(
    dev: Device,
    start: i64,
    step: i64,
    n: usize,
    dtype: DType,
) -> Result<Option<Array>> {
    let exact = |bits: u32| {
        let last = start as i128 + (n as i128 - 1) * step as i128;
        (start as i128).abs() <= 1i128 << bits && last.abs() <= 1i128 << bits
    };
    let fits = match dtype {
        DType::Int64 => true,
        DType::Int32 => exact(31) && (start as i128 + (n as i128 - 1) * step as i128) < 1i128 << 31,
        DType::Float32 => exact(24),
        DType::Float64 => exact(53),
        _ => false,
    };
    if dev == Device::Cpu || n == 0 || !fits || step == 0 {
        return Ok(None);
    }
    let plan = decide(
        Op::Arange.name(),
        AscendBackend::aclnn_for(Op::Arange),
        dtype,
        float64_mode(),
    );
    if !matches!(plan, Plan::Native | Plan::Demote { .. }) {
        return Ok(None);
    }
    let dst = empty_on(dev, &[n], dtype)?;
    dispatch_call(
        Op::Arange,
        &[&dst],
        dtype,
        dtype,
        &|be, x, _| be.arange(&x[0], start, step),
        &|_, _| Array::arange_int(start, start + n as i64 * step, step, dtype),
    )
    .map(Some)
}

/// `np.concatenate` of NPU arrays `parts` (all on `dev`, of the result
/// dtype `dtype`, checked by the caller) along `axis` into `shape`: one
/// `aclnnCat` where the policy keeps it on the NPU; `None` otherwise
/// (cpu arrays, mixed devices, a dtype Cat lacks: the caller copies the
/// parts into slices of the result).
pub fn concat_on_device(
    parts: &[Array],
    axis: usize,
    shape: &[usize],
    dtype: DType,
) -> Result<Option<Array>> {
    let Some(first) = parts.first() else {
        return Ok(None);
    };
    let dev = first.device();
    if dev == Device::Cpu
        || parts
            .iter()
            .any(|a| a.device() != dev || a.dtype() != dtype)
    {
        return Ok(None);
    }
    let plan = decide(
        Op::Concat.name(),
        AscendBackend::aclnn_for(Op::Concat),
        dtype,
        float64_mode(),
    );
    if !matches!(plan, Plan::Native | Plan::Demote { .. }) {
        return Ok(None);
    }
    // Empty parts add nothing (and CANN need not see them).
    let parts: Vec<&Array> = parts.iter().filter(|a| a.size() > 0).collect();
    if parts.is_empty() {
        return Ok(None);
    }
    dispatch_call(
        Op::Concat,
        &parts,
        dtype,
        dtype,
        &|be, x, _| be.concat(x, axis, shape),
        &|x, _| host_concat(x, axis, shape, dtype),
    )
    .map(Some)
}

/// Whether `op` runs on the NPU for `a` (a non-empty NPU array of a
/// dtype the policy keeps there): the ops whose `*_on_device` form
/// leaves other inputs to the caller's host path ([`sort_on_device`],
/// [`searchsorted_on_device`], [`nonzero_on_device`],
/// [`bincount_on_device`]), and the callers
/// that sort on the way to host work (order statistics, set routines),
/// which sort on the device first.
pub fn runs_on_device(op: Op, a: &Array) -> bool {
    a.device() != Device::Cpu
        && a.size() > 0
        && matches!(
            decide(
                op.name(),
                AscendBackend::aclnn_for(op),
                a.dtype(),
                float64_mode()
            ),
            Plan::Native | Plan::Demote { .. }
        )
}

/// `np.sort` / `np.argsort` of the NPU array `a` along `axis`: one stable
/// ascending `aclnnSort` (NaN last, as NumPy) where the policy keeps the
/// dtype on the NPU, giving the sorted values or, with `indices`, the
/// int64 positions; `None` otherwise (the caller sorts host lanes, as for
/// the dtypes Sort lacks). `host` is that host sort, the reference
/// `--verify` compares with.
pub fn sort_on_device(
    a: &Array,
    axis: usize,
    indices: bool,
    host: &dyn Fn(&Array) -> Result<Array>,
) -> Result<Option<Array>> {
    if !runs_on_device(Op::Sort, a) {
        return Ok(None);
    }
    let out = if indices { DType::Int64 } else { a.dtype() };
    dispatch_call(
        Op::Sort,
        &[a],
        a.dtype(),
        out,
        &|be, x, _| be.sort(&x[0], axis, indices),
        &|x, _| host(x[0]),
    )
    .map(Some)
}

/// `np.bincount(x)` (no weights) of the 1-d NPU array `x` whose values
/// lie in `0..n` (the caller checked them): one `aclnnBincount` where the
/// policy keeps the dtype on the NPU, the `n` int64 counts; `None`
/// otherwise. `host` is the host count, the reference `--verify`
/// compares with.
pub fn bincount_on_device(
    x: &Array,
    n: usize,
    host: &dyn Fn(&Array) -> Result<Array>,
) -> Result<Option<Array>> {
    if x.ndim() != 1 || n == 0 || !runs_on_device(Op::Bincount, x) {
        return Ok(None);
    }
    dispatch_call(
        Op::Bincount,
        &[x],
        x.dtype(),
        DType::Int64,
        &|be, a, _| be.bincount(&a[0], n),
        &|a, _| host(a[0]),
    )
    .map(Some)
}

/// `np.argwhere(a)` of the NPU array `a` (at least 1-d) with `count`
/// nonzero elements: one `aclnnNonzero` where the policy keeps the dtype
/// on the NPU, the `(count, a.ndim)` int64 indices; `None` otherwise (the
/// caller finds them on the host). `host` is that host search, the
/// reference `--verify` compares with.
pub fn nonzero_on_device(
    a: &Array,
    count: usize,
    host: &dyn Fn(&Array) -> Result<Array>,
) -> Result<Option<Array>> {
    if a.ndim() == 0 || !runs_on_device(Op::Nonzero, a) {
        return Ok(None);
    }
    dispatch_call(
        Op::Nonzero,
        &[a],
        a.dtype(),
        DType::Int64,
        &|be, x, _| be.nonzero(&x[0], count),
        &|x, _| host(x[0]),
    )
    .map(Some)
}

/// The host search [`searchsorted_on_device`] falls back to and verifies
/// by: `(seq, v, sorter)` to the insertion points.
pub type SearchSortedHost<'a> = dyn Fn(&Array, &Array, Option<&Array>) -> Result<Array> + 'a;

/// `np.searchsorted(seq, v, side, sorter)` of NPU arrays of one dtype
/// (`seq` 1-d, `sorter` int64 when given): one `aclnnSearchSorted` where
/// the policy keeps the dtype on the NPU, the int64 insertion points;
/// `None` otherwise (the caller bisects on the host). `host` is that host
/// search, the reference `--verify` compares with.
pub fn searchsorted_on_device(
    seq: &Array,
    v: &Array,
    right: bool,
    sorter: Option<&Array>,
    host: &SearchSortedHost<'_>,
) -> Result<Option<Array>> {
    if !runs_on_device(Op::SearchSorted, seq) || v.size() == 0 {
        return Ok(None);
    }
    let mut ins = vec![seq, v];
    ins.extend(sorter);
    dispatch_call(
        Op::SearchSorted,
        &ins,
        seq.dtype(),
        DType::Int64,
        &|be, x, _| be.searchsorted(&x[0], &x[1], right, x.get(2)),
        &|x, _| host(x[0], x[1], x.get(2).copied()),
    )
    .map(Some)
}

/// `np.roll` of the NPU array `a` by `shifts[i]` along `axes[i]` (distinct
/// axes, each shift already summed per axis): one `aclnnRoll` where the
/// policy keeps it on the NPU; `None` otherwise (the caller joins slices).
pub fn roll_on_device(a: &Array, shifts: &[i64], axes: &[usize]) -> Result<Option<Array>> {
    if a.device() == Device::Cpu || a.size() == 0 || axes.is_empty() {
        return Ok(None);
    }
    let plan = decide(
        Op::Roll.name(),
        AscendBackend::aclnn_for(Op::Roll),
        a.dtype(),
        float64_mode(),
    );
    if !matches!(plan, Plan::Native | Plan::Demote { .. }) {
        return Ok(None);
    }
    let dims: Vec<i64> = axes.iter().map(|&x| x as i64).collect();
    dispatch_call(
        Op::Roll,
        &[a],
        a.dtype(),
        a.dtype(),
        &|be, x, _| be.roll(&x[0], shifts, &dims),
        &|x, _| host_roll(x[0], shifts, axes),
    )
    .map(Some)
}

/// [`roll_on_device`] on the host: per axis, the two slices swapped.
fn host_roll(a: &Array, shifts: &[i64], axes: &[usize]) -> Result<Array> {
    let mut r = a.to_contiguous();
    for (&ax, &s) in axes.iter().zip(shifts) {
        let len = r.shape()[ax] as i64;
        if len == 0 || s.rem_euclid(len) == 0 {
            continue;
        }
        let cut = (len - s.rem_euclid(len)) as isize;
        let head = r.slice_axis(ax, Some(cut), None, 1)?;
        let tail = r.slice_axis(ax, None, Some(cut), 1)?;
        r = host_concat(&[&head, &tail], ax, r.shape(), r.dtype())?;
    }
    Ok(r)
}

/// [`concat_on_device`] on the host: copies into slices of a new array.
fn host_concat(parts: &[&Array], axis: usize, shape: &[usize], dtype: DType) -> Result<Array> {
    let out = Array::zeros(shape, dtype);
    let mut start = 0isize;
    for a in parts {
        let n = a.shape()[axis] as isize;
        let dst = out.slice_axis(axis, Some(start), Some(start + n), 1)?;
        CpuBackend.copy_into(a, &dst)?;
        start += n;
    }
    Ok(out)
}

/// `np.tril` (`lower`) or `np.triu` of the NPU array `m` (at least 2-d)
/// from diagonal `k`: one `aclnnTril`/`aclnnTriu` where the policy keeps it
/// on the NPU; `None` for a cpu array, an empty one, or a dtype the op
/// lacks (complex: the caller composes it on `where`).
pub fn tri_on_device(m: &Array, k: i64, lower: bool) -> Result<Option<Array>> {
    if m.device() == Device::Cpu || m.ndim() < 2 || m.size() == 0 {
        return Ok(None);
    }
    let op = if lower { Op::Tril } else { Op::Triu };
    let plan = decide(
        op.name(),
        AscendBackend::aclnn_for(op),
        m.dtype(),
        float64_mode(),
    );
    if !matches!(plan, Plan::Native | Plan::Demote { .. }) {
        return Ok(None);
    }
    dispatch_call(
        op,
        &[m],
        m.dtype(),
        m.dtype(),
        &|be, x, _| be.tri(&x[0], k, lower),
        &|x, _| host_tri(x[0], k, lower),
    )
    .map(Some)
}

/// [`tri_on_device`] on the host: a mask of the last two axes and `where`.
fn host_tri(m: &Array, k: i64, lower: bool) -> Result<Array> {
    let nd = m.ndim();
    let (r, c) = (m.shape()[nd - 2], m.shape()[nd - 1]);
    let keep: Vec<bool> = (0..r * c)
        .map(|p| {
            let d = (p % c) as i64 - (p / c) as i64;
            if lower {
                d <= k
            } else {
                d >= k
            }
        })
        .collect();
    let mask = Array::from_vec(keep, &[r, c])?.broadcast_to(m.shape())?;
    let zero = Array::zeros(&[], m.dtype()).broadcast_to(m.shape())?;
    CpuBackend.where_(&mask, m, &zero)
}

/// `a` on `dev`: host scalars are uploaded (one element, re-broadcast).
fn placed(a: &Array, dev: Device) -> Result<Array> {
    if a.device() == dev {
        return Ok(a.clone());
    }
    if is_scalar_like(a) {
        let one = a.with_layout(Layout {
            shape: vec![],
            strides: vec![],
            offset: a.layout().offset,
        });
        return one.to_device(dev)?.broadcast_to(a.shape());
    }
    Err(mixed_devices(dev, a.device()))
}

fn npu_backend(id: u32) -> Result<AscendBackend> {
    Ok(AscendBackend::new(open_npu(id)?))
}

/// The float64-class demotion of an output dtype.
pub(crate) fn demoted_out(out: DType, from: DType, to: DType) -> DType {
    if out == from {
        to
    } else {
        match out {
            DType::Float64 => DType::Float32,
            DType::Complex128 => DType::Complex64,
            o => o,
        }
    }
}

/// Opens `npu:id` (once per process) for an array or a backend, after
/// installing the [`DeviceOps`] every device array's `astype`, copies and
/// `fill` go through: a device array exists only once this has run.
fn open_npu(id: u32) -> Result<Arc<xpush_ascend::Device>> {
    xpush_core::device::install_device_ops(&Router);
    xpush_ascend::device(id as i32)
}

impl DeviceOps for Router {
    fn copy(&self, a: &Array) -> Result<Array> {
        crate::ops::copy(a)
    }

    fn cast(&self, a: &Array, dtype: DType) -> Result<Array> {
        crate::ops::cast(a, dtype)
    }

    fn fill(&self, dst: &Array, value: xpush_core::scalar::Scalar) -> Result<()> {
        write_scalar(dst, value)
    }
}

/// Moving arrays between devices: `a.to_device(device)`.
pub trait ToDevice {
    /// `a.to_device(device)`: the same array when it is already there,
    /// else a copy. To an NPU: a C-contiguous upload in stream order (of
    /// the transpose, seen transposed, for a Fortran-ordered array)
    /// (opening `npu:N` on first use, which is where a missing CANN is
    /// reported). To the cpu: [`Array::to_host`] (the device's stream is
    /// synchronized, then the buffer is copied back and viewed through
    /// the same layout). Bytes moved are counted for `:time`
    /// ([`bytes_moved`]).
    fn to_device(&self, target: Device) -> Result<Array>;
}

impl ToDevice for Array {
    fn to_device(&self, target: Device) -> Result<Array> {
        if self.device() == target {
            return Ok(self.clone());
        }
        let host = self.to_host()?;
        let l = host.layout();
        if target != Device::Cpu && l.is_f_contiguous() && !l.is_c_contiguous() {
            // A Fortran-ordered array stays so: its transpose is uploaded
            // (C-contiguous, no copy on the host) and seen transposed.
            return host.transpose(None)?.to_device(target)?.transpose(None);
        }
        match target {
            Device::Cpu => Ok(host),
            Device::Npu(id) => {
                let dev = open_npu(id)?;
                let d = xpush_ascend::DeviceArray::upload(&dev, &host)?;
                Ok(xpush_ascend::tensor::wrap(dev, d))
            }
        }
    }
}

/// Writes `value` into every element of the device view `dst` (for
/// `Array::set`/`fill` on an NPU array).
pub(crate) fn write_scalar(dst: &Array, value: xpush_core::scalar::Scalar) -> Result<()> {
    let v = Array::from_scalar(value.cast(dst.dtype())).to_device(dst.device())?;
    Router.copy_into(&v.broadcast_to(dst.shape())?, dst)
}

/// Copies a host array holding a device buffer's whole contents (as
/// `to_device(Cpu)` returns it) back into that buffer, in stream order.
fn write_back(dst: &Array, host: &Array) -> Result<()> {
    let n = xpush_ascend::tensor::npu_storage(dst)
        .ok_or_else(|| Error::runtime_error("internal: write_back to a host array"))?;
    let s = host.storage().read();
    n.write_all(s.as_bytes())
}

/// A host (cpu backend) half of a dispatched op, on host inputs, giving a
/// result of the output dtype it is passed (the op's own; verification
/// passes a wider one for its float64 golden, or the demoted one).
/// The inputs are borrowed: on the cpu device they are the operands
/// themselves (no clone of each array's layout per op).
type HostFn<'a> = &'a dyn Fn(&[&Array], DType) -> Result<Array>;

/// The ascend-backend half of a dispatched op: inputs on the device and
/// the (possibly demoted) output dtype.
type NativeFn<'a> = &'a dyn Fn(&AscendBackend, &[Array], DType) -> Result<Array>;

/// One op on the NPU under the policy. `native` runs it on the ascend
/// backend with the given (possibly demoted) inputs and output dtype;
/// `host` runs it on the cpu backend.
struct NpuCall<'a> {
    op: Op,
    /// The aclnn op the native path calls.
    aclnn: Option<&'static str>,
    id: u32,
    ins: Vec<Array>,
    dtype: DType,
    out: DType,
    native: NativeFn<'a>,
    host: HostFn<'a>,
}

struct Outcome {
    how: ExecKind,
    compute: DType,
    note: Option<String>,
}

fn run_host(c: &NpuCall) -> Result<Array> {
    let hs: Vec<Array> = c
        .ins
        .iter()
        .map(|a| a.to_device(Device::Cpu))
        .collect::<Result<_>>()?;
    let refs: Vec<&Array> = hs.iter().collect();
    (c.host)(&refs, c.out)?.to_device(Device::Npu(c.id))
}

fn run_npu(c: &NpuCall, outcome: &mut Outcome) -> Result<Array> {
    let aclnn = c.aclnn;
    let plan = decide(c.op.name(), aclnn, c.dtype, context().float64);
    let be = npu_backend(c.id)?;
    // The kernel facts: a call known to fail here runs on the host, or
    // gets contiguous inputs first.
    if let Some(problem) = xpush_ascend::facts::extra_problem() {
        crate::notices::once(
            "facts file".into(),
            format!("npu: XPUSH_KERNEL_FACTS: {problem}; its rows are not used"),
        );
    }
    let mut contiguous_first = false;
    let plan = match (plan, aclnn) {
        (plan @ (Plan::Native | Plan::Demote { .. }), Some(name)) => {
            let d = match plan {
                Plan::Demote { to } => to,
                _ => c.dtype,
            };
            let contiguous = c.ins.iter().all(|a| a.layout().is_c_contiguous());
            // A fused chain names its launches joined by `+`.
            let known = name
                .split('+')
                .find_map(|n| be.device().known_failure(n, d, contiguous));
            match known {
                Some(f) if f.action == xpush_ascend::facts::Action::Host => {
                    let note = format!("a known failure, ran on the host: {}", f.describe());
                    crate::notices::once(format!("facts {name} {d}"), format!("npu: {note}"));
                    Plan::Host { note }
                }
                Some(_) => {
                    contiguous_first = true;
                    plan
                }
                None => plan,
            }
        }
        (plan, _) => plan,
    };
    let contiguous_ins;
    let ins: &[Array] = if contiguous_first {
        contiguous_ins = c
            .ins
            .iter()
            .map(|a| {
                if a.layout().is_c_contiguous() {
                    Ok(a.clone())
                } else {
                    be.cast(a, a.dtype())
                }
            })
            .collect::<Result<Vec<_>>>()?;
        &contiguous_ins
    } else {
        &c.ins
    };
    let native_or_fallback =
        |ins: &[Array], out: DType, outcome: &mut Outcome| match (c.native)(&be, ins, out) {
            Err(e) if e.kind() == xpush_core::error::ExcKind::NotImplementedError => {
                if xpush_ascend::result::is_phase1_refusal(&e) {
                    crate::notices::once(
                        format!("phase1 {} {}", c.op.name(), c.dtype),
                        format!(
                            "npu: {}; np.{} of {} ran on the host",
                            e.msg(),
                            c.op.name(),
                            c.dtype
                        ),
                    );
                }
                outcome.how = ExecKind::HostFallback;
                outcome.compute = c.dtype;
                outcome.note = Some(e.msg().to_string());
                run_host(c)
            }
            r => r,
        };
    match plan {
        Plan::Native => {
            outcome.how = ExecKind::Native;
            native_or_fallback(ins, c.out, outcome)
        }
        Plan::Demote { to } => {
            outcome.how = ExecKind::Demoted;
            outcome.compute = to;
            let ins: Vec<Array> = ins
                .iter()
                .map(|a| {
                    if a.dtype() == c.dtype {
                        be.cast(a, to)
                    } else {
                        Ok(a.clone())
                    }
                })
                .collect::<Result<_>>()?;
            let out = demoted_out(c.out, c.dtype, to);
            let r = native_or_fallback(&ins, out, outcome)?;
            if r.dtype() != c.out {
                be.cast(&r, c.out)
            } else {
                Ok(r)
            }
        }
        Plan::Host { note } => {
            outcome.how = ExecKind::HostFallback;
            outcome.note = Some(note);
            run_host(c)
        }
        Plan::Raise(e) => Err(e),
    }
}

/// Runs `c` (or `cpu` for cpu operands), timing and recording it.
fn dispatch_call(
    op: Op,
    ins: &[&Array],
    dtype: DType,
    out: DType,
    native: NativeFn<'_>,
    host: HostFn<'_>,
) -> Result<Array> {
    dispatch_call_ref(op, ins, dtype, out, native, host, None)
}

/// [`dispatch_call`] of a call whose native path runs `aclnn` rather than
/// the op's usual aclnn op (the scalar forms: `aclnnAdds` for an add of a
/// Python number): the kernel facts, `:profile` and `:verify` name it.
fn dispatch_call_as(
    op: Op,
    aclnn: Option<&'static str>,
    ins: &[&Array],
    dtype: DType,
    out: DType,
    native: NativeFn<'_>,
    host: HostFn<'_>,
) -> Result<Array> {
    dispatch_call_full(op, aclnn, ins, dtype, out, native, host, None)
}

/// [`dispatch_call`] with the cpu reference verification runs, when `host`
/// has side effects (writes back to the device).
fn dispatch_call_ref(
    op: Op,
    ins: &[&Array],
    dtype: DType,
    out: DType,
    native: NativeFn<'_>,
    host: HostFn<'_>,
    reference: Option<HostFn<'_>>,
) -> Result<Array> {
    let aclnn = AscendBackend::aclnn_for(op);
    dispatch_call_full(op, aclnn, ins, dtype, out, native, host, reference)
}

/// The one way an op is dispatched: on the inputs' device, recorded,
/// verified; `aclnn` is the aclnn op its native path calls.
#[allow(clippy::too_many_arguments)]
fn dispatch_call_full(
    op: Op,
    aclnn: Option<&'static str>,
    ins: &[&Array],
    dtype: DType,
    out: DType,
    native: NativeFn<'_>,
    host: HostFn<'_>,
    reference: Option<HostFn<'_>>,
) -> Result<Array> {
    if VERIFYING.with(std::cell::Cell::get) {
        // Verification's own reference run: on the host, unrecorded.
        return host(ins, out);
    }
    if let Some(e) = take_pending_error() {
        return Err(e);
    }
    let dev = common_device(ins)?;
    let ctx = context_for(dev);
    // Host copies of the inputs before the device call (copy_into and
    // put write into one of them).
    let verify_ins = match (&ctx.verify, dev) {
        (Some(_), Device::Npu(_)) => {
            let _why = sync_because(SyncReason::expected(":verify"));
            crate::verify::host_copies(ins).ok()
        }
        _ => None,
    };
    // Timed only when someone records it.
    let t0 = ctx.sink.as_ref().map(|_| Instant::now());
    let (h0, d0) = bytes_moved();
    let mut outcome = Outcome {
        how: ExecKind::Cpu,
        compute: dtype,
        note: None,
    };
    let mut device_ms = None;
    let r = match dev {
        Device::Cpu => host(ins, out),
        Device::Npu(id) => {
            let placed_ins: Vec<Array> =
                ins.iter().map(|a| placed(a, dev)).collect::<Result<_>>()?;
            let c = NpuCall {
                op,
                aclnn,
                id,
                ins: placed_ins,
                dtype,
                out,
                native,
                host,
            };
            let d = xpush_ascend::device(id as i32)?;
            if ctx.device_timing {
                d.set_timing(true);
            }
            // A device→host copy inside is the op running on the host.
            let r = {
                let _why = sync_because(SyncReason::fallback(op.name()));
                run_npu(&c, &mut outcome)
            };
            if ctx.device_timing {
                let times = d.drain_timings()?;
                d.set_timing(false);
                device_ms = Some(times.iter().map(|t| t.ms).sum());
            }
            r
        }
    };
    let (h1, d1) = bytes_moved();
    let (how, compute) = (outcome.how, outcome.compute);
    if in_host_call() {
        HOST_WORK.with(|w| w.set(w.get() + 1));
    } else if r.is_ok() {
        count_op(outcome.how);
        count_host_run(outcome.how, op);
        if let Some(sink) = &ctx.sink {
            sink.record(&OpRecord {
                op: op.name(),
                aclnn,
                device: dev,
                how: outcome.how,
                dtype,
                compute_dtype: outcome.compute,
                host_ns: t0.map_or(0, |t| t.elapsed().as_nanos() as u64),
                device_ms,
                h2d_bytes: h1 - h0,
                d2h_bytes: d1 - d0,
                note: outcome.note,
                dtype_label: None,
            });
        }
    }
    if let (Some(sink), Some(vins), Ok(result)) = (&ctx.verify, verify_ins, &r) {
        let _why = sync_because(SyncReason::expected(":verify"));
        crate::verify::check(
            sink.as_ref(),
            crate::verify::Call {
                op,
                aclnn,
                device: dev,
                how,
                dtype,
                compute,
                out,
                ins: vins,
                result,
                reference: reference.unwrap_or(host),
            },
        );
    }
    r
}

thread_local! {
    /// How many [`host_call`]s are running on this thread.
    static HOST_CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Primitives dispatched inside the outermost running [`host_call`].
    static HOST_WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn in_host_call() -> bool {
    HOST_CALLS.with(|c| c.get() > 0)
}

/// Runs `f`, a library function an NPU session computes on the host
/// (`np.linalg.svd`, `np.fft.fft`, `np.random.normal`, ...: host copies
/// in, the result placed on the device after), and records it as one op
/// call named `name` (on input dtype `dtype`) that ran on the host, if it
/// did array work (`np.random.seed` does none). The primitives `f` dispatches
/// are its own host work: they run as usual but are not counted or
/// profiled one by one, so [`stats`] and `:profile` show the call the
/// user made rather than its internal casts and copies.
pub fn host_call<R>(name: &'static str, dtype: DType, f: impl FnOnce() -> Result<R>) -> Result<R> {
    host_call_impl(name, dtype, None, f)
}

/// [`host_call`] for an entry on a host dtype the runtime has no
/// [`DType`] for (string arrays): always recorded, with `label` (`"str"`)
/// as its dtype, since aclnn has no such type.
pub fn host_call_labelled<R>(
    name: &'static str,
    label: &'static str,
    f: impl FnOnce() -> Result<R>,
) -> Result<R> {
    host_call_impl(name, default_float(), Some(label), f)
}

fn host_call_impl<R>(
    name: &'static str,
    dtype: DType,
    label: Option<&'static str>,
    f: impl FnOnce() -> Result<R>,
) -> Result<R> {
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            HOST_CALLS.with(|c| c.set(c.get() - 1));
        }
    }
    let outer = !in_host_call();
    let t0 = Instant::now();
    let (h0, d0) = bytes_moved();
    if outer {
        HOST_WORK.with(|w| w.set(0));
    }
    HOST_CALLS.with(|c| c.set(c.get() + 1));
    let r = {
        let _leave = Leave;
        let _why = sync_because(SyncReason::fallback(name));
        f()
    };
    if r.is_ok() && outer && (label.is_some() || HOST_WORK.with(|w| w.get()) > 0) {
        match label {
            Some(l) => {
                *HOST_DTYPE_RUNS
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .entry(l)
                    .or_default() += 1
            }
            None => {
                count_op(ExecKind::HostFallback);
                *HOST_RUNS
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .entry((ExecKind::HostFallback, name))
                    .or_default() += 1;
            }
        }
        if let Some(sink) = &context().sink {
            let (h1, d1) = bytes_moved();
            let device = placement().device;
            sink.record(&OpRecord {
                op: name,
                aclnn: None,
                device,
                how: ExecKind::HostFallback,
                dtype,
                compute_dtype: dtype,
                host_ns: t0.elapsed().as_nanos() as u64,
                device_ms: None,
                h2d_bytes: h1 - h0,
                d2h_bytes: d1 - d0,
                note: Some(match label {
                    Some(l) => format!("{name}: computed on the host ({l} arrays are host arrays)"),
                    None => format!("{name}: computed on the host"),
                }),
                dtype_label: label,
            });
        }
    }
    r
}

/// The backend dispatch calls: runs each primitive on the device its
/// operands live on (cpu operands on [`CpuBackend`], NPU operands under
/// the [`xpush_ascend::policy`] on [`AscendBackend`]), raises the
/// mixed-devices `ValueError`, and records every op
/// ([`ProfileSink`], [`stats`]). Nothing here knows about the simulator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Router;

impl Router {
    /// `sum((a - mean)**2)` over `axes` for cpu arrays: the fused core of
    /// `var`/`std` (see `cpu::centered_sumsq`), recorded as one `var` op.
    /// The caller keeps NPU arrays on the composed path.
    pub(crate) fn centered_sumsq(&self, a: &Array, mean: &Array, axes: &[usize]) -> Result<Array> {
        dispatch_call(
            Op::Reduce(ReduceOp::Var),
            &[a, mean],
            a.dtype(),
            a.dtype(),
            &|_, _, _| Err(Error::not_implemented("the fused variance runs on the cpu")),
            &|x, _| xpush_cpu::centered_sumsq(x[0], x[1], axes),
        )
    }
}

impl Router {
    /// A fused elementwise chain ([`xpush_core::op::FusedStep`]s) over
    /// `ins`, recorded as one op named `name`: on the cpu the blocked pass
    /// of [`xpush_cpu::fused`]; on an NPU the launches `aclnn` names
    /// (joined by `+`, see [`xpush_ascend::fused`]), whose policy and
    /// kernel facts hold for each of them, with the cpu pass as the
    /// reference under `:verify`. The result, and whether some operator
    /// gave a value that is not finite on the cpu (NPU arrays raise no
    /// floating-point warnings, fused or not).
    pub(crate) fn fused_chain(
        &self,
        name: &'static str,
        aclnn: Option<&'static str>,
        steps: &[FusedStep],
        ins: &[&Array],
    ) -> Result<(Array, bool)> {
        let nonfinite = std::cell::Cell::new(false);
        let dtype = ins.first().map_or(DType::Float64, |a| a.dtype());
        let r = dispatch_call_as(
            Op::Fused(name),
            aclnn,
            ins,
            dtype,
            dtype,
            &|be, x, o| be.fused_chain(steps, x, o),
            &|x, _| {
                let (r, bad) = xpush_cpu::fused::chain(steps, x)?;
                nonfinite.set(bad);
                Ok(r)
            },
        )?;
        let on_cpu = ins.first().map(|a| a.device()) == Some(Device::Cpu);
        Ok((r, on_cpu && nonfinite.get()))
    }
}

impl Backend for Router {
    fn name(&self) -> &'static str {
        "router"
    }

    fn unary(&self, op: UnaryOp, a: &Array, out: DType) -> Result<Array> {
        dispatch_call(
            Op::Unary(op),
            &[a],
            a.dtype(),
            out,
            &|be, x, o| be.unary(op, &x[0], o),
            &|x, o| CpuBackend.unary(op, x[0], o),
        )
    }

    fn binary(&self, op: BinaryOp, a: &Array, b: &Array, out: DType) -> Result<Array> {
        if let Some((x, s, scalar_first)) = scalar_operand(op, a, b) {
            let host_s = if scalar_first { a } else { b };
            return dispatch_call_as(
                Op::Binary(op),
                AscendBackend::aclnn_scalar_for(op, scalar_first),
                &[x],
                x.dtype(),
                out,
                &|be, v, o| be.binary_host_scalar(op, &v[0], s, scalar_first, o),
                &|v, o| {
                    // Verification runs this in other dtypes (its float64
                    // golden): the scalar follows the array operand.
                    let s = if host_s.dtype() == v[0].dtype() {
                        host_s.clone()
                    } else {
                        host_s.astype(v[0].dtype())
                    };
                    let (l, r) = if scalar_first { (&s, v[0]) } else { (v[0], &s) };
                    CpuBackend.binary(op, l, r, o)
                },
            );
        }
        dispatch_call(
            Op::Binary(op),
            &[a, b],
            a.dtype(),
            out,
            &|be, x, o| be.binary(op, &x[0], &x[1], o),
            &|x, o| CpuBackend.binary(op, x[0], x[1], o),
        )
    }

    fn binary_scalar(
        &self,
        op: BinaryOp,
        a: &Array,
        s: Scalar,
        scalar_first: bool,
        out: DType,
    ) -> Result<Array> {
        if a.device() != Device::Cpu {
            // `binary` sends the scalar to the device's own scalar ops.
            return crate::ops::binary_broadcast_scalar(self, op, a, s, scalar_first, out);
        }
        dispatch_call(
            Op::Binary(op),
            &[a],
            a.dtype(),
            out,
            &|_, _, _| {
                Err(Error::not_implemented(
                    "a host array's scalar op runs on the cpu",
                ))
            },
            &|x, o| CpuBackend.binary_scalar(op, x[0], s, scalar_first, o),
        )
    }

    fn reduce(&self, op: ReduceOp, a: &Array, axes: &[usize], ddof: f64) -> Result<Array> {
        // var and std of complex input are real.
        let out = match op {
            ReduceOp::Var | ReduceOp::Std => a.dtype().real_dtype(),
            _ => a.dtype(),
        };
        dispatch_call(
            Op::Reduce(op),
            &[a],
            a.dtype(),
            out,
            &|be, x, _| be.reduce(op, &x[0], axes, ddof),
            &|x, _| CpuBackend.reduce(op, x[0], axes, ddof),
        )
    }

    fn cast(&self, a: &Array, dtype: DType) -> Result<Array> {
        dispatch_call(
            Op::Cast(dtype),
            &[a],
            a.dtype(),
            dtype,
            &|be, x, o| be.cast(&x[0], o),
            &|x, _| CpuBackend.cast(x[0], dtype),
        )
    }

    fn copy_into(&self, src: &Array, dst: &Array) -> Result<()> {
        dispatch_call_ref(
            Op::Copy,
            &[src, dst],
            src.dtype(),
            dst.dtype(),
            &|be, x, _| be.copy_into(&x[0], &x[1]).map(|()| x[1].clone()),
            &|x, _| {
                if dst.device() == Device::Cpu {
                    CpuBackend.copy_into(x[0], dst)?;
                    return Ok(dst.clone());
                }
                // x[1] is a host copy of dst's whole buffer: write, then
                // send the buffer back.
                CpuBackend.copy_into(x[0], x[1])?;
                write_back(dst, x[1])?;
                Ok(x[1].clone())
            },
            Some(&|x, _| {
                CpuBackend.copy_into(x[0], x[1])?;
                Ok(x[1].clone())
            }),
        )
        .map(|_| ())
    }

    /// Host arrays hand the buffer over where the cpu backend can; any
    /// other pair is a copy, routed as [`Backend::copy_into`].
    fn move_into(&self, src: Array, dst: &Array) -> Result<()> {
        if src.device() == Device::Cpu && dst.device() == Device::Cpu {
            return CpuBackend.move_into(src, dst);
        }
        self.copy_into(&src, dst)
    }

    fn where_(&self, cond: &Array, a: &Array, b: &Array) -> Result<Array> {
        dispatch_call(
            Op::Where,
            &[cond, a, b],
            a.dtype(),
            a.dtype(),
            &|be, x, _| be.where_(&x[0], &x[1], &x[2]),
            &|x, _| CpuBackend.where_(x[0], x[1], x[2]),
        )
    }

    fn take(&self, a: &Array, offsets: &[usize], shape: &[usize]) -> Result<Array> {
        dispatch_call(
            Op::Gather,
            &[a],
            a.dtype(),
            a.dtype(),
            &|be, x, _| be.take(&x[0], offsets, shape),
            &|x, _| CpuBackend.take(x[0], offsets, shape),
        )
    }

    fn put(&self, dst: &Array, offsets: &[usize], values: &Array) -> Result<()> {
        dispatch_call_ref(
            Op::Scatter,
            &[dst, values],
            dst.dtype(),
            dst.dtype(),
            &|be, x, _| be.put(&x[0], offsets, &x[1]).map(|()| x[0].clone()),
            &|x, _| {
                if dst.device() == Device::Cpu {
                    CpuBackend.put(dst, offsets, x[1])?;
                    return Ok(dst.clone());
                }
                CpuBackend.put(x[0], offsets, x[1])?;
                write_back(dst, x[0])?;
                Ok(x[0].clone())
            },
            Some(&|x, _| {
                CpuBackend.put(x[0], offsets, x[1])?;
                Ok(x[0].clone())
            }),
        )
        .map(|_| ())
    }
}

/// For `a OP b` with one NPU operand and one host scalar (a Python or
/// NumPy scalar, broadcast): the NPU operand, the scalar and whether the
/// scalar comes first, when `OP` has an aclnn scalar form on that side
/// ([`AscendBackend::aclnn_scalar_for`]: `aclnnAdds`, `aclnnRsubs`,
/// `aclnnLeScalar`, `aclnnPowTensorScalar`, ...). An integer power with a
/// negative integer exponent is left to the tensor path, which raises
/// NumPy's ValueError.
fn scalar_operand<'a>(
    op: BinaryOp,
    a: &'a Array,
    b: &'a Array,
) -> Option<(&'a Array, xpush_core::scalar::Scalar, bool)> {
    let host_scalar = |x: &Array| x.device() == Device::Cpu && is_scalar_like(x) && x.size() > 0;
    let first = |x: &Array| {
        x.with_layout(Layout {
            shape: vec![],
            strides: vec![],
            offset: x.layout().offset,
        })
        .item()
        .ok()
    };
    if a.dtype() != b.dtype() {
        return None;
    }
    let (x, s, scalar_first) = if a.device().is_npu() && host_scalar(b) {
        (a, first(b)?, false)
    } else if b.device().is_npu() && host_scalar(a) {
        (b, first(a)?, true)
    } else {
        return None;
    };
    AscendBackend::aclnn_scalar_for(op, scalar_first)?;
    if op == BinaryOp::Power && !scalar_first && !x.dtype().is_inexact() && s.as_f64() < 0.0 {
        return None;
    }
    Some((x, s, scalar_first))
}

/// `np.matmul(a, b)` under the device policy: `a` and `b` already of one
/// dtype; `shape` is NumPy's result shape; `cpu` is the host kernel (the
/// cpu linalg module's), used on the cpu device and for host fallbacks.
/// On the NPU: `aclnnMatmul` with `cubeMathType` 0 (float32/16/bf16 only:
/// float64 follows the float64 mode, integers run on the host).
pub fn matmul_with(
    a: &Array,
    b: &Array,
    shape: &[usize],
    cpu: &dyn Fn(&Array, &Array) -> Result<Array>,
) -> Result<Array> {
    dispatch_call(
        Op::Matmul,
        &[a, b],
        a.dtype(),
        a.dtype(),
        &|be, x, _| be.matmul(&x[0], &x[1], shape),
        &|x, _| cpu(x[0], x[1]),
    )
}

/// Whether `np.matmul` of `dtype` on `device` is composed of elementwise
/// multiplies and a sum instead of one matmul call: bool and integer
/// products on the NPU, where aclnnMatmul takes floats only (research
/// notes §6.2). The composition's ops run through aclnn (aclnnMul and
/// aclnnReduceSum take every integer dtype but the unsigned wide ones).
pub fn matmul_composed(dtype: DType, device: Device) -> bool {
    matches!(device, Device::Npu(_)) && !dtype.is_inexact()
}

// ---- The session's placement: where new arrays go ---------------------------

/// Where a session puts the arrays it creates, and their default float
/// dtype (`:device`, `:mode dtype=`). Creation functions and conversions
/// of Python values ask [`place`], and the stdlib's call site moves a
/// cpu array result of any function (one computed or built on the host)
/// to the session device with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The session device.
    pub device: Device,
    /// The dtype of floats created without a dtype (`np.zeros(2)`,
    /// `np.array([1.5])`).
    pub float: DType,
}

impl Default for Placement {
    fn default() -> Placement {
        Placement {
            device: Device::Cpu,
            float: DType::Float64,
        }
    }
}

static PLACEMENT: Mutex<Placement> = Mutex::new(Placement {
    device: Device::Cpu,
    float: DType::Float64,
});

/// The process's placement (the session's device and default float).
pub fn placement() -> Placement {
    *PLACEMENT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sets the process's placement (the session does, on `:device`/`:mode`).
pub fn set_placement(p: Placement) {
    *PLACEMENT.lock().unwrap_or_else(|e| e.into_inner()) = p;
}

/// Runs `f` with the cpu as the session device (arrays it makes from
/// Python values stay on the host), then restores the session's placement.
pub fn with_host_placement<T>(f: impl FnOnce() -> T) -> T {
    let session = placement();
    set_placement(Placement {
        device: Device::Cpu,
        ..session
    });
    let r = f();
    set_placement(session);
    r
}

/// The default float dtype of new arrays: float64 unless the session says
/// otherwise (float32 on the npu).
pub fn default_float() -> DType {
    placement().float
}

/// A newly created host array on the session device (no copy on cpu);
/// a read-only array stays read-only there.
pub fn place(a: Array) -> Result<Array> {
    match placement().device {
        Device::Cpu => Ok(a),
        d if a.device() == d => Ok(a),
        d if a.device() == Device::Cpu => {
            let placed = a.to_device(d)?;
            Ok(if a.is_writeable() {
                placed
            } else {
                placed.into_read_only()
            })
        }
        _ => Ok(a),
    }
}
