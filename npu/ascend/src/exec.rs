//! The launch path between the backend and phase 1: arguments as values,
//! the executor cache, and [`Prepared`] executors waiting for phase 2.
//!
//! On a real NPU most of the host cost of a small aclnn op is phase 1
//! (`aclnnXxxGetWorkspaceSize`) and the descriptors it reads (research
//! notes §4.3, issue 23: 70–155 µs per op from Python). So the backend
//! does not build descriptors itself: it passes each op's arguments as
//! values ([`Arg`]: device arrays, host scalars, int arrays, plain
//! numbers), the phase-1 wrapper ([`crate::loader::phase1`]) turns them
//! into a [`Signature`] (op, dtypes, shapes, strides, offsets, storage
//! sizes, which tensors share a buffer, scalar values) and asks the
//! device's [`ExecCache`]. A hit is an executor kept from an earlier call
//! with the same signature: its tensors' device addresses are swapped in
//! (`aclSetInputTensorAddr`/`aclSetOutputTensorAddr`) and phase 1 is
//! skipped, descriptors and all. A miss builds the descriptors, runs phase
//! 1 and asks CANN to make the executor repeatable
//! (`aclSetAclOpExecutorRepeatable`, right after phase 1 as its doc
//! requires); CANN refuses ops that copy inside, which then stay one-shot
//! and are remembered as such. After phase 2 a repeatable executor goes
//! (back) into the cache, which keeps the most recently used
//! [`CACHE_CAPACITY`] of them.
//!
//! Sources: `hicann/opbase` `docs/en/api/nnopbase/aclnn/
//! aclSetAclOpExecutorRepeatable.md` (call right after phase 1; refused
//! for ops with `CopyToNpu`/same-address `ViewCopy`; destroy with
//! `aclDestroyAclOpExecutor`), `aclSetInputTensorAddr.md` (index among
//! the op's input tensors; the descriptor phase 1 saw is passed again),
//! `src/nnopbase/.../op_executor.cpp` (`CommonOpExecutorRun` keeps a
//! repeatable executor after phase 2 and deletes any other).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::alloc::DeviceBuffer;
use super::loader::{AclLibrary, ToFfi};
use super::result::{self, AclError, AclErrorKind, DevicePtr};
pub use super::safe::{Executor, IntoMeta, Metas, RunFn};
use super::safe::{IntArrayDesc, ScalarDesc, Stream, TensorDesc, TensorListDesc};
use super::tensor::DeviceArray;
use xpush_core::dtype::{DType, WithDType};

/// How many repeatable executors a device keeps (least recently used out
/// first).
pub const CACHE_CAPACITY: usize = 256;

/// How many refused signatures are remembered before the list starts
/// afresh.
const REFUSED_CAPACITY: usize = 4096;

/// What a tensor argument is to CANN's address calls: the `const
/// aclTensor*` arguments of a phase 1 are its inputs, the `aclTensor*`
/// ones (`out`, `valuesOut`, `selfRef`) its outputs, each counted in
/// argument order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An input tensor.
    Input,
    /// An output tensor.
    Output,
}

impl Role {
    /// The role of the phase-1 argument called `name` in the op table
    /// (the header's `aclTensor *out`, `*_out` and `selfRef` are outputs).
    pub fn of(name: &str) -> Role {
        if name == "out" || name.ends_with("_out") || name == "self_ref" {
            Role::Output
        } else {
            Role::Input
        }
    }
}

/// What identifies a call for the cache, and its tensors' addresses.
#[derive(Debug)]
pub struct Signature {
    op: &'static str,
    key: Vec<u8>,
    tensors: Vec<(Role, usize)>,
    cacheable: bool,
    /// While a graph is captured: the buffers of the call's tensors, which
    /// the graph keeps (see [`Signature::hold_buffers`]).
    held: Option<Vec<(Role, Arc<DeviceBuffer>)>>,
}

impl Signature {
    /// An empty signature of `op`.
    pub fn new(op: &'static str) -> Signature {
        let mut key = Vec::with_capacity(128);
        key.extend_from_slice(op.as_bytes());
        key.push(0);
        Signature {
            op,
            key,
            tensors: Vec::new(),
            cacheable: true,
            held: None,
        }
    }

