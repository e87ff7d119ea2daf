//! Meta objects (`aclCreateTensor` …) and the aclnn operators: phase 1
//! validates like the 910B (research notes §6.2 lists) and builds an
//! executor; phase 2 queues it on the stream; the kernels are the cpu
//! backend's (see `host.rs`) over the described views.

use std::cmp::Ordering;
use std::ffi::c_void;
use std::sync::Arc;

use xpush_cann::dtype::{acl_dtype, acl_dtype_name, dtype_from_acl};
use xpush_cann::sys::{
    self, aclDataType, aclIntArray, aclOpExecutor, aclScalar, aclTensor, aclTensorList, aclnnStatus,
};
use xpush_core::backend::Backend;
use xpush_core::dtype::{DType, Elem};
use xpush_core::layout::{broadcast_shapes, Layout};
use xpush_core::op::{BinaryOp, ReduceOp, UnaryOp};
use xpush_core::scalar::Scalar;
use xpush_core::storage::{CpuStorage, SharedStorage};
use xpush_core::{Array, Error};
use xpush_cpu::CpuBackend;

use crate::host;

use super::{fail, sim, Arena, Sim, Task};

const PARAM_INVALID: i32 = sys::ACLNN_ERR_PARAM_INVALID;
const NULLPTR: i32 = sys::ACLNN_ERR_PARAM_NULLPTR;

/// The dtype of an `aclDataType`.
pub(crate) fn dtype(t: aclDataType::Type) -> Option<DType> {
    dtype_from_acl(t)
}

// ---- Meta objects ----------------------------------------------------------

/// What an `aclTensor*` points at.
#[derive(Clone, Debug)]
pub(crate) struct SimTensor {
    dtype: DType,
    shape: Vec<usize>,
    strides: Vec<isize>,
    offset: usize,
    storage_len: usize,
    addr: usize,
}

struct SimScalar {
    dtype: DType,
    bytes: Vec<u8>,
}

struct SimIntArray(Vec<i64>);

/// The tensors of an `aclTensorList`, which owns them (CANN's
/// `aclDestroyTensorList` destroys them too).
struct SimTensorList(Vec<*const aclTensor>);

/// A phase-1 result waiting for phase 2 (or, once repeatable, for any
/// number of them).
pub(crate) struct Executor {
    op: &'static str,
    workspace: u64,
    kernel: Kernel,
    out: Option<SimTensor>,
    slots: Slots,
    repeatable: bool,
}

/// The tensors of a phase-1 call, as CANN indexes them for
/// `aclSetInputTensorAddr`/`aclSetOutputTensorAddr`: inputs (`const
/// aclTensor*` arguments) and outputs (`aclTensor*`), each in argument
/// order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Slots {
    inputs: Vec<Slot>,
    outputs: Vec<Slot>,
    /// Each input's dtype and whether it is C-contiguous (what the kernel
    /// facts match on).
    input_kinds: Vec<(DType, bool)>,
    /// Why the executor cannot be made repeatable, if it cannot.
    refusal: Option<&'static str>,
}

/// One tensor of an executor: its address at phase 1, its address now,
/// and its storage bytes.
#[derive(Clone, Copy, Debug)]
struct Slot {
    at_plan: usize,
    now: usize,
    bytes: usize,
}

impl Slots {
    /// The address changes to apply while the kernel runs; an error when
    /// two tensors that shared an address at phase 1 were given different
    /// ones (the kernel was built for the aliasing it saw).
    fn remap(&self) -> Result<Vec<(usize, usize, usize)>, String> {
        let all: Vec<&Slot> = self.inputs.iter().chain(&self.outputs).collect();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                if a.at_plan == b.at_plan && a.now != b.now {
                    return Err("acl-sim cannot rerun an executor whose tensors shared an address at phase 1 and now differ".into());
                }
            }
        }
        Ok(all
            .iter()
            .filter(|s| s.at_plan != s.now)
            .map(|s| (s.at_plan, s.now, s.bytes))
            .collect())
    }
}

/// What a phase-1 argument adds to an executor's [`Slots`].
trait ArgSlot {
    /// # Safety
    /// A non-null descriptor pointer must be live.
    unsafe fn slot(&self, _slots: &mut Slots) {}
}

/// The slot of a live (or NULL) tensor descriptor.
///
/// # Safety
/// A non-null `p` must be a live aclTensor.
unsafe fn slot_of(p: *const aclTensor) -> Option<Slot> {
    if p.is_null() {
        return None;
    }
    // SAFETY: a live aclTensor from aclCreateTensor (caller's promise).
    let t = unsafe { &*p.cast::<SimTensor>() };
    Some(Slot {
        at_plan: t.addr,
        now: t.addr,
        bytes: t.storage_len * t.dtype.itemsize(),
    })
}

impl ArgSlot for *const aclTensor {
    unsafe fn slot(&self, slots: &mut Slots) {
        // SAFETY: forwarded.
        slots.inputs.extend(unsafe { slot_of(*self) });
        if !self.is_null() {
            // SAFETY: a live aclTensor from aclCreateTensor (caller's promise).
            let t = unsafe { &*self.cast::<SimTensor>() };
            let contiguous = Layout {
                shape: t.shape.clone(),
                strides: t.strides.clone(),
                offset: t.offset,
            }
            .is_c_contiguous();
            slots.input_kinds.push((t.dtype, contiguous));
        }
    }
}

impl ArgSlot for *mut aclTensor {
    unsafe fn slot(&self, slots: &mut Slots) {
        // SAFETY: forwarded.
        slots.outputs.extend(unsafe { slot_of(*self) });
    }
}

impl ArgSlot for *const aclTensorList {
    unsafe fn slot(&self, slots: &mut Slots) {
        slots.refusal = Some("it takes a tensor list (dynamic input: aclSetDynamicInputTensorAddr, which acl-sim does not implement)");
    }
}

impl ArgSlot for *const aclScalar {}
impl ArgSlot for *const aclIntArray {}
impl ArgSlot for bool {}
impl ArgSlot for i8 {}
impl ArgSlot for i32 {}
impl ArgSlot for i64 {}

#[no_mangle]
pub unsafe extern "C" fn aclCreateTensor(
    view_dims: *const i64,
    view_dims_num: u64,
    data_type: aclDataType::Type,
    stride: *const i64,
    offset: i64,
    _format: sys::aclFormat::Type,
    storage_dims: *const i64,
    storage_dims_num: u64,
    tensor_data: *mut c_void,
) -> *mut aclTensor {
    let n = view_dims_num as usize;
    if (n > 0 && view_dims.is_null()) || (storage_dims_num > 0 && storage_dims.is_null()) {
        fail(NULLPTR, "aclCreateTensor: NULL dims with a non-zero count");
        return std::ptr::null_mut();
    }
    let Some(dt) = dtype(data_type) else {
        fail(
            PARAM_INVALID,
            format!("aclCreateTensor: unsupported dtype {data_type}"),
        );
        return std::ptr::null_mut();
    };
    // SAFETY: non-null arrays of the given lengths (the caller's promise, as
    // in CANN); copied here.
    let read = |p: *const i64, len: usize| -> Vec<i64> {
        if len == 0 {
            Vec::new()
        } else {
            unsafe { std::slice::from_raw_parts(p, len) }.to_vec()
        }
    };
    let shape: Vec<usize> = read(view_dims, n)
        .iter()
        .map(|&d| d.max(0) as usize)
        .collect();
    let strides: Vec<isize> = if stride.is_null() {
        Layout::contiguous(&shape).strides
    } else {
        read(stride, n).iter().map(|&s| s as isize).collect()
    };
    let storage_len = read(storage_dims, storage_dims_num as usize)
        .iter()
        .product::<i64>()
        .max(0) as usize;
    let t = SimTensor {
        dtype: dt,
        shape,
        strides,
        offset: offset.max(0) as usize,
        storage_len,
        addr: tensor_data as usize,
    };
    Box::into_raw(Box::new(t)).cast()
}

