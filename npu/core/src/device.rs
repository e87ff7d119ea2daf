//! Where an array lives: [`Device`] (`cpu` or `npu:N`), and the handle
//! of elements in a device's memory. The core knows no backend: a device
//! buffer is a [`DeviceStorage`], an opaque handle to the [`DeviceData`]
//! of the backend that made it; the few operations the core's own
//! methods need on a device array (`astype`, a copy, `fill`) are the
//! [`DeviceOps`] the dispatch layer installs before it makes the first
//! device array.
use std::fmt;

use crate::dtype::DType;
use crate::error::{Error, Result};

/// Where an array's elements live.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Device {
    /// Host memory; the exact reference device.
    #[default]
    Cpu,
    /// Ascend NPU number `N` (`npu:N`).
    Npu(u32),
}

impl Device {
    /// Parses `cpu`, `npu` (= `npu:0`) and `npu:N`; anything else is
    /// `ValueError: unknown device 'gpu' (expected 'cpu' or 'npu')`.
    pub fn parse(s: &str) -> Result<Device> {
        let t = s.trim();
        match t {
            "cpu" => return Ok(Device::Cpu),
            "npu" => return Ok(Device::Npu(0)),
            _ => {}
        }
        if let Some(n) = t.strip_prefix("npu:") {
            if let Ok(n) = n.parse::<u32>() {
                return Ok(Device::Npu(n));
            }
        }
        Err(Error::value_error(format!(
            "unknown device '{s}' (expected 'cpu' or 'npu')"
        )))
    }

    /// Whether this is an NPU.
    pub fn is_npu(self) -> bool {
        matches!(self, Device::Npu(_))
    }

    /// The default float dtype of new arrays on this device: float64 on
    /// `cpu` (NumPy), float32 on `npu` (as the NPU wants; a session's
    /// `:mode dtype=float64` overrides it above this crate).
    pub fn default_float_dtype(self) -> DType {
        match self {
            Device::Cpu => DType::Float64,
            Device::Npu(_) => DType::Float32,
        }
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.write_str("cpu"),
            Device::Npu(n) => write!(f, "npu:{n}"),
        }
    }
}

/// The error of an op whose operands live on different devices (CuPy's
/// and NumPy's array-API wording).
pub fn mixed_devices(a: Device, b: Device) -> Error {
    Error::value_error(format!("operands are on different devices: {a} and {b}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_show() {
        assert_eq!(Device::parse("cpu").unwrap(), Device::Cpu);
        assert_eq!(Device::parse("npu").unwrap(), Device::Npu(0));
        assert_eq!(Device::parse("npu:3").unwrap(), Device::Npu(3));
        assert_eq!(Device::Npu(1).to_string(), "npu:1");
        let e = Device::parse("gpu").unwrap_err();
        assert_eq!(
            e.to_string(),
            "ValueError: unknown device 'gpu' (expected 'cpu' or 'npu')"
        );
        assert_eq!(
            mixed_devices(Device::Cpu, Device::Npu(0)).msg(),
            "operands are on different devices: cpu and npu:0"
        );
    }
}

use std::any::Any;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::array::Array;
use crate::layout::Layout;
use crate::scalar::Scalar;

/// Elements in a device's memory, as the backend that allocated them
/// holds them. The core only asks where they are, how large they are and
/// for a host copy; the backend downcasts ([`DeviceStorage::downcast`])
/// to reach its own buffer.
pub trait DeviceData: Any + fmt::Debug + Send + Sync {
    /// The device holding the buffer.
    fn device(&self) -> Device;
    /// The buffer's size in bytes.
    fn byte_len(&self) -> usize;
    /// An identity of the buffer: two handles with the same id share
    /// memory (`np.shares_memory` at the buffer level).
    fn buffer_id(&self) -> usize;
    /// The whole buffer copied to the host after the device's queued work
    /// is done, as a host array of `dtype` viewed through `layout`.
    fn to_host(&self, dtype: DType, layout: &Layout) -> Result<Array>;
    /// `self` as [`Any`], for the owning backend's downcast.
    fn as_any(&self) -> &dyn Any;
}

/// A device buffer shared by an array and its views: an opaque handle to
/// the backend's [`DeviceData`]. Host code never dereferences it.
#[derive(Clone, Debug)]
pub struct DeviceStorage(Arc<dyn DeviceData>);

impl DeviceStorage {
    /// A handle to a backend's buffer.
    pub fn new(data: Arc<dyn DeviceData>) -> DeviceStorage {
        DeviceStorage(data)
    }

    /// The device holding the buffer.
    pub fn device(&self) -> Device {
        self.0.device()
    }

    /// The buffer's size in bytes.
    pub fn byte_len(&self) -> usize {
        self.0.byte_len()
    }

    /// The identity of the device buffer ([`DeviceData::buffer_id`]).
    pub fn buffer_id(&self) -> usize {
        self.0.buffer_id()
    }

    /// Whether two handles share one device buffer.
    pub fn same(&self, other: &DeviceStorage) -> bool {
        self.0.buffer_id() == other.0.buffer_id()
    }

    /// The backend's own buffer type, when this handle holds a `T`.
    pub fn downcast<T: DeviceData>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref::<T>()
    }

    /// See [`DeviceData::to_host`].
    pub fn to_host(&self, dtype: DType, layout: &Layout) -> Result<Array> {
        self.0.to_host(dtype, layout)
    }
}