    /// Makes the signature hold its tensors' buffers (a graph being
    /// captured replays with their addresses, so it must keep them).
    pub fn hold_buffers(&mut self) {
        self.held = Some(Vec::new());
    }

    /// The buffers held, with their roles.
    pub fn take_held(&mut self) -> Vec<(Role, Arc<DeviceBuffer>)> {
        self.held.take().unwrap_or_default()
    }

    fn hold(&mut self, role: Role, buf: &Arc<DeviceBuffer>) {
        if let Some(h) = &mut self.held {
            h.push((role, Arc::clone(buf)));
        }
    }

    fn push(&mut self, v: i64) {
        self.key.extend_from_slice(&v.to_le_bytes());
    }

    /// The op.
    pub fn op(&self) -> &'static str {
        self.op
    }

    /// Whether a call like this one can reuse an executor.
    pub fn cacheable(&self) -> bool {
        self.cacheable
    }
}

/// A phase-1 argument: signed for the cache without touching CANN, and
/// described (made into the CANN object phase 1 reads) only on a miss.
pub trait Arg {
    /// What phase 1 is passed.
    type Desc<'l>: ToFfi + IntoMeta;
    /// Adds the argument called `name` to `sig`.
    fn sign(&self, name: &str, sig: &mut Signature);
    /// The CANN object (or plain value) for phase 1.
    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<Self::Desc<'l>, AclError>;
}

impl Arg for &DeviceArray {
    type Desc<'l> = TensorDesc<'l>;

    fn sign(&self, name: &str, sig: &mut Signature) {
        let l = self.layout();
        let addr = self.buffer().ptr().0;
        sig.push(self.dtype() as i64);
        sig.push(l.shape.len() as i64);
        for &n in &l.shape {
            sig.push(n as i64);
        }
        for &s in &l.strides {
            sig.push(s as i64);
        }
        sig.push(l.offset as i64);
        sig.push((self.buffer().len() / self.dtype().itemsize()) as i64);
        // Which earlier tensor shares this buffer, if any: the executor was
        // planned for that aliasing (an op on `x, x` is not one on `x, y`).
        let alias = sig.tensors.iter().position(|&(_, a)| a == addr);
        sig.push(alias.map_or(-1, |i| i as i64));
        sig.tensors.push((Role::of(name), addr));
        sig.hold(Role::of(name), self.buffer_arc());
    }

    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<TensorDesc<'l>, AclError> {
        let l = self.layout();
        TensorDesc::new(
            lib,
            self.buffer(),
            self.dtype(),
            &l.shape,
            &l.strides,
            l.offset,
        )
    }
}

/// An optional tensor (`sorter` of aclnnSearchSorted): a null `aclTensor *`
/// when absent. A call without it is not cached: how CANN numbers the
/// tensors after an absent one for `aclSetInputTensorAddr` is not
/// documented.
impl Arg for Option<&DeviceArray> {
    type Desc<'l> = Option<TensorDesc<'l>>;

    fn sign(&self, name: &str, sig: &mut Signature) {
        match self {
            Some(a) => {
                sig.push(1);
                a.sign(name, sig);
            }
            None => {
                sig.push(0);
                sig.cacheable = false;
            }
        }
    }

    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<Option<TensorDesc<'l>>, AclError> {
        self.map(|a| a.describe(lib)).transpose()
    }
}

/// A tensor list (the indices of a scatter): never cached, as its
/// tensors' addresses would need `aclSetDynamicInputTensorAddr`.
#[derive(Clone, Copy, Debug)]
pub struct TensorList<'a>(pub &'a [&'a DeviceArray]);

impl Arg for TensorList<'_> {
    type Desc<'l> = TensorListDesc<'l>;

    fn sign(&self, name: &str, sig: &mut Signature) {
        sig.cacheable = false;
        for a in self.0 {
            sig.hold(Role::of(name), a.buffer_arc());
        }
    }

    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<TensorListDesc<'l>, AclError> {
        let tensors = self
            .0
            .iter()
            .map(|a| a.describe(lib))
            .collect::<Result<Vec<_>, _>>()?;
        TensorListDesc::new(lib, tensors)
    }
}

/// A host scalar operand (an `aclScalar`): its dtype and value bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HostScalar {
    dtype: DType,
    bytes: [u8; 16],
}

