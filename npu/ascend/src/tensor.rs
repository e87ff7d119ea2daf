//! Arrays in device memory, their `aclTensor` descriptors, and the
//! two-phase aclnn call on the device's stream with a pooled workspace and
//! optional timing events.

use std::sync::Arc;

use super::alloc::DeviceBuffer;
use super::exec::Prepared;
use super::result::AclError;
use super::safe::{self, TensorDesc};
use super::Device;
pub use xpush_cann::dtype::{acl_dtype, acl_dtype_name, dtype_from_acl};
use xpush_core::array::Array;
use xpush_core::device::{Device as CoreDevice, DeviceData, DeviceStorage};
use xpush_core::dtype::DType;
use xpush_core::error::{Error, Result};
use xpush_core::layout::Layout;
use xpush_core::storage::{CpuStorage, SharedStorage};

/// The ascend backend's [`DeviceData`]: a pooled device buffer and the
/// device it belongs to, shared by an array and its views (as
/// [`SharedStorage`] on the host). An [`Array`] holds it as an opaque
/// [`DeviceStorage`]; [`npu_storage`] finds it again.
#[derive(Debug)]
pub struct NpuStorage {
    device: Arc<Device>,
    buf: Arc<DeviceBuffer>,
}

impl NpuStorage {
    /// The device holding the buffer.
    pub fn device(&self) -> &Arc<Device> {
        &self.device
    }

    /// The buffer.
    pub fn buffer(&self) -> &Arc<DeviceBuffer> {
        &self.buf
    }

    /// Overwrites the whole buffer with `bytes` (as many as it holds), in
    /// stream order.
    pub fn write_all(&self, bytes: &[u8]) -> Result<()> {
        self.device.bind()?;
        safe::upload(self.device.lib(), &self.buf, bytes, self.device.stream())?;
        crate::meter::count_h2d(bytes.len());
        Ok(())
    }
}

impl DeviceData for NpuStorage {
    fn device(&self) -> CoreDevice {
        CoreDevice::Npu(self.device.id() as u32)
    }

    fn byte_len(&self) -> usize {
        self.buf.len()
    }

    fn buffer_id(&self) -> usize {
        Arc::as_ptr(&self.buf) as usize
    }

