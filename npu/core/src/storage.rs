//! Host storage: one `Vec<T>` per dtype (after candle's `CpuStorage`), and
//! the shared handle views hold. (A device's buffers are
//! [`DeviceStorage`](crate::device::DeviceStorage) handles.)

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

use crate::dtype::{DType, WithDType};
use crate::error::{Error, Result};

/// A flat buffer of elements of one dtype.
#[derive(Clone, Debug, PartialEq)]
pub enum CpuStorage {
    /// `bool` elements.
    Bool(Vec<bool>),
    /// `int8` elements.
    Int8(Vec<i8>),
    /// `int16` elements.
    Int16(Vec<i16>),
    /// `int32` elements.
    Int32(Vec<i32>),
    /// `int64` elements.
    Int64(Vec<i64>),
    /// `uint8` elements.
    UInt8(Vec<u8>),
    /// `uint16` elements.
    UInt16(Vec<u16>),
    /// `uint32` elements.
    UInt32(Vec<u32>),
    /// `uint64` elements.
    UInt64(Vec<u64>),
    /// `float16` elements.
    Float16(Vec<f16>),
    /// `bfloat16` elements.
    BFloat16(Vec<bf16>),
    /// `float32` elements.
    Float32(Vec<f32>),
    /// `float64` elements.
    Float64(Vec<f64>),
    /// `complex64` elements.
    Complex64(Vec<Complex32>),
    /// `complex128` elements.
    Complex128(Vec<Complex64>),
}

/// Runs `$body` with `$v` bound to the typed `Vec` inside a [`CpuStorage`]
/// (by value, reference or mutable reference, as `$s` is).
#[macro_export]
macro_rules! with_storage {
    ($s:expr, $v:ident => $body:expr) => {{
        use $crate::storage::CpuStorage as __C;
        match $s {
            __C::Bool($v) => $body,
            __C::Int8($v) => $body,
            __C::Int16($v) => $body,
            __C::Int32($v) => $body,
            __C::Int64($v) => $body,
            __C::UInt8($v) => $body,
            __C::UInt16($v) => $body,
            __C::UInt32($v) => $body,
            __C::UInt64($v) => $body,
            __C::Float16($v) => $body,
            __C::BFloat16($v) => $body,
            __C::Float32($v) => $body,
            __C::Float64($v) => $body,
            __C::Complex64($v) => $body,
            __C::Complex128($v) => $body,
        }
    }};
}

impl CpuStorage {
    /// The dtype of the elements.
    pub fn dtype(&self) -> DType {
        fn dt<T: WithDType>(_: &[T]) -> DType {
            T::DTYPE
        }
        with_storage!(self, v => dt(v))
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        with_storage!(self, v => v.len())
    }

    /// Whether the buffer has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The zeros of an array of `dtype` and `shape`, or NumPy's
    /// `_ArrayMemoryError` ([`crate::pool::zeroed`]).
    pub fn zeros(dtype: DType, shape: &[usize]) -> Result<CpuStorage> {
        let n = crate::layout::shape_size(shape);
        Ok(crate::with_dtype!(dtype, T => T::wrap_vec(crate::pool::zeroed::<T>(n, shape)?)))
    }

    /// The typed slice, or an internal error if the dtype is not `T`'s.
    pub fn as_slice<T: WithDType>(&self) -> Result<&[T]> {
        T::slice(self).ok_or_else(|| self.mismatch(T::DTYPE))
    }

    /// The typed mutable slice, or an internal error if the dtype is not
    /// `T`'s.
    pub fn as_mut_slice<T: WithDType>(&mut self) -> Result<&mut [T]> {
        let dt = self.dtype();
        T::slice_mut(self).ok_or_else(|| {
            Error::runtime_error(format!("internal: storage of {dt} used as {}", T::DTYPE))
        })
    }

    /// The raw little-endian bytes of the elements (bool as 0/1 bytes),
    /// as a device copy or a `.npy` file holds them.
    pub fn as_bytes(&self) -> &[u8] {
        with_storage!(self, v => bytemuck::cast_slice(v.as_slice()))
    }