impl HostScalar {
    /// `v` as a scalar of its dtype.
    pub fn new<T: WithDType>(v: T) -> HostScalar {
        let mut bytes = [0u8; 16];
        let storage = T::wrap_vec(vec![v]);
        let src = storage.as_bytes();
        bytes[..src.len()].copy_from_slice(src);
        HostScalar {
            dtype: T::DTYPE,
            bytes,
        }
    }

    /// `1`, the `alpha` of Add and Sub on a tensor of `d`: of `d` itself,
    /// but real for a complex `d` (1.0 of its parts' precision). CANN runs
    /// the plain Add/Sub only for an alpha its `IsScalarOne` calls one,
    /// which a complex alpha never is; with one it multiplies by 1+0j
    /// first, and a NaN part spreads to the other part (see
    /// npu/include/NOTES.md).
    pub fn one(d: DType) -> HostScalar {
        let d = if d.is_complex() { d.real_dtype() } else { d };
        xpush_core::with_dtype!(d, T => HostScalar::new(<T as WithDType>::ONE))
    }

    /// The dtype.
    pub fn dtype(&self) -> DType {
        self.dtype
    }
}

impl Arg for HostScalar {
    type Desc<'l> = ScalarDesc<'l>;

    fn sign(&self, _name: &str, sig: &mut Signature) {
        sig.push(self.dtype as i64);
        sig.key.extend_from_slice(&self.bytes);
    }

    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<ScalarDesc<'l>, AclError> {
        ScalarDesc::from_bytes(lib, self.dtype, &self.bytes[..self.dtype.itemsize()])
    }
}

/// An int array argument (axes, dims).
#[derive(Clone, Copy, Debug)]
pub struct IntArray<'a>(pub &'a [i64]);

impl Arg for IntArray<'_> {
    type Desc<'l> = IntArrayDesc<'l>;

    fn sign(&self, _name: &str, sig: &mut Signature) {
        sig.push(self.0.len() as i64);
        for &v in self.0 {
            sig.push(v);
        }
    }

    fn describe<'l>(&self, lib: &'l AclLibrary) -> Result<IntArrayDesc<'l>, AclError> {
        IntArrayDesc::new(lib, self.0)
    }
}

macro_rules! plain_args {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            type Desc<'l> = $t;
            fn sign(&self, _name: &str, sig: &mut Signature) {
                sig.push(*self as i64);
            }
            fn describe(&self, _lib: &AclLibrary) -> Result<$t, AclError> {
                Ok(*self)
            }
        }
    )*};
}
plain_args!(bool, i8, i32, i64);

/// A repeatable executor kept between calls.
struct Entry {
    exec: Executor,
    workspace: u64,
    /// The device address each tensor has now, in argument order.
    addrs: Vec<(Role, usize)>,
    used: u64,
}

/// Cache counters, for `:device cache` and `:profile`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Calls that reused an executor (phase 1 skipped).
    pub hits: u64,
    /// Calls that ran phase 1.
    pub misses: u64,
    /// Executors CANN refused to make repeatable (ops that copy inside).
    pub refused: u64,
    /// Executors dropped to make room.
    pub evicted: u64,
    /// Executors kept now.
    pub entries: usize,
    /// Whether the loaded CANN has the repeatable-executor calls.
    pub supported: bool,
    /// Whether the cache is in use.
    pub enabled: bool,
    /// Per aclnn op: (op, hits, misses), by op.
    pub per_op: Vec<(&'static str, u64, u64)>,
}

#[derive(Default)]
struct Inner {
    entries: HashMap<Vec<u8>, Entry>,
    /// Signatures CANN would not make repeatable: phase 1 every time.
    refused_keys: HashSet<Vec<u8>>,
    tick: u64,
    hits: u64,
    misses: u64,
    refused: u64,
    evicted: u64,
    per_op: HashMap<&'static str, (u64, u64)>,
}

impl Inner {
    fn count(&mut self, op: &'static str, hit: bool) {
        let c = self.per_op.entry(op).or_default();
        if hit {
            self.hits += 1;
            c.0 += 1;
        } else {
            self.misses += 1;
            c.1 += 1;
        }
    }
}

/// A device's repeatable executors, by [`Signature`].
pub struct ExecCache {
    origin: String,
    supported: bool,
    enabled: AtomicBool,
    inner: Mutex<Inner>,
}