#[no_mangle]
pub unsafe extern "C" fn aclCreateScalar(
    value: *mut c_void,
    data_type: aclDataType::Type,
) -> *mut aclScalar {
    let Some(dt) = dtype(data_type) else {
        fail(
            PARAM_INVALID,
            format!("aclCreateScalar: unsupported dtype {data_type}"),
        );
        return std::ptr::null_mut();
    };
    if value.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: `value` points at a host value of `data_type` (caller's
    // promise, as in CANN); copied.
    let bytes = unsafe { std::slice::from_raw_parts(value as *const u8, dt.itemsize()) }.to_vec();
    Box::into_raw(Box::new(SimScalar { dtype: dt, bytes })).cast()
}

/// A copy of the C array `value[..size]` (an array argument of a meta
/// call); `None` for NULL with a non-zero size.
///
/// # Safety
/// `value` must point at `size` readable `T`s when it is not NULL.
unsafe fn c_array<T: Copy>(value: *const T, size: u64) -> Option<Vec<T>> {
    if size == 0 {
        Some(Vec::new())
    } else if value.is_null() {
        None
    } else {
        // SAFETY: `size` readable values (caller's promise); copied.
        Some(unsafe { std::slice::from_raw_parts(value, size as usize) }.to_vec())
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclCreateIntArray(value: *const i64, size: u64) -> *mut aclIntArray {
    // SAFETY: `size` readable int64s (caller's promise).
    match unsafe { c_array(value, size) } {
        Some(v) => Box::into_raw(Box::new(SimIntArray(v))).cast(),
        None => std::ptr::null_mut(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclCreateTensorList(
    value: *const *const aclTensor,
    size: u64,
) -> *mut aclTensorList {
    // SAFETY: `size` readable tensor pointers (caller's promise); the
    // pointers are copied, the tensors taken over.
    match unsafe { c_array(value, size) } {
        Some(v) => Box::into_raw(Box::new(SimTensorList(v))).cast(),
        None => std::ptr::null_mut(),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclDestroyTensorList(l: *const aclTensorList) -> aclnnStatus {
    if !l.is_null() {
        // SAFETY: made by aclCreateTensorList (Box), destroyed once; the
        // list owns its tensors, as in CANN, so each is destroyed here once.
        let list = unsafe { Box::from_raw(l.cast_mut().cast::<SimTensorList>()) };
        for t in list.0 {
            // SAFETY: a tensor the list took over, destroyed only here.
            unsafe { aclDestroyTensor(t) };
        }
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclDestroyTensor(t: *const aclTensor) -> aclnnStatus {
    if !t.is_null() {
        // SAFETY: made by aclCreateTensor (Box), destroyed once.
        drop(unsafe { Box::from_raw(t.cast_mut().cast::<SimTensor>()) });
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclDestroyScalar(s: *const aclScalar) -> aclnnStatus {
    if !s.is_null() {
        // SAFETY: made by aclCreateScalar (Box), destroyed once.
        drop(unsafe { Box::from_raw(s.cast_mut().cast::<SimScalar>()) });
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclDestroyIntArray(a: *const aclIntArray) -> aclnnStatus {
    if !a.is_null() {
        // SAFETY: made by aclCreateIntArray (Box), destroyed once.
        drop(unsafe { Box::from_raw(a.cast_mut().cast::<SimIntArray>()) });
    }
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclDestroyAclOpExecutor(e: *mut aclOpExecutor) -> aclnnStatus {
    if e.is_null() {
        return fail(
            sys::ACLNN_ERR_INNER_NULLPTR,
            "aclDestroyAclOpExecutor: NULL",
        );
    }
    let mut s = sim();
    match s.executors.remove(&(e as usize)) {
        Some(_) => 0,
        None => fail(
            PARAM_INVALID,
            format!("aclDestroyAclOpExecutor: {e:p} is not a live executor"),
        ),
    }
}

#[no_mangle]
pub unsafe extern "C" fn aclSetAclOpExecutorRepeatable(e: *mut aclOpExecutor) -> aclnnStatus {
    if e.is_null() {
        return fail(
            sys::ACLNN_ERR_INNER_NULLPTR,
            "aclSetAclOpExecutorRepeatable: NULL",
        );
    }
    let mut s = sim();
    let Some(x) = s.executors.get_mut(&(e as usize)) else {
        return fail(
            PARAM_INVALID,
            format!("aclSetAclOpExecutorRepeatable: {e:p} is not a live executor"),
        );
    };
    if let Some(why) = x.slots.refusal {
        let msg = format!(
            "aclSetAclOpExecutorRepeatable: {} cannot repeat: {why}",
            x.op
        );
        return fail(sys::ACLNN_ERR_INNER, msg);
    }
    x.repeatable = true;
    0
}

/// `aclSetInputTensorAddr` and `aclSetOutputTensorAddr`.
unsafe fn set_addr(
    what: &str,
    e: *mut aclOpExecutor,
    index: usize,
    t: *mut aclTensor,
    addr: *mut c_void,
    output: bool,
) -> aclnnStatus {
    if e.is_null() || t.is_null() {
        return fail(
            sys::ACLNN_ERR_INNER_NULLPTR,
            format!("{what}: NULL executor or tensor"),
        );
    }
    if !(addr as usize).is_multiple_of(32) {
        return fail(
            PARAM_INVALID,
            format!("{what}: {addr:p} is not 32-byte aligned"),
        );
    }
    let mut s = sim();
    let Some(x) = s.executors.get_mut(&(e as usize)) else {
        return fail(
            PARAM_INVALID,
            format!("{what}: {e:p} is not a live executor"),
        );
    };
    if !x.repeatable {
        return fail(
            PARAM_INVALID,
            format!("{what}: the {} executor is not repeatable", x.op),
        );
    }
    let slots = if output {
        &mut x.slots.outputs
    } else {
        &mut x.slots.inputs
    };
    let n = slots.len();
    let Some(slot) = slots.get_mut(index) else {
        return fail(
            PARAM_INVALID,
            format!("{what}: index {index} out of range: {} has {n}", x.op),
        );
    };
    slot.now = addr as usize;
    // SAFETY: a live aclTensor from aclCreateTensor (caller's promise); as
    // CANN does, the tensor's own address follows.
    unsafe { (*t.cast::<SimTensor>()).addr = addr as usize };
    0
}

#[no_mangle]
pub unsafe extern "C" fn aclSetInputTensorAddr(
    e: *mut aclOpExecutor,
    index: usize,
    t: *mut aclTensor,
    addr: *mut c_void,
) -> aclnnStatus {
    // SAFETY: forwarded from the caller.
    unsafe { set_addr("aclSetInputTensorAddr", e, index, t, addr, false) }
}

#[no_mangle]
pub unsafe extern "C" fn aclSetOutputTensorAddr(
    e: *mut aclOpExecutor,
    index: usize,
    t: *mut aclTensor,
    addr: *mut c_void,
) -> aclnnStatus {
    // SAFETY: forwarded from the caller.
    unsafe { set_addr("aclSetOutputTensorAddr", e, index, t, addr, true) }
}

// ---- Phase 1 helpers -------------------------------------------------------

type R<T> = Result<T, (i32, String)>;

fn invalid(msg: impl Into<String>) -> (i32, String) {
    (PARAM_INVALID, msg.into())
}

/// Reads a descriptor argument.
unsafe fn tensor(p: *const aclTensor, what: &str) -> R<SimTensor> {
    if p.is_null() {
        return Err((NULLPTR, format!("{what} is NULL")));
    }
    // SAFETY: a live aclTensor from aclCreateTensor (caller's promise).
    let t = unsafe { &*p.cast::<SimTensor>() }.clone();
    if t.addr % 32 != 0 {
        return Err(invalid(format!(
            "{what}: tensor data {:#x} is not 32-byte aligned",
            t.addr
        )));
    }
    let mut hi = t.offset;
    for (&n, &s) in t.shape.iter().zip(&t.strides) {
        if n > 0 {
            if s < 0 {
                return Err(invalid(format!("{what}: negative stride")));
            }
            hi += (n - 1) * s as usize;
        }
    }
    if !t.shape.contains(&0) && hi >= t.storage_len.max(1) {
        return Err(invalid(format!("{what}: view exceeds the storage dims")));
    }
    if t.shape.len() > 8 {
        return Err(invalid(format!("{what}: more than 8 dims")));
    }
    Ok(t)
}

unsafe fn scalar(p: *const aclScalar, what: &str) -> R<Array> {
    if p.is_null() {
        return Err((NULLPTR, format!("{what} is NULL")));
    }
    // SAFETY: a live aclScalar from aclCreateScalar (caller's promise).
    let s = unsafe { &*p.cast::<SimScalar>() };
    Array::from_storage(CpuStorage::from_bytes(s.dtype, &s.bytes), &[])
        .map_err(|e| invalid(e.to_string()))
}

unsafe fn int_array(p: *const aclIntArray, what: &str) -> R<Vec<i64>> {
    if p.is_null() {
        return Err((NULLPTR, format!("{what} is NULL")));
    }
    // SAFETY: a live aclIntArray from aclCreateIntArray (caller's promise).
    Ok(unsafe { &*p.cast::<SimIntArray>() }.0.clone())
}

unsafe fn tensor_list(p: *const aclTensorList, what: &str) -> R<Vec<SimTensor>> {
    if p.is_null() {
        return Err((NULLPTR, format!("{what} is NULL")));
    }
    // SAFETY: a live aclTensorList from aclCreateTensorList (caller's promise).
    let list = unsafe { &*p.cast::<SimTensorList>() };
    list.0
        .iter()
        // SAFETY: the list's live tensors.
        .map(|&t| unsafe { tensor(t, what) })
        .collect()
}

/// What an aclnn op accepts on the 910B: its row of xpush's one table
/// (`xpush_cann::support::TABLE`, research notes §6.2), so the sim's
/// phase-1 checks and the dispatch policy read the same data.
fn accepts(op: &str) -> &'static [DType] {
    xpush_cann::support::support(op).map_or(&[], |r| r.accepts)
}

fn check_dtype(op: &str, what: &str, d: DType, list: &[DType]) -> R<()> {
    if list.contains(&d) {
        Ok(())
    } else {
        let names: Vec<&str> = list.iter().map(|d| acl_dtype_name(acl_dtype(*d))).collect();
        Err(invalid(format!(
            "{op}: {what} dtype {} is not supported on Ascend910B; supported: [{}]",
            acl_dtype_name(acl_dtype(d)),
            names.join(", ")
        )))
    }
}

fn check_shape(op: &str, out: &SimTensor, want: &[usize]) -> R<()> {
    if out.shape != want {
        return Err(invalid(format!(
            "{op}: out shape {:?} should be {:?}",
            out.shape, want
        )));
    }
    Ok(())
}

/// Phase 1 common tail: writes the executor and workspace size.
unsafe fn finish(
    op: &'static str,
    ws: *mut u64,
    exec: *mut *mut aclOpExecutor,
    plan: R<(u64, Kernel, Option<SimTensor>)>,
    slots: Slots,
) -> aclnnStatus {
    if ws.is_null() || exec.is_null() {
        return fail(
            NULLPTR,
            format!("{op}GetWorkspaceSize: NULL workspaceSize or executor"),
        );
    }
    if super::DEVICE.with(std::cell::Cell::get) < 0 {
        return fail(
            sys::ACLNN_ERR_RUNTIME_ERROR,
            format!("{op}GetWorkspaceSize: no device set on this thread"),
        );
    }
    let mut slots = slots;
    if let Some((_, why)) = COPY_INSIDE.iter().find(|(o, _)| *o == op) {
        slots.refusal = Some(why);
    }
    // A combination the kernel facts list fails here as on the real SoC
    // (after the op's own checks, whose message a refused dtype gets).
    if let (Ok(_), Some(&(dtype, _))) = (&plan, slots.input_kinds.first()) {
        let contiguous = slots.input_kinds.iter().all(|&(_, c)| c);
        let cann = super::CANN_VERSION;
        if let Some(f) =
            xpush_cann::facts::lookup(op, dtype, super::SOC_NAME, Some(cann), contiguous)
        {
            let msg = format!("{op}: a known failure: {}", f.describe());
            return fail(f.status, msg);
        }
    }
    let mut s = sim();
    if s.fault
        .as_ref()
        .is_some_and(|f| f.op == op && f.kind == FaultKind::Plan)
    {
        drop(s);
        return fail(
            sys::ACLNN_ERR_PARAM_INVALID,
            format!("{op}: refused (XPUSH_ACL_SIM_FAULT={op}:plan)"),
        );
    }
    let first = !s.counts.contains_key(op);
    s.counts.entry(op).or_default().0 += 1;
    let plan_us = s.costs.plan_us * if first { 10 } else { 1 };
    let plan = plan.map(|(size, kernel, out)| {
        let h = s.handle();
        let e = Executor {
            op,
            workspace: size,
            kernel,
            out,
            slots,
            repeatable: false,
        };
        s.executors.insert(h, e);
        (size, h)
    });
    drop(s);
    super::spend(plan_us);
    match plan {
        Ok((size, h)) => {
            // SAFETY: non-null out-pointers from the caller.
            unsafe {
                *ws = size;
                *exec = h as *mut aclOpExecutor;
            }
            0
        }
        Err((code, msg)) => fail(code, msg),
    }
}

/// Ops whose CANN implementation copies inside (an L0 `ViewCopy` whose
/// source and destination are the same address, or `CopyToNpu`), which
/// `aclSetAclOpExecutorRepeatable` refuses (its doc's restrictions).
const COPY_INSIDE: &[(&str, &str)] = &[(
    "aclnnInplaceCopy",
    "it copies into selfRef inside (an L0 ViewCopy to the same address)",
)];

/// A kernel: reads its inputs from the arena and writes its outputs, at
/// the addresses its descriptors had at phase 1 (a repeatable executor
/// runs it again through [`Arena::remap`]).
type Kernel = Arc<dyn Fn(&mut Arena) -> Result<(), String> + Send + Sync>;

/// Phase 2: consumes the executor and queues its kernel on the stream.
unsafe fn run(
    op: &'static str,
    workspace: *mut c_void,
    ws_size: u64,
    exec: *mut aclOpExecutor,
    stream: sys::aclrtStream,
) -> aclnnStatus {
    if exec.is_null() {
        return fail(NULLPTR, format!("{op}: executor is NULL"));
    }
    let mut s = sim();
    let h = exec as usize;
    let Some(e) = s.executors.get(&h) else {
        let why = if s.consumed.contains(&h) {
            "was consumed by its first run (it is not repeatable: call aclSetAclOpExecutorRepeatable right after phase 1)"
        } else {
            "is not a live executor"
        };
        return fail(PARAM_INVALID, format!("{op}: executor {exec:p} {why}"));
    };
    if e.op != op {
        return fail(
            sys::ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR,
            format!("{op}: executor was made by {}GetWorkspaceSize", e.op),
        );
    }
    let e = if e.repeatable {
        Executor {
            kernel: Arc::clone(&e.kernel),
            out: e.out.clone(),
            slots: e.slots.clone(),
            ..*e
        }
    } else {
        // CANN frees a non-repeatable executor in phase 2, whatever the
        // outcome.
        s.consumed.insert(h);
        s.executors.remove(&h).expect("looked up above")
    };
    if e.workspace > 0 {
        if workspace.is_null() || ws_size < e.workspace {
            return fail(
                NULLPTR,
                format!("{op}: needs {} bytes of workspace", e.workspace),
            );
        }
        if let Err(m) = s.arena.slice(workspace as usize, e.workspace as usize) {
            return fail(PARAM_INVALID, format!("{op}: workspace: {m}"));
        }
    }
    let fault = s.fault.clone().filter(|f| f.op == op);
    let (wsa, wsn) = (workspace as usize, e.workspace as usize);
    let remap = match e.slots.remap() {
        Ok(r) => r,
        Err(m) => return fail(PARAM_INVALID, format!("{op}: {m}")),
    };
    let launch_us = s.costs.launch_us;
    let Executor { kernel, out, .. } = e;
    let task: Task = Arc::new(move |sim: &mut Sim| {
        if wsn > 0 {
            sim.arena.slice_mut(wsa, wsn)?.fill(0x5A);
        }
        super::spend(launch_us);
        sim.counts.entry(op).or_default().1 += 1;
        sim.arena.remap = remap.clone();
        let mut r = kernel(&mut sim.arena).map_err(|m| format!("{op}: {m}"));
        if let (Ok(()), Some(f), Some(o)) = (&r, &fault, &out) {
            r = f.apply(&mut sim.arena, o).map_err(|m| format!("{op}: {m}"));
        }
        sim.arena.remap.clear();
        r
    });
    match s.enqueue(stream as usize, task) {
        Ok(()) => 0,
        Err(code) => code,
    }
}

/// Fault injection (`XPUSH_ACL_SIM_FAULT`): what to do to the output of
/// every run of one op.
#[derive(Clone, Debug, PartialEq)]
pub struct Fault {
    /// The aclnn op (`aclnnAdd`).
    pub op: String,
    /// What happens to its output.
    pub kind: FaultKind,
    /// Only every `every`-th element in C order, from the first.
    pub every: usize,
}

/// How a [`Fault`] perturbs an output.
#[derive(Clone, Debug, PartialEq)]
pub enum FaultKind {
    /// Flip a high bit of the first element (far off whatever the dtype).
    FlipBit,
    /// Multiply by `1 + rel` (each part of a complex value).
    Rel(f64),
    /// Add `abs` (each part).
    Abs(f64),
    /// The kernel fails when the stream runs it (an asynchronous error,
    /// reported at the next synchronize).
    Fail,
    /// Phase 1 refuses the call (`ACLNN_ERR_PARAM_INVALID`), as a CANN
    /// that does not support it.
    Plan,
    /// The setting could not be read: the op fails with this message.
    Invalid(String),
}

impl Fault {
    /// `OP`, `OP:rel=X`, `OP:abs=X`, either with `:every=N`, `OP:fail` or
    /// `OP:plan`.
    pub fn parse(spec: &str) -> Fault {
        let mut parts = spec.split(':');
        let op = parts.next().unwrap_or("").to_string();
        let mut f = Fault {
            op,
            kind: FaultKind::FlipBit,
            every: 1,
        };
        for p in parts {
            let bad = || {
                FaultKind::Invalid(format!("XPUSH_ACL_SIM_FAULT: cannot read '{p}' in '{spec}' (OP[:rel=X|:abs=X][:every=N])"))
            };
            if p == "fail" || p == "plan" {
                f.kind = if p == "fail" {
                    FaultKind::Fail
                } else {
                    FaultKind::Plan
                };
                continue;
            }
            match p.split_once('=') {
                Some(("rel", v)) => f.kind = v.parse().map_or_else(|_| bad(), FaultKind::Rel),
                Some(("abs", v)) => f.kind = v.parse().map_or_else(|_| bad(), FaultKind::Abs),
                Some(("every", v)) => match v.parse::<usize>() {
                    Ok(n) if n > 0 => f.every = n,
                    _ => f.kind = bad(),
                },
                _ => f.kind = bad(),
            }
            if matches!(f.kind, FaultKind::Invalid(_)) {
                break;
            }
        }
        f
    }

    /// Perturbs the output `t` in the arena.
    fn apply(&self, a: &mut Arena, t: &SimTensor) -> Result<(), String> {
        let amount = match &self.kind {
            FaultKind::FlipBit => return perturb(a, t),
            FaultKind::Invalid(m) => return Err(m.clone()),
            FaultKind::Fail => return Err("injected failure (XPUSH_ACL_SIM_FAULT)".into()),
            // Refused at phase 1: never run.
            FaultKind::Plan => return Ok(()),
            FaultKind::Rel(r) => (*r, true),
            FaultKind::Abs(x) => (*x, false),
        };
        if !t.dtype.is_inexact() || t.shape.contains(&0) {
            return perturb(a, t);
        }
        let out = read(a, t)?;
        let shift = |x: f64| {
            if amount.1 {
                x * (1.0 + amount.0)
            } else {
                x + amount.0
            }
        };
        let elems: Vec<Elem> = out
            .to_elems()
            .into_iter()
            .enumerate()
            .map(|(i, e)| {
                if i % self.every != 0 {
                    return e;
                }
                match e {
                    Elem::Complex(re, im) => Elem::Complex(shift(re), shift(im)),
                    e => Elem::Float(shift(e.as_f64())),
                }
            })
            .collect();
        let moved = Array::from_elems(&elems, out.shape(), t.dtype).map_err(e2s)?;
        write(a, t, &moved)
    }
}

/// Fault injection: flips a high bit of the first output element.
fn perturb(a: &mut Arena, t: &SimTensor) -> Result<(), String> {
    if t.shape.contains(&0) {
        return Ok(());
    }
    let item = t.dtype.itemsize();
    let b = a.slice_mut(t.addr + t.offset * item, item)?;
    b[item - 1] ^= 0x40;
    if t.dtype == DType::Bool {
        b[0] ^= 1;
    }
    Ok(())
}

// ---- Kernels -----------------------------------------------------------------

fn read(a: &Arena, t: &SimTensor) -> Result<Array, String> {
    let bytes = a.slice(t.addr, t.storage_len * t.dtype.itemsize())?;
    let storage = CpuStorage::from_bytes(t.dtype, bytes);
    Array::from_parts(
        SharedStorage::new(storage),
        Layout {
            shape: t.shape.clone(),
            strides: t.strides.clone(),
            offset: t.offset,
        },
    )
    .map_err(|e| e.to_string())
}

fn write(a: &mut Arena, t: &SimTensor, value: &Array) -> Result<(), String> {
    let dst = read(a, t)?;
    let value = if value.shape() == t.shape.as_slice() {
        value.clone()
    } else if value.size() == dst.size() {
        let shape: Vec<isize> = t.shape.iter().map(|&n| n as isize).collect();
        value.reshape(&shape).map_err(|e| e.to_string())?
    } else {
        value.broadcast_to(&t.shape).map_err(|e| e.to_string())?
    };
    CpuBackend
        .copy_into(&value, &dst)
        .map_err(|e| e.to_string())?;
    let storage = dst.storage().read();
    let bytes = storage.as_bytes();
    a.slice_mut(t.addr, bytes.len())?.copy_from_slice(bytes);
    Ok(())
}

fn e2s(e: Error) -> String {
    e.to_string()
}

fn binary_kernel(
    op: BinaryOp,
    x: SimTensor,
    y: YArg,
    alpha: Option<Array>,
    out: SimTensor,
) -> Kernel {
    Arc::new(move |a: &mut Arena| {
        let xa = read(a, &x)?;
        let mut ya = match &y {
            YArg::Tensor(t) => read(a, t)?,
            YArg::Scalar(s) => s.clone(),
        };
        if let Some(al) = alpha.as_ref().filter(|al| !alpha_is_one(al)) {
            ya = host::binary(BinaryOp::Multiply, &ya, &al.astype(ya.dtype())).map_err(e2s)?;
        }
        let r = host::binary(op, &xa, &ya).map_err(e2s)?;
        write(a, &out, &r)
    })
}

/// Whether an `alpha` scalar is one, as ops-math's `IsScalarOne` decides
/// (`math/sub/op_api/aclnn_rsub.cpp`, and the add/sub kin): an integer or
/// float alpha equal to 1, never a complex one. CANN then runs the plain
/// Add or Sub without multiplying by alpha, so no NaN part of an operand
/// spreads through a complex `1 * x`.
fn alpha_is_one(al: &Array) -> bool {
    !al.dtype().is_complex()
        && al.astype(DType::Float64).item().ok() == Some(xpush_core::Scalar::Float64(1.0))
}

enum YArg {
    Tensor(SimTensor),
    Scalar(Array),
}

/// CANN's tensor-scalar promotion (research §3.3): a float tensor keeps its
/// dtype; an integer/bool tensor with a float scalar goes to FLOAT; an
/// integer tensor keeps its dtype with an integer scalar.
fn scalar_to(t: DType, s: &Array) -> Array {
    let d = if t.is_inexact() {
        t
    } else if s.dtype().is_inexact() {
        DType::Float32
    } else if t == DType::Bool {
        s.dtype()
    } else {
        t
    };
    s.astype(d)
}

#[allow(clippy::too_many_arguments)]
unsafe fn binary_tt(
    op: &'static str,
    kind: BinaryOp,
    list: &[DType],
    x: *const aclTensor,
    y: *const aclTensor,
    alpha: Option<*const aclScalar>,
    out: *const aclTensor,
    bool_out: bool,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY (all four): live descriptors from the caller.
    let (x, y, out) = unsafe { (tensor(x, "self")?, tensor(y, "other")?, tensor(out, "out")?) };
    let alpha = match alpha {
        Some(p) => Some(unsafe { scalar(p, "alpha")? }),
        None => None,
    };
    check_dtype(op, "self", x.dtype, list)?;
    check_dtype(op, "other", y.dtype, list)?;
    if bool_out {
        if out.dtype != DType::Bool {
            check_dtype(op, "out", out.dtype, list)?;
        }
    } else {
        check_dtype(op, "out", out.dtype, list)?;
    }
    let shape = broadcast_shapes(&[&x.shape, &y.shape])
        .map_err(|e| invalid(format!("{op}: {}", e.msg())))?;
    check_shape(op, &out, &shape)?;
    let o = out.clone();
    Ok((
        0,
        binary_kernel(kind, x, YArg::Tensor(y), alpha, out),
        Some(o),
    ))
}

/// `self + value * tensor1 * tensor2` (`aclnnAddcmul`, `kind` multiply) or
/// `self + value * tensor1 / tensor2` (`aclnnAddcdiv`, `kind` divide), in
/// the order ops-math's golden (`torch.addcmul`/`torch.addcdiv`) rounds
/// them: `value * tensor1`, then times or over `tensor2`, then plus
/// `self`. A `value` of one is not multiplied, as `alpha` of one is not.
unsafe fn addc(
    op: &'static str,
    kind: BinaryOp,
    s: *const aclTensor,
    t1: *const aclTensor,
    t2: *const aclTensor,
    value: *const aclScalar,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY (all five): live descriptors from the caller.
    let (s, t1, t2, out) = unsafe {
        (
            tensor(s, "self")?,
            tensor(t1, "tensor1")?,
            tensor(t2, "tensor2")?,
            tensor(out, "out")?,
        )
    };
    let value = unsafe { scalar(value, "value")? };
    let list = accepts(op);
    check_dtype(op, "self", s.dtype, list)?;
    check_dtype(op, "tensor1", t1.dtype, list)?;
    check_dtype(op, "tensor2", t2.dtype, list)?;
    check_dtype(op, "out", out.dtype, list)?;
    let shape = broadcast_shapes(&[&s.shape, &t1.shape, &t2.shape])
        .map_err(|e| invalid(format!("{op}: {}", e.msg())))?;
    check_shape(op, &out, &shape)?;
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let (sa, mut p, t2a) = (read(a, &s)?, read(a, &t1)?, read(a, &t2)?);
        if !alpha_is_one(&value) {
            p = host::binary(BinaryOp::Multiply, &value.astype(p.dtype()), &p).map_err(e2s)?;
        }
        let q = host::binary(kind, &p, &t2a).map_err(e2s)?;
        let r = host::binary(BinaryOp::Add, &sa, &q).map_err(e2s)?;
        write(a, &out, &r)
    });
    Ok((0, k, Some(o)))
}

/// `x OP (alpha * s)` for the scalar forms whose scalar comes second
/// (`aclnnAdds`, `aclnnEqScalar`, ...).
unsafe fn binary_ts(
    op: &'static str,
    kind: BinaryOp,
    x: *const aclTensor,
    y: *const aclScalar,
    alpha: Option<*const aclScalar>,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    unsafe { scalar_form(op, kind, x, y, alpha, out, false) }
}

/// `s OP (alpha * x)` for the forms whose scalar comes first
/// (`aclnnRemainderScalarTensor`, `aclnnPowScalarTensor`, and
/// `aclnnRsubs`, whose `other - alpha * self` takes the tensor first).
unsafe fn binary_st(
    op: &'static str,
    kind: BinaryOp,
    s: *const aclScalar,
    x: *const aclTensor,
    alpha: Option<*const aclScalar>,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    unsafe { scalar_form(op, kind, x, s, alpha, out, true) }
}

/// A tensor-scalar form: the checks CANN makes (self in the op's list,
/// out BOOL for a comparison, the shape) and its kernel, the scalar on
/// the side `scalar_first` says, `alpha` scaling the other operand.
unsafe fn scalar_form(
    op: &'static str,
    kind: BinaryOp,
    x: *const aclTensor,
    s: *const aclScalar,
    alpha: Option<*const aclScalar>,
    out: *const aclTensor,
    scalar_first: bool,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (x, s, out) = unsafe { (tensor(x, "self")?, scalar(s, "other")?, tensor(out, "out")?) };
    let alpha = match alpha {
        Some(p) => Some(unsafe { scalar(p, "alpha")? }),
        None => None,
    };
    check_dtype(op, "self", x.dtype, accepts(op))?;
    check_scalar_form_out(op, kind, out.dtype)?;
    check_shape(op, &out, &x.shape)?;
    let s = scalar_to(x.dtype, &s);
    let o = out.clone();
    if !scalar_first {
        return Ok((
            0,
            binary_kernel(kind, x, YArg::Scalar(s), alpha, out),
            Some(o),
        ));
    }
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let mut xa = read(a, &x)?;
        if let Some(al) = alpha.as_ref().filter(|al| !alpha_is_one(al)) {
            xa = host::binary(BinaryOp::Multiply, &xa, &al.astype(xa.dtype())).map_err(e2s)?;
        }
        let r = host::binary(kind, &s, &xa).map_err(e2s)?;
        write(a, &out, &r)
    });
    Ok((0, k, Some(o)))
}

/// The out dtype of a scalar form: BOOL for a comparison, else one of the
/// op's list.
fn check_scalar_form_out(op: &'static str, kind: BinaryOp, d: DType) -> R<()> {
    use BinaryOp as B;
    let compares = matches!(
        kind,
        B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual
    );
    if compares {
        check_dtype(op, "out", d, &[DType::Bool])
    } else {
        check_dtype(op, "out", d, accepts(op))
    }
}

unsafe fn unary_t(
    op: &'static str,
    kind: UnaryOp,
    list: &[DType],
    x: *const aclTensor,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (x, out) = unsafe { (tensor(x, "self")?, tensor(out, "out")?) };
    check_dtype(op, "self", x.dtype, list)?;
    check_dtype(op, "out", out.dtype, list)?;
    check_shape(op, &out, &x.shape)?;
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let r = host::unary(kind, &read(a, &x)?).map_err(e2s)?;
        write(a, &out, &r)
    });
    Ok((0, k, Some(o)))
}

fn reduced_shape(shape: &[usize], dims: &[i64], keep: bool) -> R<(Vec<usize>, Vec<isize>)> {
    let nd = shape.len() as i64;
    let mut axes = Vec::new();
    for &d in dims {
        let a = if d < 0 { d + nd } else { d };
        if a < 0 || a >= nd.max(1) {
            return Err(invalid(format!("dim {d} out of range for {nd} dims")));
        }
        axes.push(a as isize);
    }
    if dims.is_empty() {
        axes = (0..nd as isize).collect();
    }
    let out = shape
        .iter()
        .enumerate()
        .filter_map(|(i, &n)| {
            if axes.contains(&(i as isize)) {
                keep.then_some(1)
            } else {
                Some(n)
            }
        })
        .collect();
    Ok((out, axes))
}

#[allow(clippy::too_many_arguments)]
unsafe fn reduce_t(
    op: &'static str,
    kind: ReduceOp,
    list: &[DType],
    x: *const aclTensor,
    dims: Option<*const aclIntArray>,
    keep: bool,
    dtype_arg: Option<aclDataType::Type>,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    let dims = match dims {
        // SAFETY: a live aclIntArray from the caller.
        Some(p) => unsafe { int_array(p, "dims")? },
        None => Vec::new(),
    };
    // SAFETY: live descriptors from the caller.
    unsafe { reduce_dims_t(op, kind, list, x, dims, keep, dtype_arg, out) }
}

/// [`reduce_t`] over `dims` given as values (empty: every dim).
#[allow(clippy::too_many_arguments)]
unsafe fn reduce_dims_t(
    op: &'static str,
    kind: ReduceOp,
    list: &[DType],
    x: *const aclTensor,
    dims: Vec<i64>,
    keep: bool,
    dtype_arg: Option<aclDataType::Type>,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (x, out) = unsafe { (tensor(x, "self")?, tensor(out, "out")?) };
    check_dtype(op, "self", x.dtype, list)?;
    check_dtype(op, "out", out.dtype, list)?;
    let acc = match dtype_arg {
        Some(t) => Some(dtype(t).ok_or_else(|| invalid(format!("{op}: bad dtype {t}")))?),
        None => None,
    };
    let (shape, axes) =
        reduced_shape(&x.shape, &dims, keep).map_err(|(c, m)| (c, format!("{op}: {m}")))?;
    let full = dims_all(op);
    if !(full && out.shape.iter().product::<usize>() == 1) {
        check_shape(op, &out, &shape)?;
    }
    let ws = (x.shape.iter().product::<usize>() * x.dtype.itemsize()).clamp(512, 1 << 20) as u64;
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let axes: Vec<usize> = axes.iter().map(|&a| a as usize).collect();
        let r = host::reduce(kind, &read(a, &x)?, &axes, keep, acc).map_err(e2s)?;
        write(a, &out, &r)
    });
    Ok((ws, k, Some(o)))
}

/// `dim` of a `rank`-d tensor, normalized, or the 161002 error.
fn one_dim(op: &str, dim: i64, rank: usize) -> R<usize> {
    let nd = rank.max(1) as i64;
    let d = if dim < 0 { dim + nd } else { dim };
    if d < 0 || d >= nd {
        return Err(invalid(format!(
            "{op}: dim {dim} out of range for {rank} dims"
        )));
    }
    Ok(d as usize)
}

/// ArgMax/ArgMin along `dim` (out INT64) and Cumsum along `dim` in
/// `dtype` (out's dtype), through the cpu reduction.
unsafe fn along_axis_t(
    op: &'static str,
    kind: ReduceOp,
    x: *const aclTensor,
    dim: i64,
    keep: bool,
    dtype_arg: Option<aclDataType::Type>,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (x, out) = unsafe { (tensor(x, "self")?, tensor(out, "out")?) };
    check_dtype(op, "self", x.dtype, accepts(op))?;
    let d = one_dim(op, dim, x.shape.len())?;
    let mut shape = x.shape.clone();
    let acc = match dtype_arg {
        Some(t) => {
            let acc = dtype(t).ok_or_else(|| invalid(format!("{op}: bad dtype {t}")))?;
            if acc != out.dtype {
                return Err(invalid(format!("{op}: dtype differs from out's dtype")));
            }
            Some(acc)
        }
        None => {
            if out.dtype != DType::Int64 && out.dtype != DType::Int32 {
                return Err(invalid(format!("{op}: out must be INT32 or INT64")));
            }
            if keep {
                shape[d] = 1;
            } else {
                shape.remove(d);
            }
            None
        }
    };
    check_shape(op, &out, &shape)?;
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let r = host::reduce(kind, &read(a, &x)?, &[d], keep, acc).map_err(e2s)?;
        write(a, &out, &r.astype(out.dtype))
    });
    Ok((0, k, Some(o)))
}

fn dims_all(op: &str) -> bool {
    matches!(op, "aclnnMax" | "aclnnMin" | "aclnnProd")
}

/// Total order for sorting: NaN last (largest), complex lexicographic.
fn cmp_elem(a: Elem, b: Elem) -> Ordering {
    match (a, b) {
        (Elem::Float(x), Elem::Float(y)) => match (x.is_nan(), y.is_nan()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Greater,
            (false, true) => Ordering::Less,
            _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        },
        (Elem::Int(x), Elem::Int(y)) => x.cmp(&y),
        (Elem::UInt(x), Elem::UInt(y)) => x.cmp(&y),
        (Elem::Bool(x), Elem::Bool(y)) => x.cmp(&y),
        _ => Ordering::Equal,
    }
}

fn sort_kernel(
    x: SimTensor,
    dim: usize,
    descending: bool,
    values: SimTensor,
    indices: SimTensor,
) -> Kernel {
    Arc::new(move |a: &mut Arena| {
        let xa = read(a, &x)?;
        let nd = xa.ndim();
        let mut perm: Vec<isize> = (0..nd as isize).filter(|&i| i != dim as isize).collect();
        perm.push(dim as isize);
        let t = xa.transpose(Some(&perm)).map_err(e2s)?.to_contiguous();
        let row = t.shape().last().copied().unwrap_or(1).max(1);
        let elems = t.to_elems();
        let mut order: Vec<usize> = Vec::with_capacity(elems.len());
        for start in (0..elems.len()).step_by(row) {
            let mut idx: Vec<usize> = (0..row.min(elems.len() - start)).collect();
            idx.sort_by(|&i, &j| {
                let c = cmp_elem(elems[start + i], elems[start + j]);
                if descending {
                    c.reverse()
                } else {
                    c
                }
            });
            order.extend(idx.iter().map(|&i| start + i));
        }
        let sorted = xpush_core::with_dtype!(t.dtype(), T => {
            let v: Vec<T> = t.to_vec::<T>().map_err(e2s)?;
            Array::from_vec(order.iter().map(|&i| v[i]).collect::<Vec<T>>(), t.shape()).map_err(e2s)?
        });
        let idx: Vec<i64> = order.iter().map(|&i| (i % row) as i64).collect();
        let idx = Array::from_vec(idx, t.shape()).map_err(e2s)?;
        let mut inv = vec![0isize; nd];
        for (i, &p) in perm.iter().enumerate() {
            inv[p as usize] = i as isize;
        }
        write(a, &values, &sorted.transpose(Some(&inv)).map_err(e2s)?)?;
        write(a, &indices, &idx.transpose(Some(&inv)).map_err(e2s)?)
    })
}

fn matmul_kernel(x: SimTensor, y: SimTensor, out: SimTensor) -> Kernel {
    Arc::new(move |a: &mut Arena| {
        let r = matmul_host(&read(a, &x)?, &read(a, &y)?)?;
        write(a, &out, &r)
    })
}

fn matmul_shape(xs: &[usize], ys: &[usize]) -> Result<Vec<usize>, String> {
    if xs.is_empty() || ys.is_empty() {
        return Err("matmul of a 0-d tensor".into());
    }
    let x2 = if xs.len() == 1 {
        vec![1, xs[0]]
    } else {
        xs.to_vec()
    };
    let y2 = if ys.len() == 1 {
        vec![ys[0], 1]
    } else {
        ys.to_vec()
    };
    let (m, k) = (x2[x2.len() - 2], x2[x2.len() - 1]);
    let (k2, n) = (y2[y2.len() - 2], y2[y2.len() - 1]);
    if k != k2 {
        return Err(format!("matmul: inner dims differ ({k} and {k2})"));
    }
    let batch = broadcast_shapes(&[&x2[..x2.len() - 2], &y2[..y2.len() - 2]]).map_err(e2s)?;
    let mut out = batch;
    if xs.len() > 1 {
        out.push(m);
    }
    if ys.len() > 1 {
        out.push(n);
    }
    Ok(out)
}

/// float64-accumulated matmul with broadcasting batch dims.
fn matmul_host(x: &Array, y: &Array) -> Result<Array, String> {
    let out_shape = matmul_shape(x.shape(), y.shape())?;
    let x2 = if x.ndim() == 1 {
        x.reshape(&[1, -1]).map_err(e2s)?
    } else {
        x.clone()
    };
    let y2 = if y.ndim() == 1 {
        y.reshape(&[-1, 1]).map_err(e2s)?
    } else {
        y.clone()
    };
    let (xs, ys) = (x2.shape().to_vec(), y2.shape().to_vec());
    let (m, k, n) = (xs[xs.len() - 2], xs[xs.len() - 1], ys[ys.len() - 1]);
    let batch = broadcast_shapes(&[&xs[..xs.len() - 2], &ys[..ys.len() - 2]]).map_err(e2s)?;
    let bx: Vec<usize> = batch.iter().copied().chain([m, k]).collect();
    let by: Vec<usize> = batch.iter().copied().chain([k, n]).collect();
    let xv: Vec<f64> = x2
        .broadcast_to(&bx)
        .map_err(e2s)?
        .astype(DType::Float64)
        .to_vec()
        .map_err(e2s)?;
    let yv: Vec<f64> = y2
        .broadcast_to(&by)
        .map_err(e2s)?
        .astype(DType::Float64)
        .to_vec()
        .map_err(e2s)?;
    let nb: usize = batch.iter().product();
    let mut out = vec![0f64; nb * m * n];
    for b in 0..nb {
        for i in 0..m {
            for j in 0..n {
                let mut s = 0.0;
                for p in 0..k {
                    s += xv[b * m * k + i * k + p] * yv[b * k * n + p * n + j];
                }
                out[b * m * n + i * n + j] = s;
            }
        }
    }
    Array::from_vec(out, &out_shape)
        .map(|r| r.astype(x.dtype()))
        .map_err(e2s)
}

// ---- Exports -----------------------------------------------------------------

macro_rules! phase2 {
    ($($name:ident),* $(,)?) => {$(
        #[no_mangle]
        pub unsafe extern "C" fn $name(
            workspace: *mut c_void,
            workspace_size: u64,
            executor: *mut aclOpExecutor,
            stream: sys::aclrtStream,
        ) -> aclnnStatus {
            // SAFETY: forwarded from the caller, as CANN's phase 2.
            unsafe { run(stringify!($name), workspace, workspace_size, executor, stream) }
        }
        const _: sys::aclnnRun_t = Some($name);
    )*};
}

phase2!(
    aclnnAdd,
    aclnnAddcmul,
    aclnnAddcdiv,
    aclnnAdds,
    aclnnSub,
    aclnnSubs,
    aclnnMul,
    aclnnMuls,
    aclnnEqScalar,
    aclnnLtScalar,
    aclnnGtScalar,
    aclnnLeScalar,
    aclnnGeScalar,
    aclnnNeScalar,
    aclnnFloorDivides,
    aclnnRemainderTensorScalar,
    aclnnFmodScalar,
    aclnnPowTensorScalar,
    aclnnBitwiseAndScalar,
    aclnnBitwiseOrScalar,
    aclnnBitwiseXorScalar,
    aclnnRsubs,
    aclnnRemainderScalarTensor,
    aclnnPowScalarTensor,
    aclnnAll,
    aclnnAny,
    aclnnInplaceZero,
    aclnnInplaceOne,
    aclnnDiv,
    aclnnDivs,
    aclnnNeg,
    aclnnAbs,
    aclnnExp,
    aclnnLog,
    aclnnSqrt,
    aclnnSin,
    aclnnCos,
    aclnnTanh,
    aclnnEqTensor,
    aclnnNeTensor,
    aclnnLtTensor,
    aclnnLeTensor,
    aclnnGtTensor,
    aclnnGeTensor,
    aclnnReduceSum,
    aclnnMean,
    aclnnProd,
    aclnnProdDim,
    aclnnAmax,
    aclnnAmin,
    aclnnMax,
    aclnnMin,
    aclnnMatmul,
    aclnnCast,
    aclnnInplaceCopy,
    aclnnSort,
    aclnnSWhere,
    aclnnRound,
    aclnnLogicalNot,
    aclnnReal,
    aclnnRemainderTensorTensor,
    aclnnFloorDivide,
    aclnnPowTensorTensor,
    aclnnArgMax,
    aclnnArgMin,
    aclnnCumsum,
    aclnnIndexSelect,
    aclnnIndexPutImpl,
    aclnnFloor,
    aclnnCeil,
    aclnnTrunc,
    aclnnSign,
    aclnnSignbit,
    aclnnTan,
    aclnnAsin,
    aclnnAcos,
    aclnnAtan,
    aclnnSinh,
    aclnnCosh,
    aclnnAsinh,
    aclnnAcosh,
    aclnnAtanh,
    aclnnLog2,
    aclnnLog10,
    aclnnLog1p,
    aclnnExpm1,
    aclnnExp2,
    aclnnReciprocal,
    aclnnBitwiseNot,
    aclnnAtan2,
    aclnnFmodTensor,
    aclnnGcd,
    aclnnBitwiseAndTensor,
    aclnnBitwiseOrTensor,
    aclnnBitwiseXorTensor,
    aclnnLogicalXor,
    aclnnLogicalAnd,
    aclnnLogicalOr,
    aclnnLogAddExp,
    aclnnLogAddExp2,
    aclnnIsFinite,
    aclnnVarCorrection,
    aclnnStd,
    aclnnCumprod,
    aclnnInplaceFillScalar,
    aclnnEye,
    aclnnTril,
    aclnnTriu,
    aclnnFlip,
    aclnnCat,
    aclnnRoll,
    aclnnArange,
    aclnnSearchSorted,
    aclnnNonzero,
    aclnnBincount,
);

type T = *const aclTensor;
type S = *const aclScalar;
type Ws = *mut u64;
type Ex = *mut *mut aclOpExecutor;

/// Defines a phase-1 export and checks it against the header's typedef.
macro_rules! phase1 {
    ($name:ident, $ty:ident, $op:literal, ($($arg:ident: $aty:ty),*) => $body:expr) => {
        #[no_mangle]
        pub unsafe extern "C" fn $name($($arg: $aty,)* ws: Ws, exec: Ex) -> aclnnStatus {
            let mut slots = Slots::default();
            // SAFETY (both): the arguments are the caller's live
            // descriptors, as in CANN.
            $(unsafe { ArgSlot::slot(&$arg, &mut slots) };)*
            unsafe { finish($op, ws, exec, $body, slots) }
        }
        const _: sys::$ty = Some($name);
    };
}

phase1!(aclnnAddGetWorkspaceSize, aclnnAddGetWorkspaceSize_t, "aclnnAdd",
    (x: T, y: T, alpha: S, out: *mut aclTensor) => binary_tt("aclnnAdd", BinaryOp::Add, accepts("aclnnAdd"), x, y, Some(alpha), out, false));
phase1!(aclnnAddsGetWorkspaceSize, aclnnAddsGetWorkspaceSize_t, "aclnnAdds",
    (x: T, y: S, alpha: S, out: *mut aclTensor) => binary_ts("aclnnAdds", BinaryOp::Add, x, y, Some(alpha), out));
phase1!(aclnnSubGetWorkspaceSize, aclnnSubGetWorkspaceSize_t, "aclnnSub",
    (x: T, y: T, alpha: S, out: *mut aclTensor) => binary_tt("aclnnSub", BinaryOp::Subtract, accepts("aclnnSub"), x, y, Some(alpha), out, false));
phase1!(aclnnSubsGetWorkspaceSize, aclnnSubsGetWorkspaceSize_t, "aclnnSubs",
    (x: T, y: S, alpha: S, out: *mut aclTensor) => binary_ts("aclnnSubs", BinaryOp::Subtract, x, y, Some(alpha), out));
phase1!(aclnnMulGetWorkspaceSize, aclnnMulGetWorkspaceSize_t, "aclnnMul",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnMul", BinaryOp::Multiply, accepts("aclnnMul"), x, y, None, out, false));
phase1!(aclnnAddcmulGetWorkspaceSize, aclnnAddcmulGetWorkspaceSize_t, "aclnnAddcmul",
    (x: T, t1: T, t2: T, value: S, out: *mut aclTensor) => addc("aclnnAddcmul", BinaryOp::Multiply, x, t1, t2, value, out));

/// Phase 1 of `aclnnAddcdiv`, written out: its header declares `out` as
/// `const aclTensor *`, which the `phase1!` slots would take for an input.
#[no_mangle]
pub unsafe extern "C" fn aclnnAddcdivGetWorkspaceSize(
    x: T,
    t1: T,
    t2: T,
    value: S,
    out: T,
    ws: Ws,
    exec: Ex,
) -> aclnnStatus {
    let mut slots = Slots::default();
    // SAFETY (all): the arguments are the caller's live descriptors, as in
    // CANN; `out` is the output whatever its pointer's constness.
    unsafe {
        for t in [x, t1, t2] {
            ArgSlot::slot(&t, &mut slots);
        }
        ArgSlot::slot(&out.cast_mut(), &mut slots);
        let r = addc("aclnnAddcdiv", BinaryOp::TrueDivide, x, t1, t2, value, out);
        finish("aclnnAddcdiv", ws, exec, r, slots)
    }
}
const _: sys::aclnnAddcdivGetWorkspaceSize_t = Some(aclnnAddcdivGetWorkspaceSize);

phase1!(aclnnMulsGetWorkspaceSize, aclnnMulsGetWorkspaceSize_t, "aclnnMuls",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnMuls", BinaryOp::Multiply, x, y, None, out));
phase1!(aclnnEqScalarGetWorkspaceSize, aclnnEqScalarGetWorkspaceSize_t, "aclnnEqScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnEqScalar", BinaryOp::Equal, x, y, None, out));
phase1!(aclnnLtScalarGetWorkspaceSize, aclnnLtScalarGetWorkspaceSize_t, "aclnnLtScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnLtScalar", BinaryOp::Less, x, y, None, out));
phase1!(aclnnGtScalarGetWorkspaceSize, aclnnGtScalarGetWorkspaceSize_t, "aclnnGtScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnGtScalar", BinaryOp::Greater, x, y, None, out));
phase1!(aclnnLeScalarGetWorkspaceSize, aclnnLeScalarGetWorkspaceSize_t, "aclnnLeScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnLeScalar", BinaryOp::LessEqual, x, y, None, out));
phase1!(aclnnGeScalarGetWorkspaceSize, aclnnGeScalarGetWorkspaceSize_t, "aclnnGeScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnGeScalar", BinaryOp::GreaterEqual, x, y, None, out));
phase1!(aclnnNeScalarGetWorkspaceSize, aclnnNeScalarGetWorkspaceSize_t, "aclnnNeScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnNeScalar", BinaryOp::NotEqual, x, y, None, out));
phase1!(aclnnFloorDividesGetWorkspaceSize, aclnnFloorDividesGetWorkspaceSize_t, "aclnnFloorDivides",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnFloorDivides", BinaryOp::FloorDivide, x, y, None, out));
phase1!(aclnnRemainderTensorScalarGetWorkspaceSize, aclnnRemainderTensorScalarGetWorkspaceSize_t, "aclnnRemainderTensorScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnRemainderTensorScalar", BinaryOp::Remainder, x, y, None, out));
phase1!(aclnnFmodScalarGetWorkspaceSize, aclnnFmodScalarGetWorkspaceSize_t, "aclnnFmodScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnFmodScalar", BinaryOp::Fmod, x, y, None, out));
phase1!(aclnnPowTensorScalarGetWorkspaceSize, aclnnPowTensorScalarGetWorkspaceSize_t, "aclnnPowTensorScalar",
    (x: T, y: S, out: T) => binary_ts("aclnnPowTensorScalar", BinaryOp::Power, x, y, None, out));