    fn to_host(&self, dtype: DType, layout: &Layout) -> Result<Array> {
        let d = DeviceArray::from_buffer(Arc::clone(&self.buf), dtype, layout.clone());
        d.to_host(&self.device)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// An [`Array`] over the device array `d` of `dev` (no copy).
pub fn wrap(dev: Arc<Device>, d: DeviceArray) -> Array {
    let storage = NpuStorage {
        device: dev,
        buf: d.buf,
    };
    Array::from_device_storage(DeviceStorage::new(Arc::new(storage)), d.dtype, d.layout)
}

/// The ascend storage of an NPU array.
pub fn npu_storage(a: &Array) -> Option<&NpuStorage> {
    a.device_storage().and_then(|s| s.downcast::<NpuStorage>())
}

/// An NPU array as a device array (the same buffer and layout).
pub fn device_array(a: &Array) -> Option<DeviceArray> {
    npu_storage(a)
        .map(|n| DeviceArray::from_buffer(Arc::clone(&n.buf), a.dtype(), a.layout().clone()))
}

/// An array in device memory: a shared buffer viewed through a layout.
/// Views share the buffer, as on the host.
#[derive(Clone, Debug)]
pub struct DeviceArray {
    buf: Arc<DeviceBuffer>,
    dtype: DType,
    layout: Layout,
}

impl DeviceArray {
    /// A view of `buf` with `dtype` and `layout` (checked when a
    /// descriptor is made).
    pub fn from_buffer(buf: Arc<DeviceBuffer>, dtype: DType, layout: Layout) -> DeviceArray {
        DeviceArray { buf, dtype, layout }
    }

    /// The shared buffer handle.
    pub fn buffer_arc(&self) -> &Arc<DeviceBuffer> {
        &self.buf
    }

    /// An uninitialised contiguous array.
    pub fn empty(dev: &Device, shape: &[usize], dtype: DType) -> Result<DeviceArray> {
        let n: usize = shape.iter().product();
        let buf = dev.alloc(n * dtype.itemsize())?;
        Ok(DeviceArray {
            buf: Arc::new(buf),
            dtype,
            layout: Layout::contiguous(shape),
        })
    }

    /// Copies a host array to the device (contiguous, C order), in stream
    /// order.
    pub fn upload(dev: &Device, a: &Array) -> Result<DeviceArray> {
        let c = a.to_contiguous();
        let d = DeviceArray::empty(dev, a.shape(), a.dtype())?;
        let storage = c.storage().read();
        let bytes = storage.as_bytes();
        let start = c.layout().offset * a.dtype().itemsize();
        let bytes = &bytes[start..start + d.buf.len()];
        dev.bind()?;
        safe::upload(dev.lib(), &d.buf, bytes, dev.stream()).map_err(Error::from)?;
        crate::meter::count_h2d(bytes.len());
        Ok(d)
    }

    /// Synchronizes the stream and copies the array to the host (the
    /// result keeps this view's layout over a copy of the whole buffer).
    /// Under `:sync warn` the copy is logged with what forced it; under
    /// `:sync error` it is refused ([`crate::syncdebug`]).
    pub fn to_host(&self, dev: &Device) -> Result<Array> {
        let watched = crate::syncdebug::before(self.buf.len(), dev.id())?;
        let t0 = std::time::Instant::now();
        dev.synchronize()?;
        let host = self.to_host_unsynchronized(dev)?;
        if let Some(reason) = watched {
            crate::syncdebug::after(reason, self.buf.len(), t0.elapsed());
        }
        Ok(host)
    }

    /// Copies to the host WITHOUT synchronizing: queued work on the stream
    /// may not have run yet, so the values can be stale. For tests that
    /// show why [`to_host`](Self::to_host) synchronizes.
    pub fn to_host_unsynchronized(&self, dev: &Device) -> Result<Array> {
        let mut bytes = vec![0u8; self.buf.len()];
        dev.bind()?;
        safe::download_unsynchronized(dev.lib(), &mut bytes, &self.buf).map_err(Error::from)?;
        crate::meter::count_d2h(bytes.len());
        let storage = CpuStorage::from_bytes(self.dtype, &bytes);
        Array::from_parts(SharedStorage::new(storage), self.layout.clone())
    }

    /// The same buffer through another layout (checked when a descriptor
    /// is made).
    pub fn with_layout(&self, layout: Layout) -> DeviceArray {
        DeviceArray {
            buf: Arc::clone(&self.buf),
            dtype: self.dtype,
            layout,
        }
    }

    /// The real (`part` 0) or imaginary (`part` 1) parts of a complex
    /// view, as a view of the same buffer in the component dtype (a
    /// complex element is two floats): strides doubled, offset
    /// `2 * offset + part`.
    pub fn component(&self, part: usize) -> DeviceArray {
        let l = &self.layout;
        DeviceArray {
            buf: Arc::clone(&self.buf),
            dtype: self.dtype.real_dtype(),
            layout: Layout {
                shape: l.shape.clone(),
                strides: l.strides.iter().map(|s| s * 2).collect(),
                offset: l.offset * 2 + part,
            },
        }
    }

    /// The dtype.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    /// The buffer.
    pub fn buffer(&self) -> &DeviceBuffer {
        &self.buf
    }

    /// An `aclTensor` for this view: shape, strides and offset in elements,
    /// storage dims `[buffer elements]`, no host copy.
    pub fn desc<'a>(&self, dev: &'a Device) -> Result<TensorDesc<'a>> {
        TensorDesc::new(
            dev.lib(),
            &self.buf,
            self.dtype,
            &self.layout.shape,
            &self.layout.strides,
            self.layout.offset,
        )
        .map_err(Error::from)
    }
}

impl Device {
    /// Phase 2 of a prepared op: takes its workspace from the pool, runs it
    /// on the device's stream, and (when timing is on) records events
    /// around it. The workspace goes back to the pool at once (stream
    /// order keeps it alive for the op). Descriptors may be dropped as soon
    /// as this returns.
    pub fn launch(&self, mut op: Prepared) -> std::result::Result<(), AclError> {
        let held = op.take_held();
        let ws = match op.workspace_size() {
            0 => None,
            n => Some(self.alloc_raw(n as usize)?),
        };
        let name = op.name();
        let timing = self.timing_start()?;
        op.run(ws.as_ref(), self.stream(), &self.exec_cache)?;
        self.queue(name);
        if let (Some(ws), Some(c)) = (ws, self.capturing().as_mut()) {
            // A captured launch replays with this workspace: the graph
            // keeps it out of the pool.
            c.kept.push(ws);
        }
        if let Some(c) = self.capturing().as_mut() {
            c.launches += 1;
            for (role, buf) in held {
                c.touch(&buf, role == crate::exec::Role::Output);
            }
        }
        if let Some(start) = timing {
            self.timing_end(name, start)?;
        }
        Ok(())
    }
}