    /// Storage of `dtype` from raw little-endian element bytes (bool bytes
    /// are read as `!= 0`; a trailing partial element is dropped).
    pub fn from_bytes(dtype: DType, bytes: &[u8]) -> CpuStorage {
        fn elems<T: WithDType + bytemuck::Pod>(bytes: &[u8]) -> CpuStorage {
            let n = bytes.len() / std::mem::size_of::<T>();
            T::wrap_vec(bytemuck::pod_collect_to_vec(
                &bytes[..n * std::mem::size_of::<T>()],
            ))
        }
        match dtype {
            DType::Bool => CpuStorage::Bool(bytes.iter().map(|b| *b != 0).collect()),
            DType::Int8 => elems::<i8>(bytes),
            DType::Int16 => elems::<i16>(bytes),
            DType::Int32 => elems::<i32>(bytes),
            DType::Int64 => elems::<i64>(bytes),
            DType::UInt8 => elems::<u8>(bytes),
            DType::UInt16 => elems::<u16>(bytes),
            DType::UInt32 => elems::<u32>(bytes),
            DType::UInt64 => elems::<u64>(bytes),
            DType::Float16 => elems::<f16>(bytes),
            DType::BFloat16 => elems::<bf16>(bytes),
            DType::Float32 => elems::<f32>(bytes),
            DType::Float64 => elems::<f64>(bytes),
            DType::Complex64 => elems::<Complex32>(bytes),
            DType::Complex128 => elems::<Complex64>(bytes),
        }
    }

    fn mismatch(&self, want: DType) -> Error {
        Error::runtime_error(format!(
            "internal: storage of {} used as {want}",
            self.dtype()
        ))
    }
}

/// Storage shared by an array and all its views.
///
/// Views must share one buffer and see each other's writes
/// (`b = a[::2]; b[0] = 9` changes `a`), so the buffer is behind an `Arc`.
/// Writes need interior mutability through that shared handle; an
/// `RwLock` (rather than a `RefCell`) keeps arrays `Send + Sync`, so later
/// sessions can split kernels across threads and the REPL's Ctrl-C thread
/// can coexist. Kernels take the lock once per operation, not per element.
/// An operation that reads and writes the same storage (`a[1:] = a[:-1]`)
/// must copy its input first, since a read and a write guard cannot be held
/// together.
#[derive(Clone, Debug)]
pub struct SharedStorage(Arc<RwLock<CpuStorage>>);

impl SharedStorage {
    /// Shares a new buffer.
    pub fn new(s: CpuStorage) -> SharedStorage {
        SharedStorage(Arc::new(RwLock::new(s)))
    }

    /// A read guard. A lock poisoned by a panicking writer is still read:
    /// the data is plain numbers, never left half-built.
    pub fn read(&self) -> RwLockReadGuard<'_, CpuStorage> {
        self.0.read().unwrap_or_else(|e| e.into_inner())
    }

    /// A write guard (see [`SharedStorage::read`] about poisoning).
    pub fn write(&self) -> RwLockWriteGuard<'_, CpuStorage> {
        self.0.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether this is the buffer's only handle (no other array views it).
    pub fn is_unique(&self) -> bool {
        Arc::strong_count(&self.0) == 1 && Arc::weak_count(&self.0) == 0
    }

    /// Whether two handles share one buffer (`np.shares_memory` at the
    /// buffer level).
    pub fn same(&self, other: &SharedStorage) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// A number naming the buffer, stable while it lives (the address of
    /// its shared handle): what `a.ctypes.data`-style pointers report.
    pub fn address(&self) -> usize {
        Arc::as_ptr(&self.0) as *const () as usize
    }
}

impl Drop for SharedStorage {
    /// The last handle to a large buffer gives it to the cpu memory pool
    /// (see [`crate::pool`]).
    fn drop(&mut self) {
        if let Some(lock) = Arc::get_mut(&mut self.0) {
            let s = lock.get_mut().unwrap_or_else(|e| e.into_inner());
            if s.len() * s.dtype().itemsize() >= crate::pool::MIN_BYTES {
                let taken = std::mem::replace(s, CpuStorage::Bool(Vec::new()));
                crate::pool::give(taken);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::array::Array;

    #[test]
    fn bytes_round_trip_for_every_dtype() {
        for &d in DType::ALL.iter() {
            let a = Array::ones(&[3], d);
            let s = a.storage().read();
            assert_eq!(s.as_bytes().len(), 3 * d.itemsize(), "{d:?}");
            let back = CpuStorage::from_bytes(d, s.as_bytes());
            assert_eq!(back, *s, "{d:?}");
        }
    }
}