phase1!(aclnnBitwiseAndScalarGetWorkspaceSize, aclnnBitwiseAndScalarGetWorkspaceSize_t, "aclnnBitwiseAndScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnBitwiseAndScalar", BinaryOp::BitwiseAnd, x, y, None, out));
phase1!(aclnnBitwiseOrScalarGetWorkspaceSize, aclnnBitwiseOrScalarGetWorkspaceSize_t, "aclnnBitwiseOrScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnBitwiseOrScalar", BinaryOp::BitwiseOr, x, y, None, out));
phase1!(aclnnBitwiseXorScalarGetWorkspaceSize, aclnnBitwiseXorScalarGetWorkspaceSize_t, "aclnnBitwiseXorScalar",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnBitwiseXorScalar", BinaryOp::BitwiseXor, x, y, None, out));
phase1!(aclnnRsubsGetWorkspaceSize, aclnnRsubsGetWorkspaceSize_t, "aclnnRsubs",
    (x: T, y: S, alpha: S, out: *mut aclTensor) => binary_st("aclnnRsubs", BinaryOp::Subtract, y, x, Some(alpha), out));
phase1!(aclnnRemainderScalarTensorGetWorkspaceSize, aclnnRemainderScalarTensorGetWorkspaceSize_t, "aclnnRemainderScalarTensor",
    (s: S, x: T, out: *mut aclTensor) => binary_st("aclnnRemainderScalarTensor", BinaryOp::Remainder, s, x, None, out));
phase1!(aclnnPowScalarTensorGetWorkspaceSize, aclnnPowScalarTensorGetWorkspaceSize_t, "aclnnPowScalarTensor",
    (s: S, x: T, out: T) => binary_st("aclnnPowScalarTensor", BinaryOp::Power, s, x, None, out));
phase1!(aclnnDivGetWorkspaceSize, aclnnDivGetWorkspaceSize_t, "aclnnDiv",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnDiv", BinaryOp::TrueDivide, accepts("aclnnDiv"), x, y, None, out, false));
phase1!(aclnnDivsGetWorkspaceSize, aclnnDivsGetWorkspaceSize_t, "aclnnDivs",
    (x: T, y: S, out: *mut aclTensor) => binary_ts("aclnnDivs", BinaryOp::TrueDivide, x, y, None, out));

phase1!(aclnnNegGetWorkspaceSize, aclnnNegGetWorkspaceSize_t, "aclnnNeg",
    (x: T, out: *mut aclTensor) => unary_t("aclnnNeg", UnaryOp::Negative, accepts("aclnnNeg"), x, out));
phase1!(aclnnAbsGetWorkspaceSize, aclnnAbsGetWorkspaceSize_t, "aclnnAbs",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAbs", UnaryOp::Absolute, accepts("aclnnAbs"), x, out));
phase1!(aclnnExpGetWorkspaceSize, aclnnExpGetWorkspaceSize_t, "aclnnExp",
    (x: T, out: *mut aclTensor) => unary_t("aclnnExp", UnaryOp::Exp, accepts("aclnnExp"), x, out));
phase1!(aclnnLogGetWorkspaceSize, aclnnLogGetWorkspaceSize_t, "aclnnLog",
    (x: T, out: *mut aclTensor) => unary_t("aclnnLog", UnaryOp::Log, accepts("aclnnLog"), x, out));
phase1!(aclnnSqrtGetWorkspaceSize, aclnnSqrtGetWorkspaceSize_t, "aclnnSqrt",
    (x: T, out: *mut aclTensor) => unary_t("aclnnSqrt", UnaryOp::Sqrt, accepts("aclnnSqrt"), x, out));
phase1!(aclnnSinGetWorkspaceSize, aclnnSinGetWorkspaceSize_t, "aclnnSin",
    (x: T, out: *mut aclTensor) => unary_t("aclnnSin", UnaryOp::Sin, accepts("aclnnSin"), x, out));
phase1!(aclnnCosGetWorkspaceSize, aclnnCosGetWorkspaceSize_t, "aclnnCos",
    (x: T, out: *mut aclTensor) => unary_t("aclnnCos", UnaryOp::Cos, accepts("aclnnCos"), x, out));
phase1!(aclnnTanhGetWorkspaceSize, aclnnTanhGetWorkspaceSize_t, "aclnnTanh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnTanh", UnaryOp::Tanh, accepts("aclnnTanh"), x, out));

phase1!(aclnnEqTensorGetWorkspaceSize, aclnnEqTensorGetWorkspaceSize_t, "aclnnEqTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnEqTensor", BinaryOp::Equal, accepts("aclnnEqTensor"), x, y, None, out, true));
phase1!(aclnnNeTensorGetWorkspaceSize, aclnnNeTensorGetWorkspaceSize_t, "aclnnNeTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnNeTensor", BinaryOp::NotEqual, accepts("aclnnNeTensor"), x, y, None, out, true));
phase1!(aclnnLtTensorGetWorkspaceSize, aclnnLtTensorGetWorkspaceSize_t, "aclnnLtTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLtTensor", BinaryOp::Less, accepts("aclnnLtTensor"), x, y, None, out, true));
phase1!(aclnnLeTensorGetWorkspaceSize, aclnnLeTensorGetWorkspaceSize_t, "aclnnLeTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLeTensor", BinaryOp::LessEqual, accepts("aclnnLeTensor"), x, y, None, out, true));
phase1!(aclnnGtTensorGetWorkspaceSize, aclnnGtTensorGetWorkspaceSize_t, "aclnnGtTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnGtTensor", BinaryOp::Greater, accepts("aclnnGtTensor"), x, y, None, out, true));
phase1!(aclnnGeTensorGetWorkspaceSize, aclnnGeTensorGetWorkspaceSize_t, "aclnnGeTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnGeTensor", BinaryOp::GreaterEqual, accepts("aclnnGeTensor"), x, y, None, out, true));