/// The ops on a device array that the core's own methods need
/// ([`Array::astype`], [`Array::to_contiguous`], [`Array::fill`] and
/// [`Array::set`]), run by the dispatch layer so that they go through the
/// device policy and the session's hooks like every other op.
pub trait DeviceOps: Sync {
    /// A C-contiguous copy on the array's device.
    fn copy(&self, a: &Array) -> Result<Array>;
    /// `a.astype(dtype)` on the array's device.
    fn cast(&self, a: &Array, dtype: DType) -> Result<Array>;
    /// Writes `value` into every element of the device view `dst`.
    fn fill(&self, dst: &Array, value: Scalar) -> Result<()>;
}

static DEVICE_OPS: OnceLock<&'static dyn DeviceOps> = OnceLock::new();

/// Installs the [`DeviceOps`] (once per process; later calls are no-ops).
/// The dispatch layer calls it before it makes its first device array, so
/// every device array finds them.
pub fn install_device_ops(ops: &'static dyn DeviceOps) {
    let _ = DEVICE_OPS.set(ops);
}

/// The installed [`DeviceOps`].
pub fn device_ops() -> Result<&'static dyn DeviceOps> {
    DEVICE_OPS
        .get()
        .copied()
        .ok_or_else(|| Error::runtime_error("internal: a device array without device ops"))
}

static PENDING: Mutex<Option<Error>> = Mutex::new(None);
/// Whether [`PENDING`] may hold an error: every dispatched op asks, and
/// one relaxed load is cheaper than locking the mutex.
static HAS_PENDING: AtomicBool = AtomicBool::new(false);

/// Keeps a device failure met where no error can be returned (an
/// infallible accessor of a device array); the next dispatched op raises
/// it, as CUDA's sticky errors.
pub fn set_pending_error(e: Error) {
    let mut p = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    p.get_or_insert(e);
    HAS_PENDING.store(true, Ordering::Release);
}

/// Takes the pending device error, if any.
pub fn take_pending_error() -> Option<Error> {
    if !HAS_PENDING.load(Ordering::Acquire) {
        return None;
    }
    let mut p = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    HAS_PENDING.store(false, Ordering::Release);
    p.take()
}

/// What a device→host copy made now is for, as `:sync` names it: set by
/// the code that reads device data on the host (the outermost setter
/// wins: printing an array reads its elements, and says "printing").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncReason {
    /// `printing`, `float()`, `a host fallback of np.`.
    pub what: &'static str,
    /// The op, for a host fallback (`cumprod`); empty otherwise.
    pub op: &'static str,
    /// Asked for by the user (verification, device timing): never warned
    /// about or refused.
    pub expected: bool,
}

impl std::fmt::Display for SyncReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.what, self.op)
    }
}

thread_local! {
    static SYNC_REASON: std::cell::Cell<Option<SyncReason>> = const { std::cell::Cell::new(None) };
}

/// The reason in force on this thread, if any.
pub fn sync_reason() -> Option<SyncReason> {
    SYNC_REASON.with(std::cell::Cell::get)
}

/// Restores the reason in force before [`sync_because`] when dropped.
#[must_use = "the reason holds until the guard is dropped"]
pub struct SyncReasonGuard(Option<Option<SyncReason>>);

impl Drop for SyncReasonGuard {
    fn drop(&mut self) {
        if let Some(prev) = self.0 {
            SYNC_REASON.with(|r| r.set(prev));
        }
    }
}

/// Names the device→host copies made until the guard drops, unless an
/// outer reason is already in force.
pub fn sync_because(reason: SyncReason) -> SyncReasonGuard {
    SYNC_REASON.with(|r| match r.get() {
        Some(_) => SyncReasonGuard(None),
        None => {
            r.set(Some(reason));
            SyncReasonGuard(Some(None))
        }
    })
}

impl SyncReason {
    /// A read the user's code made (`float()`, printing).
    pub const fn read(what: &'static str) -> SyncReason {
        SyncReason {
            what,
            op: "",
            expected: false,
        }
    }

    /// A host fallback of `op`.
    pub const fn fallback(op: &'static str) -> SyncReason {
        SyncReason {
            what: "a host fallback of np.",
            op,
            expected: false,
        }
    }

    /// A copy the user asked for (verification, device timing).
    pub const fn expected(what: &'static str) -> SyncReason {
        SyncReason {
            what,
            op: "",
            expected: true,
        }
    }
}