impl std::fmt::Debug for ExecCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExecCache")
            .field("supported", &self.supported)
            .finish_non_exhaustive()
    }
}

impl ExecCache {
    /// The cache of a device of `lib`: on when the library has the
    /// repeatable-executor calls and `XPUSH_NPU_EXEC_CACHE` is not `0`.
    pub fn new(lib: &AclLibrary) -> ExecCache {
        let supported = result::has_repeatable_executors(lib);
        let off = std::env::var_os("XPUSH_NPU_EXEC_CACHE").is_some_and(|v| v == "0");
        ExecCache {
            origin: lib.origin().to_string(),
            supported,
            enabled: AtomicBool::new(supported && !off),
            inner: Mutex::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether calls are cached.
    pub fn enabled(&self) -> bool {
        self.enabled.load(Ordering::Relaxed)
    }

    /// Turns the cache on or off (off frees every kept executor); on
    /// without CANN's support is an error.
    pub fn set_enabled(&self, on: bool) -> Result<(), AclError> {
        if on && !self.supported {
            return Err(AclError::new(
                AclErrorKind::MissingSymbol,
                "aclSetAclOpExecutorRepeatable",
                None,
                format!(
                    "{} has no repeatable executors (CANN 8.0 and later have them)",
                    self.origin
                ),
            ));
        }
        self.enabled.store(on, Ordering::Relaxed);
        if !on {
            self.clear();
        }
        Ok(())
    }

    /// Frees every kept executor (the counters stay).
    pub fn clear(&self) {
        let entries: Vec<Entry> = self.lock().entries.drain().map(|(_, e)| e).collect();
        drop(entries);
    }

    /// Zeroes the counters.
    pub fn reset_stats(&self) {
        let mut g = self.lock();
        g.hits = 0;
        g.misses = 0;
        g.refused = 0;
        g.evicted = 0;
        g.per_op.clear();
    }

    /// The counters.
    pub fn stats(&self) -> CacheStats {
        let g = self.lock();
        let mut per_op: Vec<(&'static str, u64, u64)> =
            g.per_op.iter().map(|(&k, &(h, m))| (k, h, m)).collect();
        per_op.sort_unstable();
        CacheStats {
            hits: g.hits,
            misses: g.misses,
            refused: g.refused,
            evicted: g.evicted,
            entries: g.entries.len(),
            supported: self.supported,
            enabled: self.enabled(),
            per_op,
        }
    }

    /// A kept executor for `sig`, with its tensors' addresses set to this
    /// call's; `None` on a miss (counted) or when `sig` is not cacheable.
    pub fn reuse(&self, sig: &Signature, run: RunFn) -> Option<Prepared> {
        if !self.enabled() || !sig.cacheable {
            return None;
        }
        let taken = self.lock().entries.remove(&sig.key);
        let patched = taken.and_then(|mut e| Self::patch(&mut e, sig).ok().map(|()| e));
        // An executor that cannot take the new addresses is dropped (freed)
        // and the call plans afresh.
        self.lock().count(sig.op, patched.is_some());
        let entry = patched?;
        Some(Prepared {
            name: sig.op,
            run,
            workspace: entry.workspace,
            exec: entry.exec,
            keep: Some(Keep {
                key: sig.key.clone(),
                addrs: entry.addrs,
            }),
            held: Vec::new(),
        })
    }

    /// Sets the addresses that differ from the entry's.
    fn patch(entry: &mut Entry, sig: &Signature) -> Result<(), AclError> {
        let (mut n_in, mut n_out) = (0usize, 0usize);
        for (k, &(role, addr)) in sig.tensors.iter().enumerate() {
            let index = match role {
                Role::Input => &mut n_in,
                Role::Output => &mut n_out,
            };
            if entry.addrs[k].1 != addr {
                entry
                    .exec
                    .set_tensor_addr(role == Role::Output, *index, k, DevicePtr(addr))?;
                entry.addrs[k].1 = addr;
            }
            *index += 1;
        }
        Ok(())
    }

    /// After a miss's phase 1: makes `p` repeatable when its signature can
    /// be cached. CANN may refuse (ops that copy inside): then it stays
    /// one-shot and its signature is remembered, so later calls go
    /// straight to phase 1.
    pub fn adopt(&self, p: &mut Prepared, sig: &Signature) {
        if !self.enabled() || !sig.cacheable || self.lock().refused_keys.contains(&sig.key) {
            return;
        }
        match p.exec.make_repeatable() {
            Ok(()) => {
                p.keep = Some(Keep {
                    key: sig.key.clone(),
                    addrs: sig.tensors.clone(),
                })
            }
            Err(_) => {
                let mut g = self.lock();
                g.refused += 1;
                // Bounded: a session of ever new shapes would grow it
                // forever; forgetting only costs one refused call again.
                if g.refused_keys.len() >= REFUSED_CAPACITY {
                    g.refused_keys.clear();
                }
                g.refused_keys.insert(sig.key.clone());
            }
        }
    }

    /// Keeps a repeatable executor after its phase 2, making room by
    /// freeing the least recently used one.
    fn put(&self, key: Vec<u8>, entry: Entry) {
        let freed = {
            let mut g = self.lock();
            g.tick += 1;
            let used = g.tick;
            let mut freed = Vec::new();
            if g.entries.len() >= CACHE_CAPACITY && !g.entries.contains_key(&key) {
                let oldest = g
                    .entries
                    .iter()
                    .min_by_key(|(_, e)| e.used)
                    .map(|(k, _)| k.clone());
                if let Some(e) = oldest.and_then(|k| g.entries.remove(&k)) {
                    g.evicted += 1;
                    freed.push(e);
                }
            }
            freed.extend(g.entries.insert(key, Entry { used, ..entry }));
            freed
        };
        drop(freed);
    }
}

/// Where a repeatable executor goes after phase 2.
#[derive(Debug)]
struct Keep {
    key: Vec<u8>,
    addrs: Vec<(Role, usize)>,
}

/// An executor after phase 1 (or taken from the cache), waiting for phase
/// 2.
#[derive(Debug)]
pub struct Prepared {
    name: &'static str,
    run: RunFn,
    workspace: u64,
    exec: Executor,
    keep: Option<Keep>,
    /// The tensors' buffers, held while a graph is captured.
    held: Vec<(Role, Arc<DeviceBuffer>)>,
}

impl Prepared {
    /// Checks phase 1's status and wraps its executor and descriptors.
    pub(crate) fn new(
        lib: Arc<AclLibrary>,
        name: &'static str,
        run: RunFn,
        status: i32,
        workspace: u64,
        exec: *mut xpush_cann::sys::aclOpExecutor,
        metas: Metas,
    ) -> Result<Prepared, AclError> {
        Ok(Prepared {
            name,
            run,
            workspace,
            exec: Executor::new(lib, name, status, exec, metas)?,
            keep: None,
            held: Vec::new(),
        })
    }

    /// Takes the buffers `sig` held (a capture is in progress).
    pub fn hold(&mut self, sig: &mut Signature) {
        self.held = sig.take_held();
    }

    /// The buffers held for a capture, with their roles.
    pub(crate) fn take_held(&mut self) -> Vec<(Role, Arc<DeviceBuffer>)> {
        std::mem::take(&mut self.held)
    }

    /// The op name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Bytes of device workspace phase 2 needs.
    pub fn workspace_size(&self) -> u64 {
        self.workspace
    }

    /// Whether the executor came from the cache or will go into it.
    pub fn repeatable(&self) -> bool {
        self.keep.is_some()
    }

    /// Phase 2: enqueues the op on `stream` with `workspace` (at least
    /// [`workspace_size`](Self::workspace_size) bytes, or `None` when that
    /// is 0). A one-shot executor is consumed whatever the outcome; a
    /// repeatable one goes (back) into `cache`.
    pub fn run(
        self,
        workspace: Option<&DeviceBuffer>,
        stream: &Stream,
        cache: &ExecCache,
    ) -> Result<(), AclError> {
        let Prepared {
            name,
            run,
            workspace: size,
            exec,
            keep,
            held: _,
        } = self;
        let (outcome, back) = exec.run(name, run, workspace, size, stream);
        if let (Some(exec), Some(keep)) = (back, keep) {
            cache.put(
                keep.key,
                Entry {
                    exec,
                    workspace: size,
                    addrs: keep.addrs,
                    used: 0,
                },
            );
        }
        outcome
    }
}