phase1!(aclnnReduceSumGetWorkspaceSize, aclnnReduceSumGetWorkspaceSize_t, "aclnnReduceSum",
    (x: T, dims: *const aclIntArray, keep: bool, dt: aclDataType::Type, out: *mut aclTensor) =>
    reduce_t("aclnnReduceSum", ReduceOp::Sum, accepts("aclnnReduceSum"), x, Some(dims), keep, Some(dt), out));
phase1!(aclnnProdGetWorkspaceSize, aclnnProdGetWorkspaceSize_t, "aclnnProd",
    (x: T, dt: aclDataType::Type, out: *mut aclTensor) =>
    reduce_t("aclnnProd", ReduceOp::Prod, accepts("aclnnProd"), x, None, false, Some(dt), out));
phase1!(aclnnProdDimGetWorkspaceSize, aclnnProdDimGetWorkspaceSize_t, "aclnnProdDim",
    (x: T, dim: i64, keep: bool, dt: aclDataType::Type, out: *mut aclTensor) =>
    reduce_dims_t("aclnnProdDim", ReduceOp::Prod, accepts("aclnnProdDim"), x, vec![dim], keep, Some(dt), out));
phase1!(aclnnMeanGetWorkspaceSize, aclnnMeanGetWorkspaceSize_t, "aclnnMean",
    (x: T, dims: *const aclIntArray, keep: bool, dt: aclDataType::Type, out: *mut aclTensor) =>
    reduce_t("aclnnMean", ReduceOp::Mean, accepts("aclnnMean"), x, Some(dims), keep, Some(dt), out));
phase1!(aclnnAmaxGetWorkspaceSize, aclnnAmaxGetWorkspaceSize_t, "aclnnAmax",
    (x: T, dims: *const aclIntArray, keep: bool, out: *mut aclTensor) =>
    reduce_t("aclnnAmax", ReduceOp::Max, accepts("aclnnAmax"), x, Some(dims), keep, None, out));
phase1!(aclnnAllGetWorkspaceSize, aclnnAllGetWorkspaceSize_t, "aclnnAll",
    (x: T, dims: *const aclIntArray, keep: bool, out: *mut aclTensor) =>
    reduce_t("aclnnAll", ReduceOp::All, accepts("aclnnAll"), x, Some(dims), keep, None, out));
phase1!(aclnnAnyGetWorkspaceSize, aclnnAnyGetWorkspaceSize_t, "aclnnAny",
    (x: T, dims: *const aclIntArray, keep: bool, out: *mut aclTensor) =>
    reduce_t("aclnnAny", ReduceOp::Any, accepts("aclnnAny"), x, Some(dims), keep, None, out));
phase1!(aclnnAminGetWorkspaceSize, aclnnAminGetWorkspaceSize_t, "aclnnAmin",
    (x: T, dims: *const aclIntArray, keep: bool, out: *mut aclTensor) =>
    reduce_t("aclnnAmin", ReduceOp::Min, accepts("aclnnAmin"), x, Some(dims), keep, None, out));
phase1!(aclnnMaxGetWorkspaceSize, aclnnMaxGetWorkspaceSize_t, "aclnnMax",
    (x: T, out: *mut aclTensor) => reduce_t("aclnnMax", ReduceOp::Max, accepts("aclnnMax"), x, None, false, None, out));
phase1!(aclnnMinGetWorkspaceSize, aclnnMinGetWorkspaceSize_t, "aclnnMin",
    (x: T, out: *mut aclTensor) => reduce_t("aclnnMin", ReduceOp::Min, accepts("aclnnMin"), x, None, false, None, out));

phase1!(aclnnMatmulGetWorkspaceSize, aclnnMatmulGetWorkspaceSize_t, "aclnnMatmul",
    (x: T, y: T, out: *mut aclTensor, _cube: i8) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, y, out) = (tensor(x, "self")?, tensor(y, "mat2")?, tensor(out, "out")?);
        check_dtype("aclnnMatmul", "self", x.dtype, accepts("aclnnMatmul"))?;
        check_dtype("aclnnMatmul", "mat2", y.dtype, accepts("aclnnMatmul"))?;
        check_dtype("aclnnMatmul", "out", out.dtype, accepts("aclnnMatmul"))?;
        let shape = matmul_shape(&x.shape, &y.shape).map_err(invalid)?;
        check_shape("aclnnMatmul", &out, &shape)?;
        let ws = 4096u64;
        let o = out.clone();
        Ok((ws, matmul_kernel(x, y, out), Some(o)))
    })());

phase1!(aclnnCastGetWorkspaceSize, aclnnCastGetWorkspaceSize_t, "aclnnCast",
    (x: T, dt: aclDataType::Type, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, out) = (tensor(x, "self")?, tensor(out, "out")?);
        check_dtype("aclnnCast", "self", x.dtype, accepts("aclnnCast"))?;
        let d = dtype(dt).ok_or_else(|| invalid(format!("aclnnCast: bad dtype {dt}")))?;
        if d != out.dtype {
            return Err(invalid("aclnnCast: dtype differs from out's dtype"));
        }
        check_shape("aclnnCast", &out, &x.shape)?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let r = host::cast(&read(a, &x)?, d).map_err(e2s)?;
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnInplaceCopyGetWorkspaceSize, aclnnInplaceCopyGetWorkspaceSize_t, "aclnnInplaceCopy",
    (dst: *mut aclTensor, src: T) => (|| {
        // SAFETY: live descriptors from the caller.
        let (dst, src) = (tensor(dst, "selfRef")?, tensor(src, "src")?);
        broadcast_shapes(&[&src.shape, &dst.shape])
            .ok()
            .filter(|s| *s == dst.shape)
            .ok_or_else(|| invalid("aclnnInplaceCopy: src does not broadcast to selfRef"))?;
        let o = dst.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let v = read(a, &src)?.to_contiguous();
            write(a, &dst, &v)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnSortGetWorkspaceSize, aclnnSortGetWorkspaceSize_t, "aclnnSort",
    (x: T, _stable: bool, dim: i64, descending: bool, values: *mut aclTensor, indices: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, v, i) = (tensor(x, "self")?, tensor(values, "valuesOut")?, tensor(indices, "indicesOut")?);
        check_dtype("aclnnSort", "self", x.dtype, accepts("aclnnSort"))?;
        if v.dtype != x.dtype || i.dtype != DType::Int64 {
            return Err(invalid("aclnnSort: valuesOut must have self's dtype and indicesOut INT64"));
        }
        let nd = x.shape.len().max(1) as i64;
        let d = if dim < 0 { dim + nd } else { dim };
        if d < 0 || d >= nd {
            return Err(invalid(format!("aclnnSort: dim {dim} out of range")));
        }
        check_shape("aclnnSort", &v, &x.shape)?;
        check_shape("aclnnSort", &i, &x.shape)?;
        let ws = (x.shape.iter().product::<usize>() * 16).max(512) as u64;
        let o = v.clone();
        Ok((ws, sort_kernel(x, d as usize, descending, v, i), Some(o)))
    })());

phase1!(aclnnSWhereGetWorkspaceSize, aclnnSWhereGetWorkspaceSize_t, "aclnnSWhere",
    (c: T, x: T, y: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (c, x, y, out) =
            (tensor(c, "condition")?, tensor(x, "self")?, tensor(y, "other")?, tensor(out, "out")?);
        check_dtype("aclnnSWhere", "condition", c.dtype, &[DType::Bool, DType::UInt8])?;
        let shape = broadcast_shapes(&[&c.shape, &x.shape, &y.shape])
            .map_err(|e| invalid(format!("aclnnSWhere: {}", e.msg())))?;
        check_shape("aclnnSWhere", &out, &shape)?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let cond = read(a, &c)?.astype(DType::Bool);
            let (xa, ya) = (read(a, &x)?, read(a, &y)?);
            let r = host::where_(&cond, &xa, &ya).map_err(e2s)?;
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnRoundGetWorkspaceSize, aclnnRoundGetWorkspaceSize_t, "aclnnRound",
    (x: T, out: *mut aclTensor) => unary_t("aclnnRound", UnaryOp::Rint, accepts("aclnnRound"), x, out));
phase1!(aclnnLogicalNotGetWorkspaceSize, aclnnLogicalNotGetWorkspaceSize_t, "aclnnLogicalNot",
    (x: T, out: *mut aclTensor) => unary_t("aclnnLogicalNot", UnaryOp::LogicalNot, accepts("aclnnLogicalNot"), x, out));
phase1!(aclnnRealGetWorkspaceSize, aclnnRealGetWorkspaceSize_t, "aclnnReal",
    (x: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, out) = (tensor(x, "self")?, tensor(out, "out")?);
        check_dtype("aclnnReal", "self", x.dtype, &[DType::Complex64, DType::Complex128])?;
        let want = x.dtype.real_dtype();
        if out.dtype != want {
            return Err(invalid(format!(
                "aclnnReal: out must be {}",
                acl_dtype_name(acl_dtype(want))
            )));
        }
        check_shape("aclnnReal", &out, &x.shape)?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let r = host::unary(UnaryOp::Real, &read(a, &x)?).map_err(e2s)?;
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());
phase1!(aclnnRemainderTensorTensorGetWorkspaceSize, aclnnRemainderTensorTensorGetWorkspaceSize_t, "aclnnRemainderTensorTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnRemainderTensorTensor", BinaryOp::Remainder, accepts("aclnnRemainderTensorTensor"), x, y, None, out, false));
phase1!(aclnnFloorDivideGetWorkspaceSize, aclnnFloorDivideGetWorkspaceSize_t, "aclnnFloorDivide",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnFloorDivide", BinaryOp::FloorDivide, accepts("aclnnFloorDivide"), x, y, None, out, false));
phase1!(aclnnPowTensorTensorGetWorkspaceSize, aclnnPowTensorTensorGetWorkspaceSize_t, "aclnnPowTensorTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnPowTensorTensor", BinaryOp::Power, accepts("aclnnPowTensorTensor"), x, y, None, out, false));
phase1!(aclnnArgMaxGetWorkspaceSize, aclnnArgMaxGetWorkspaceSize_t, "aclnnArgMax",
    (x: T, dim: i64, keep: bool, out: *mut aclTensor) => along_axis_t("aclnnArgMax", ReduceOp::Argmax, x, dim, keep, None, out));
phase1!(aclnnArgMinGetWorkspaceSize, aclnnArgMinGetWorkspaceSize_t, "aclnnArgMin",
    (x: T, dim: i64, keep: bool, out: *mut aclTensor) => along_axis_t("aclnnArgMin", ReduceOp::Argmin, x, dim, keep, None, out));
phase1!(aclnnCumsumGetWorkspaceSize, aclnnCumsumGetWorkspaceSize_t, "aclnnCumsum",
    (x: T, dim: i64, dt: aclDataType::Type, out: *mut aclTensor) => along_axis_t("aclnnCumsum", ReduceOp::Cumsum, x, dim, false, Some(dt), out));

phase1!(aclnnIndexSelectGetWorkspaceSize, aclnnIndexSelectGetWorkspaceSize_t, "aclnnIndexSelect",
    (x: T, dim: i64, index: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, i, out) = (tensor(x, "self")?, tensor(index, "index")?, tensor(out, "out")?);
        check_dtype("aclnnIndexSelect", "self", x.dtype, accepts("aclnnIndexSelect"))?;
        check_dtype("aclnnIndexSelect", "index", i.dtype, &[DType::Int32, DType::Int64])?;
        if out.dtype != x.dtype {
            return Err(invalid("aclnnIndexSelect: out must have self's dtype"));
        }
        if i.shape.len() > 1 {
            return Err(invalid("aclnnIndexSelect: index must be 0-d or 1-d"));
        }
        let d = one_dim("aclnnIndexSelect", dim, x.shape.len())?;
        let mut shape = x.shape.clone();
        if !shape.is_empty() {
            shape[d] = i.shape.iter().product();
        }
        check_shape("aclnnIndexSelect", &out, &shape)?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let (xa, ia) = (read(a, &x)?, read(a, &i)?);
            let n = xa.shape().get(d).copied().unwrap_or(1) as i64;
            let idx = ia.astype(DType::Int64).to_vec::<i64>().map_err(e2s)?;
            if let Some(bad) = idx.iter().find(|&&v| v < 0 || v >= n) {
                return Err(format!("aclnnIndexSelect: index {bad} out of range for size {n}"));
            }
            let r = host::take_axis(&xa, &idx, d).map_err(e2s)?;
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnIndexPutImplGetWorkspaceSize, aclnnIndexPutImplGetWorkspaceSize_t, "aclnnIndexPutImpl",
    (dst: *mut aclTensor, indices: *const aclTensorList, values: T, accumulate: bool, _unsafe: bool) => (|| {
        // SAFETY: live descriptors from the caller.
        let (dst, idx, v) = (
            tensor(dst, "selfRef")?,
            tensor_list(indices, "indices")?,
            tensor(values, "values")?,
        );
        check_dtype("aclnnIndexPutImpl", "selfRef", dst.dtype, accepts("aclnnIndexPutImpl"))?;
        if v.dtype != dst.dtype {
            return Err(invalid("aclnnIndexPutImpl: values must have selfRef's dtype"));
        }
        // The simulator implements the form xpush sends: one integer index
        // tensor into dim 0, values one per index (plus selfRef's other dims).
        let [i] = idx.as_slice() else {
            return Err(invalid("aclnnIndexPutImpl (acl-sim): exactly one index tensor is simulated"));
        };
        check_dtype("aclnnIndexPutImpl", "indices", i.dtype, &[DType::Int32, DType::Int64])?;
        if i.shape.len() != 1 || dst.shape.is_empty() {
            return Err(invalid("aclnnIndexPutImpl (acl-sim): a 1-d index into dim 0 is simulated"));
        }
        let mut vshape = i.shape.clone();
        vshape.extend(&dst.shape[1..]);
        broadcast_shapes(&[&v.shape, &vshape])
            .ok()
            .filter(|s| *s == vshape)
            .ok_or_else(|| invalid("aclnnIndexPutImpl: values do not broadcast to the indexed shape"))?;
        let (i, o) = (i.clone(), dst.clone());
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let (xa, ia, va) = (read(a, &dst)?, read(a, &i)?, read(a, &v)?);
            let n = dst.shape[0] as i64;
            let idx = ia.astype(DType::Int64).to_vec::<i64>().map_err(e2s)?;
            if let Some(bad) = idx.iter().find(|&&j| j < -n || j >= n) {
                return Err(format!("aclnnIndexPutImpl: index {bad} out of range for size {n}"));
            }
            let va = va.broadcast_to(&vshape).map_err(e2s)?;
            for (k, &j) in idx.iter().enumerate() {
                let row = xa.index_axis(0, j as isize).map_err(e2s)?;
                let src = va.index_axis(0, k as isize).map_err(e2s)?;
                let src = if accumulate {
                    host::binary(BinaryOp::Add, &row, &src).map_err(e2s)?
                } else {
                    src
                };
                CpuBackend.copy_into(&src, &row).map_err(e2s)?;
            }
            write(a, &dst, &xa)
        });
        Ok((0, k, Some(o)))
    })());

// Elementwise ufuncs (issue 28): NumPy's kernels, the 910B's dtype lists.
phase1!(aclnnFloorGetWorkspaceSize, aclnnFloorGetWorkspaceSize_t, "aclnnFloor",
    (x: T, out: *mut aclTensor) => unary_t("aclnnFloor", UnaryOp::Floor, accepts("aclnnFloor"), x, out));
phase1!(aclnnCeilGetWorkspaceSize, aclnnCeilGetWorkspaceSize_t, "aclnnCeil",
    (x: T, out: *mut aclTensor) => unary_t("aclnnCeil", UnaryOp::Ceil, accepts("aclnnCeil"), x, out));
phase1!(aclnnTruncGetWorkspaceSize, aclnnTruncGetWorkspaceSize_t, "aclnnTrunc",
    (x: T, out: *mut aclTensor) => unary_t("aclnnTrunc", UnaryOp::Trunc, accepts("aclnnTrunc"), x, out));
phase1!(aclnnSignGetWorkspaceSize, aclnnSignGetWorkspaceSize_t, "aclnnSign",
    (x: T, out: *mut aclTensor) => unary_t("aclnnSign", UnaryOp::Sign, accepts("aclnnSign"), x, out));
phase1!(aclnnSignbitGetWorkspaceSize, aclnnSignbitGetWorkspaceSize_t, "aclnnSignbit",
    (x: T, out: *mut aclTensor) => unary_t("aclnnSignbit", UnaryOp::Signbit, accepts("aclnnSignbit"), x, out));
phase1!(aclnnTanGetWorkspaceSize, aclnnTanGetWorkspaceSize_t, "aclnnTan",
    (x: T, out: *mut aclTensor) => unary_t("aclnnTan", UnaryOp::Tan, accepts("aclnnTan"), x, out));
phase1!(aclnnAsinGetWorkspaceSize, aclnnAsinGetWorkspaceSize_t, "aclnnAsin",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAsin", UnaryOp::Arcsin, accepts("aclnnAsin"), x, out));
phase1!(aclnnAcosGetWorkspaceSize, aclnnAcosGetWorkspaceSize_t, "aclnnAcos",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAcos", UnaryOp::Arccos, accepts("aclnnAcos"), x, out));
phase1!(aclnnAtanGetWorkspaceSize, aclnnAtanGetWorkspaceSize_t, "aclnnAtan",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAtan", UnaryOp::Arctan, accepts("aclnnAtan"), x, out));
phase1!(aclnnSinhGetWorkspaceSize, aclnnSinhGetWorkspaceSize_t, "aclnnSinh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnSinh", UnaryOp::Sinh, accepts("aclnnSinh"), x, out));
phase1!(aclnnCoshGetWorkspaceSize, aclnnCoshGetWorkspaceSize_t, "aclnnCosh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnCosh", UnaryOp::Cosh, accepts("aclnnCosh"), x, out));
phase1!(aclnnAsinhGetWorkspaceSize, aclnnAsinhGetWorkspaceSize_t, "aclnnAsinh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAsinh", UnaryOp::Arcsinh, accepts("aclnnAsinh"), x, out));
phase1!(aclnnAcoshGetWorkspaceSize, aclnnAcoshGetWorkspaceSize_t, "aclnnAcosh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAcosh", UnaryOp::Arccosh, accepts("aclnnAcosh"), x, out));
phase1!(aclnnAtanhGetWorkspaceSize, aclnnAtanhGetWorkspaceSize_t, "aclnnAtanh",
    (x: T, out: *mut aclTensor) => unary_t("aclnnAtanh", UnaryOp::Arctanh, accepts("aclnnAtanh"), x, out));

/// `aclnnLog2`'s header declares `out` as `const aclTensor*` (written by
/// hand, not through `phase1!`, which takes a `const` tensor for an
/// input): it is the op's output all the same, and its slot is one.
#[no_mangle]
pub unsafe extern "C" fn aclnnLog2GetWorkspaceSize(x: T, out: T, ws: Ws, exec: Ex) -> aclnnStatus {
    let mut slots = Slots::default();
    // SAFETY (all three): the arguments are the caller's live descriptors,
    // as in CANN.
    unsafe { ArgSlot::slot(&x, &mut slots) };
    unsafe { ArgSlot::slot(&out.cast_mut(), &mut slots) };
    let plan = unsafe { unary_t("aclnnLog2", UnaryOp::Log2, accepts("aclnnLog2"), x, out) };
    unsafe { finish("aclnnLog2", ws, exec, plan, slots) }
}
const _: sys::aclnnLog2GetWorkspaceSize_t = Some(aclnnLog2GetWorkspaceSize);
phase1!(aclnnLog10GetWorkspaceSize, aclnnLog10GetWorkspaceSize_t, "aclnnLog10",
    (x: T, out: *mut aclTensor) => unary_t("aclnnLog10", UnaryOp::Log10, accepts("aclnnLog10"), x, out));
phase1!(aclnnLog1pGetWorkspaceSize, aclnnLog1pGetWorkspaceSize_t, "aclnnLog1p",
    (x: T, out: *mut aclTensor) => unary_t("aclnnLog1p", UnaryOp::Log1p, accepts("aclnnLog1p"), x, out));
phase1!(aclnnExpm1GetWorkspaceSize, aclnnExpm1GetWorkspaceSize_t, "aclnnExpm1",
    (x: T, out: *mut aclTensor) => unary_t("aclnnExpm1", UnaryOp::Expm1, accepts("aclnnExpm1"), x, out));
phase1!(aclnnExp2GetWorkspaceSize, aclnnExp2GetWorkspaceSize_t, "aclnnExp2",
    (x: T, out: *mut aclTensor) => unary_t("aclnnExp2", UnaryOp::Exp2, accepts("aclnnExp2"), x, out));
phase1!(aclnnReciprocalGetWorkspaceSize, aclnnReciprocalGetWorkspaceSize_t, "aclnnReciprocal",
    (x: T, out: *mut aclTensor) => unary_t("aclnnReciprocal", UnaryOp::Reciprocal, accepts("aclnnReciprocal"), x, out));
phase1!(aclnnBitwiseNotGetWorkspaceSize, aclnnBitwiseNotGetWorkspaceSize_t, "aclnnBitwiseNot",
    (x: T, out: *mut aclTensor) => unary_t("aclnnBitwiseNot", UnaryOp::Invert, accepts("aclnnBitwiseNot"), x, out));
phase1!(aclnnAtan2GetWorkspaceSize, aclnnAtan2GetWorkspaceSize_t, "aclnnAtan2",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnAtan2", BinaryOp::Arctan2, accepts("aclnnAtan2"), x, y, None, out, false));
phase1!(aclnnFmodTensorGetWorkspaceSize, aclnnFmodTensorGetWorkspaceSize_t, "aclnnFmodTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnFmodTensor", BinaryOp::Fmod, accepts("aclnnFmodTensor"), x, y, None, out, false));
phase1!(aclnnGcdGetWorkspaceSize, aclnnGcdGetWorkspaceSize_t, "aclnnGcd",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnGcd", BinaryOp::Gcd, accepts("aclnnGcd"), x, y, None, out, false));
phase1!(aclnnBitwiseAndTensorGetWorkspaceSize, aclnnBitwiseAndTensorGetWorkspaceSize_t, "aclnnBitwiseAndTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnBitwiseAndTensor", BinaryOp::BitwiseAnd, accepts("aclnnBitwiseAndTensor"), x, y, None, out, false));
phase1!(aclnnBitwiseOrTensorGetWorkspaceSize, aclnnBitwiseOrTensorGetWorkspaceSize_t, "aclnnBitwiseOrTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnBitwiseOrTensor", BinaryOp::BitwiseOr, accepts("aclnnBitwiseOrTensor"), x, y, None, out, false));
phase1!(aclnnBitwiseXorTensorGetWorkspaceSize, aclnnBitwiseXorTensorGetWorkspaceSize_t, "aclnnBitwiseXorTensor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnBitwiseXorTensor", BinaryOp::BitwiseXor, accepts("aclnnBitwiseXorTensor"), x, y, None, out, false));
phase1!(aclnnLogicalXorGetWorkspaceSize, aclnnLogicalXorGetWorkspaceSize_t, "aclnnLogicalXor",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLogicalXor", BinaryOp::LogicalXor, accepts("aclnnLogicalXor"), x, y, None, out, true));
phase1!(aclnnLogicalAndGetWorkspaceSize, aclnnLogicalAndGetWorkspaceSize_t, "aclnnLogicalAnd",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLogicalAnd", BinaryOp::LogicalAnd, accepts("aclnnLogicalAnd"), x, y, None, out, true));
phase1!(aclnnLogicalOrGetWorkspaceSize, aclnnLogicalOrGetWorkspaceSize_t, "aclnnLogicalOr",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLogicalOr", BinaryOp::LogicalOr, accepts("aclnnLogicalOr"), x, y, None, out, true));
phase1!(aclnnLogAddExpGetWorkspaceSize, aclnnLogAddExpGetWorkspaceSize_t, "aclnnLogAddExp",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLogAddExp", BinaryOp::Logaddexp, accepts("aclnnLogAddExp"), x, y, None, out, false));
phase1!(aclnnLogAddExp2GetWorkspaceSize, aclnnLogAddExp2GetWorkspaceSize_t, "aclnnLogAddExp2",
    (x: T, y: T, out: *mut aclTensor) => binary_tt("aclnnLogAddExp2", BinaryOp::Logaddexp2, accepts("aclnnLogAddExp2"), x, y, None, out, false));
phase1!(aclnnIsFiniteGetWorkspaceSize, aclnnIsFiniteGetWorkspaceSize_t, "aclnnIsFinite",
    (x: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        if tensor(out, "out")?.dtype != DType::Bool {
            return Err(invalid("aclnnIsFinite: out must be BOOL"));
        }
        unary_t("aclnnIsFinite", UnaryOp::Isfinite, accepts("aclnnIsFinite"), x, out)
    })());

// Reductions, scans and creation (issue 28).

/// VarCorrection and Std over `dims` (empty: every dim), dividing by
/// `n - correction` as NumPy's `ddof`; CANN's phase 1 fills the output
/// with NaN when `n == 1 <= correction` and with infinity when
/// `1 < correction >= n` (`math/reduce_var/op_api/aclnn_var.cpp`), and so
/// does the sim.
unsafe fn moment_t(
    op: &'static str,
    kind: ReduceOp,
    x: *const aclTensor,
    dims: *const aclIntArray,
    correction: i64,
    keep: bool,
    out: *const aclTensor,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (dims, x, out) = unsafe {
        (
            int_array(dims, "dim")?,
            tensor(x, "self")?,
            tensor(out, "out")?,
        )
    };
    check_dtype(op, "self", x.dtype, accepts(op))?;
    check_dtype(op, "out", out.dtype, accepts(op))?;
    let (shape, axes) =
        reduced_shape(&x.shape, &dims, keep).map_err(|(c, m)| (c, format!("{op}: {m}")))?;
    check_shape(op, &out, &shape)?;
    let axes: Vec<usize> = axes.iter().map(|&a| a as usize).collect();
    let n: i64 = axes.iter().map(|&a| x.shape[a] as i64).product();
    let fill = if n == 1 && correction >= 1 {
        Some(f64::NAN)
    } else if correction > 1 && n <= correction {
        Some(f64::INFINITY)
    } else {
        None
    };
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let r = match fill {
            Some(v) => Array::from_scalar(Scalar::Float64(v)).astype(out.dtype),
            None => {
                host::moments(kind, &read(a, &x)?, &axes, keep, correction as f64).map_err(e2s)?
            }
        };
        write(a, &out, &r)
    });
    Ok((0, k, Some(o)))
}

phase1!(aclnnVarCorrectionGetWorkspaceSize, aclnnVarCorrectionGetWorkspaceSize_t, "aclnnVarCorrection",
    (x: T, dims: *const aclIntArray, correction: i64, keep: bool, out: *mut aclTensor) =>
    moment_t("aclnnVarCorrection", ReduceOp::Var, x, dims, correction, keep, out));
phase1!(aclnnStdGetWorkspaceSize, aclnnStdGetWorkspaceSize_t, "aclnnStd",
    (x: T, dims: *const aclIntArray, correction: i64, keep: bool, out: *mut aclTensor) =>
    moment_t("aclnnStd", ReduceOp::Std, x, dims, correction, keep, out));

phase1!(aclnnCumprodGetWorkspaceSize, aclnnCumprodGetWorkspaceSize_t, "aclnnCumprod",
    (x: T, dim: S, dt: aclDataType::Type, out: *mut aclTensor) => (|| {
        // SAFETY: a live aclScalar from the caller.
        let d = scalar(dim, "dim")?;
        check_dtype("aclnnCumprod", "dim", d.dtype(), &[DType::Int32, DType::Int64])?;
        let d = d.astype(DType::Int64).to_vec::<i64>().map_err(|e| invalid(e.to_string()))?[0];
        // CANN takes DT_UNDEFINED as out's dtype.
        let dt = if dtype(dt).is_none() {
            // SAFETY: a live descriptor from the caller.
            acl_dtype(tensor(out, "out")?.dtype)
        } else {
            dt
        };
        // SAFETY: live descriptors from the caller.
        along_axis_t("aclnnCumprod", ReduceOp::Cumprod, x, d, false, Some(dt), out)
    })());

phase1!(aclnnInplaceFillScalarGetWorkspaceSize, aclnnInplaceFillScalarGetWorkspaceSize_t, "aclnnInplaceFillScalar",
    (dst: *mut aclTensor, value: S) => (|| {
        // SAFETY: live descriptors from the caller.
        let (dst, v) = (tensor(dst, "selfRef")?, scalar(value, "value")?);
        check_dtype("aclnnInplaceFillScalar", "selfRef", dst.dtype, accepts("aclnnInplaceFillScalar"))?;
        let o = dst.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let full = host::cast(&v, dst.dtype).map_err(e2s)?;
            write(a, &dst, &full)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnInplaceZeroGetWorkspaceSize, aclnnInplaceZeroGetWorkspaceSize_t, "aclnnInplaceZero",
    (dst: *mut aclTensor) => inplace_constant("aclnnInplaceZero", dst, 0.0));
phase1!(aclnnInplaceOneGetWorkspaceSize, aclnnInplaceOneGetWorkspaceSize_t, "aclnnInplaceOne",
    (dst: *const aclTensor) => inplace_constant("aclnnInplaceOne", dst, 1.0));

/// `selfRef[...] = v` for InplaceZero and InplaceOne.
unsafe fn inplace_constant(
    op: &'static str,
    dst: *const aclTensor,
    v: f64,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: a live descriptor from the caller.
    let dst = unsafe { tensor(dst, "selfRef")? };
    check_dtype(op, "selfRef", dst.dtype, accepts(op))?;
    let o = dst.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
        let full = host::cast(&Array::from_scalar(Scalar::Float64(v)), dst.dtype).map_err(e2s)?;
        write(a, &dst, &full)
    });
    Ok((0, k, Some(o)))
}

phase1!(aclnnEyeGetWorkspaceSize, aclnnEyeGetWorkspaceSize_t, "aclnnEye",
    (n: i64, m: i64, out: *mut aclTensor) => (|| {
        // SAFETY: a live descriptor from the caller.
        let out = tensor(out, "out")?;
        check_dtype("aclnnEye", "out", out.dtype, accepts("aclnnEye"))?;
        if n < 0 || m < 0 {
            return Err(invalid("aclnnEye: n and m must be non-negative"));
        }
        let (n, m) = (n as usize, m as usize);
        check_shape("aclnnEye", &out, &[n, m])?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let ones: Vec<bool> = (0..n * m).map(|p| p / m.max(1) == p % m.max(1)).collect();
            let r = Array::from_vec(ones, &[n, m]).map_err(e2s)?;
            write(a, &out, &host::cast(&r, out.dtype).map_err(e2s)?)
        });
        Ok((0, k, Some(o)))
    })());

/// Tril and Triu: the last two dims' lower (upper) triangle from
/// `diagonal` on, the rest zeroed; rank at least 2 (`ACLNN_MIN_INPUT_RANK`
/// in `conversion/triu/op_api/aclnn_triu.cpp`).
unsafe fn tri_t(
    op: &'static str,
    x: *const aclTensor,
    k: i64,
    out: *const aclTensor,
    lower: bool,
) -> R<(u64, Kernel, Option<SimTensor>)> {
    // SAFETY: live descriptors from the caller.
    let (x, out) = unsafe { (tensor(x, "self")?, tensor(out, "out")?) };
    check_dtype(op, "self", x.dtype, accepts(op))?;
    if out.dtype != x.dtype {
        return Err(invalid(format!("{op}: out must have self's dtype")));
    }
    if x.shape.len() < 2 {
        return Err(invalid(format!("{op}: self must be at least 2-d")));
    }
    check_shape(op, &out, &x.shape)?;
    let nd = x.shape.len();
    let (r, c) = (x.shape[nd - 2], x.shape[nd - 1]);
    let o = out.clone();
    let k: Kernel = Arc::new(move |a: &mut Arena| {
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
        let xa = read(a, &x)?;
        let mask = Array::from_vec(keep, &[r, c]).map_err(e2s)?;
        let zero = Array::zeros(&[], x.dtype);
        let r = host::where_(&mask, &xa, &zero).map_err(e2s)?;
        write(a, &out, &r)
    });
    Ok((0, k, Some(o)))
}

phase1!(aclnnTrilGetWorkspaceSize, aclnnTrilGetWorkspaceSize_t, "aclnnTril",
    (x: T, k: i64, out: *mut aclTensor) => tri_t("aclnnTril", x, k, out, true));
phase1!(aclnnTriuGetWorkspaceSize, aclnnTriuGetWorkspaceSize_t, "aclnnTriu",
    (x: T, k: i64, out: *mut aclTensor) => tri_t("aclnnTriu", x, k, out, false));

phase1!(aclnnFlipGetWorkspaceSize, aclnnFlipGetWorkspaceSize_t, "aclnnFlip",
    (x: T, dims: *const aclIntArray, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, dims, out) = (tensor(x, "self")?, int_array(dims, "dims")?, tensor(out, "out")?);
        check_dtype("aclnnFlip", "self", x.dtype, accepts("aclnnFlip"))?;
        if out.dtype != x.dtype {
            return Err(invalid("aclnnFlip: out must have self's dtype"));
        }
        check_shape("aclnnFlip", &out, &x.shape)?;
        let mut axes = Vec::new();
        for &d in &dims {
            let a = one_dim("aclnnFlip", d, x.shape.len())?;
            if axes.contains(&a) {
                return Err(invalid("aclnnFlip: dims appear twice"));
            }
            axes.push(a);
        }
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let xa = read(a, &x)?;
            let mut l = xa.layout().clone();
            for &d in &axes {
                if l.shape[d] > 0 {
                    l.offset = (l.offset as isize + (l.shape[d] as isize - 1) * l.strides[d]) as usize;
                    l.strides[d] = -l.strides[d];
                }
            }
            write(a, &out, &xa.with_layout(l))
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnCatGetWorkspaceSize, aclnnCatGetWorkspaceSize_t, "aclnnCat",
    (tensors: *const aclTensorList, dim: i64, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (xs, out) = (tensor_list(tensors, "tensors")?, tensor(out, "out")?);
        check_dtype("aclnnCat", "out", out.dtype, accepts("aclnnCat"))?;
        let Some(first) = xs.first() else {
            return Err(invalid("aclnnCat: an empty tensor list"));
        };
        let d = one_dim("aclnnCat", dim, first.shape.len())?;
        let mut total = 0;
        for x in &xs {
            check_dtype("aclnnCat", "tensors", x.dtype, accepts("aclnnCat"))?;
            if x.dtype != out.dtype {
                return Err(invalid("aclnnCat (acl-sim): the tensors must have out's dtype"));
            }
            let off = |s: &[usize]| -> Vec<usize> {
                s.iter().enumerate().filter(|&(i, _)| i != d).map(|(_, &n)| n).collect()
            };
            if x.shape.len() != first.shape.len() || off(&x.shape) != off(&first.shape) {
                return Err(invalid("aclnnCat: shapes differ off the concatenation dim"));
            }
            total += x.shape[d];
        }
        let mut shape = first.shape.clone();
        shape[d] = total;
        check_shape("aclnnCat", &out, &shape)?;
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let r = Array::zeros(&shape, out.dtype);
            let mut start = 0isize;
            for x in &xs {
                let n = x.shape[d] as isize;
                let dst = r.slice_axis(d, Some(start), Some(start + n), 1).map_err(e2s)?;
                CpuBackend.copy_into(&read(a, x)?, &dst).map_err(e2s)?;
                start += n;
            }
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnRollGetWorkspaceSize, aclnnRollGetWorkspaceSize_t, "aclnnRoll",
    (x: T, shifts: *const aclIntArray, dims: *const aclIntArray, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, shifts, dims, out) = (
            tensor(x, "x")?,
            int_array(shifts, "shifts")?,
            int_array(dims, "dims")?,
            tensor(out, "out")?,
        );
        check_dtype("aclnnRoll", "x", x.dtype, accepts("aclnnRoll"))?;
        if out.dtype != x.dtype {
            return Err(invalid("aclnnRoll: out must have x's dtype"));
        }
        check_shape("aclnnRoll", &out, &x.shape)?;
        if shifts.len() != dims.len() && !dims.is_empty() {
            return Err(invalid("aclnnRoll: shifts and dims differ in length"));
        }
        if dims.is_empty() {
            return Err(invalid("aclnnRoll (acl-sim): a roll of the flattened tensor is not simulated"));
        }
        let mut axes = Vec::new();
        for &d in &dims {
            axes.push(one_dim("aclnnRoll", d, x.shape.len())?);
        }
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let mut r = read(a, &x)?.to_contiguous();
            for (&ax, &s) in axes.iter().zip(&shifts) {
                let len = r.shape()[ax] as i64;
                if len == 0 || s.rem_euclid(len) == 0 {
                    continue;
                }
                let cut = (len - s.rem_euclid(len)) as isize;
                let moved = Array::zeros(r.shape(), r.dtype());
                let head = r.slice_axis(ax, Some(cut), None, 1).map_err(e2s)?;
                let tail = r.slice_axis(ax, None, Some(cut), 1).map_err(e2s)?;
                let nh = head.shape()[ax] as isize;
                let d0 = moved.slice_axis(ax, None, Some(nh), 1).map_err(e2s)?;
                let d1 = moved.slice_axis(ax, Some(nh), None, 1).map_err(e2s)?;
                CpuBackend.copy_into(&head, &d0).map_err(e2s)?;
                CpuBackend.copy_into(&tail, &d1).map_err(e2s)?;
                r = moved;
            }
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnArangeGetWorkspaceSize, aclnnArangeGetWorkspaceSize_t, "aclnnArange",
    (start: S, end: S, step: S, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (s0, s1, st, out) = (
            scalar(start, "start")?,
            scalar(end, "end")?,
            scalar(step, "step")?,
            tensor(out, "out")?,
        );
        for (what, v) in [("start", &s0), ("end", &s1), ("step", &st)] {
            check_dtype("aclnnArange", what, v.dtype(), accepts("aclnnArange"))?;
        }
        let outs = [DType::Float16, DType::BFloat16, DType::Float32, DType::Float64, DType::Int32, DType::Int64];
        check_dtype("aclnnArange", "out", out.dtype, &outs)?;
        let f = |v: &Array| v.astype(DType::Float64).to_vec::<f64>().map(|x| x[0]);
        let (a, b, k) = (
            f(&s0).map_err(|e| invalid(e.to_string()))?,
            f(&s1).map_err(|e| invalid(e.to_string()))?,
            f(&st).map_err(|e| invalid(e.to_string()))?,
        );
        if k == 0.0 || (b - a) * k < 0.0 {
            return Err(invalid("aclnnArange: upper bound and lower bound inconsistent with step sign"));
        }
        let n = ((b - a) / k).ceil().max(0.0) as usize;
        check_shape("aclnnArange", &out, &[n])?;
        let int_out = matches!(out.dtype, DType::Int32 | DType::Int64);
        let ints = |v: &Array| v.astype(DType::Int64).to_vec::<i64>().map(|x| x[0]);
        let (ia, ik) = (
            ints(&s0).map_err(|e| invalid(e.to_string()))?,
            ints(&st).map_err(|e| invalid(e.to_string()))?,
        );
        let o = out.clone();
        let k: Kernel = Arc::new(move |ar: &mut Arena| {
            // CANN's kernel: start + i * step in the out dtype's arithmetic
            // (math/range/op_kernel/arch35/range_{int,float}.h).
            let r = if int_out {
                let v: Vec<i64> = (0..n as i64).map(|i| ia + i * ik).collect();
                Array::from_vec(v, &[n]).map_err(e2s)?.astype(out.dtype)
            } else {
                let v: Vec<f64> = (0..n).map(|i| a + i as f64 * k).collect();
                Array::from_vec(v, &[n]).map_err(e2s)?.astype(out.dtype)
            };
            write(ar, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

/// `mid >= key` as CANN's SearchSorted kernel compares (IEEE for floats,
/// so NaN compares false either way).
fn ge_elem(a: Elem, b: Elem) -> bool {
    match (a, b) {
        (Elem::Int(x), Elem::Int(y)) => x >= y,
        (Elem::UInt(x), Elem::UInt(y)) => x >= y,
        (Elem::Bool(x), Elem::Bool(y)) => x >= y,
        (x, y) => x.as_f64() >= y.as_f64(),
    }
}

phase1!(aclnnSearchSortedGetWorkspaceSize, aclnnSearchSortedGetWorkspaceSize_t, "aclnnSearchSorted",
    (seq: T, x: T, out_int32: bool, right: bool, sorter: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller (`sorter` may be NULL).
        let (seq, x, out) = (tensor(seq, "sortedSequence")?, tensor(x, "self")?, tensor(out, "out")?);
        let sorter = if sorter.is_null() {
            None
        } else {
            // SAFETY: as above, non-null.
            Some(tensor(sorter, "sorter")?)
        };
        check_dtype("aclnnSearchSorted", "sortedSequence", seq.dtype, accepts("aclnnSearchSorted"))?;
        check_dtype("aclnnSearchSorted", "self", x.dtype, accepts("aclnnSearchSorted"))?;
        let want = if out_int32 { DType::Int32 } else { DType::Int64 };
        if out.dtype != want {
            return Err(invalid("aclnnSearchSorted: out must be INT32 with outInt32, else INT64"));
        }
        check_shape("aclnnSearchSorted", &out, &x.shape)?;
        if seq.shape.len() != 1 {
            return Err(invalid("aclnnSearchSorted (acl-sim): only a 1-d sortedSequence is simulated"));
        }
        if seq.dtype != x.dtype {
            return Err(invalid("aclnnSearchSorted (acl-sim): self must have sortedSequence's dtype"));
        }
        if let Some(s) = &sorter {
            if s.dtype != DType::Int64 || s.shape != seq.shape {
                return Err(invalid("aclnnSearchSorted: sorter must be INT64 of sortedSequence's shape"));
            }
        }
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let mut hay = read(a, &seq)?.to_contiguous().to_elems();
            if let Some(s) = &sorter {
                let order = read(a, s)?.to_contiguous().to_vec::<i64>().map_err(e2s)?;
                if order.iter().any(|&i| i < 0 || i as usize >= hay.len()) {
                    return Err("aclnnSearchSorted: sorter index out of range".to_string());
                }
                hay = order.iter().map(|&i| hay[i as usize]).collect();
            }
            let keys = read(a, &x)?.to_contiguous();
            let pos: Vec<i64> = keys
                .to_elems()
                .iter()
                .map(|&key| {
                    // CANN's bounds: the lower goes right while
                    // !(mid >= key), the upper while !(mid > key).
                    hay.partition_point(|&mid| {
                        let mid_ge_key = ge_elem(mid, key);
                        let mid_gt_key = mid_ge_key && !ge_elem(key, mid);
                        if right {
                            !mid_gt_key
                        } else {
                            !mid_ge_key
                        }
                    }) as i64
                })
                .collect();
            let r = Array::from_vec(pos, keys.shape()).map_err(e2s)?;
            let r = if out_int32 { r.astype(DType::Int32) } else { r };
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnNonzeroGetWorkspaceSize, aclnnNonzeroGetWorkspaceSize_t, "aclnnNonzero",
    (x: T, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, out) = (tensor(x, "self")?, tensor(out, "out")?);
        check_dtype("aclnnNonzero", "self", x.dtype, accepts("aclnnNonzero"))?;
        if out.dtype != DType::Int64 {
            return Err(invalid("aclnnNonzero: out must be INT64"));
        }
        if out.shape.len() != 2 || out.shape[1] != x.shape.len() {
            return Err(invalid("aclnnNonzero (acl-sim): out must be (rows, self.ndim)"));
        }
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            let xa = read(a, &x)?.to_contiguous();
            let hits: Vec<usize> = xa
                .astype(DType::Bool)
                .to_vec::<bool>()
                .map_err(e2s)?
                .iter()
                .enumerate()
                .filter_map(|(i, &b)| b.then_some(i))
                .collect();
            // The caller sized `out` by its own count; CANN writes the
            // rows it finds, so a smaller `out` is the caller's error.
            if hits.len() != out.shape[0] {
                return Err(format!(
                    "aclnnNonzero (acl-sim): {} nonzero elements, out has {} rows",
                    hits.len(),
                    out.shape[0]
                ));
            }
            let shape = xa.shape().to_vec();
            let mut rows = Vec::with_capacity(hits.len() * shape.len());
            for h in hits {
                let mut rest = h;
                let mut idx = vec![0i64; shape.len()];
                for d in (0..shape.len()).rev() {
                    idx[d] = (rest % shape[d]) as i64;
                    rest /= shape[d];
                }
                rows.extend(idx);
            }
            let r = Array::from_vec(rows, &out.shape).map_err(e2s)?;
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());

phase1!(aclnnBincountGetWorkspaceSize, aclnnBincountGetWorkspaceSize_t, "aclnnBincount",
    (x: T, weights: T, minlength: i64, out: *mut aclTensor) => (|| {
        // SAFETY: live descriptors from the caller.
        let (x, out) = (tensor(x, "self")?, tensor(out, "out")?);
        check_dtype("aclnnBincount", "self", x.dtype, accepts("aclnnBincount"))?;
        check_dtype(
            "aclnnBincount",
            "out",
            out.dtype,
            &[DType::Float32, DType::Float64, DType::Int32, DType::Int64],
        )?;
        if !weights.is_null() {
            return Err(invalid("aclnnBincount (acl-sim): weights are not simulated"));
        }
        if x.shape.len() != 1 || out.shape.len() != 1 {
            return Err(invalid("aclnnBincount (acl-sim): self and out must be 1-d"));
        }
        let size = out.shape[0].max(minlength.max(0) as usize);
        if size != out.shape[0] {
            return Err(invalid("aclnnBincount (acl-sim): minlength beyond out's length"));
        }
        let o = out.clone();
        let k: Kernel = Arc::new(move |a: &mut Arena| {
            // CANN casts self to INT32 first.
            let vals = read(a, &x)?.astype(DType::Int32).to_vec::<i32>().map_err(e2s)?;
            let mut c = vec![0i64; size];
            for v in vals {
                let slot = usize::try_from(v)
                    .ok()
                    .filter(|&i| i < size)
                    .ok_or_else(|| format!("aclnnBincount: value {v} outside 0..{size}"))?;
                c[slot] += 1;
            }
            let r = Array::from_vec(c, &[size]).map_err(e2s)?.astype(out.dtype);
            write(a, &out, &r)
        });
        Ok((0, k, Some(o)))
    })());
