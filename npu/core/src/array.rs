//! [`Array`]: shared storage, a layout and a dtype. Constructors, views,
//! `astype`, copies and element access.

use crate::device::{
    device_ops, set_pending_error, sync_because, Device, DeviceStorage, SyncReason,
};
use crate::dtype::{DType, Elem, WithDType};
use crate::error::{Error, Result};
use crate::layout::{shape_size, shape_to_string, Layout};
use crate::scalar::Scalar;
use crate::storage::{CpuStorage, SharedStorage};

use std::sync::atomic::{AtomicU8, Ordering};

/// NumPy's WRITEABLE flag of one array (one view), whether it may be
/// turned back on, and whether the array is a view of another's memory
/// (NumPy's OWNDATA, negated). A view starts with its parent's
/// writeability and may not be made writeable when its parent was
/// read-only (NumPy's "cannot set WRITEABLE flag to True of this array");
/// a new array is writeable and owns its memory.
///
/// A view is a view of an array the user has seen ([`Array::mark_visible`],
/// set where an array becomes a language value) or of another view: a
/// routine that reshapes its own new buffer (`a.copy()` flattens, copies
/// and reshapes) still returns an array that owns its memory, as NumPy's
/// does.
/// An atomic because arrays are shared (`Rc`) and the flag is set through
/// `a.flags.writeable = False` on any of them, while worker threads read
/// arrays too; only the language's thread writes flags, with plain loads
/// and stores (no locked read-modify-write).
#[derive(Debug, Default)]
struct Flags(AtomicU8);

impl Flags {
    const READ_ONLY: u8 = 1;
    const LOCKED: u8 = 2;
    const VIEW: u8 = 4;
    const VISIBLE: u8 = 8;

    fn bits(&self) -> u8 {
        self.0.load(Ordering::Relaxed)
    }

    /// The flags of a view of an array with these flags.
    fn for_view(&self) -> Flags {
        let b = self.bits();
        let locked = if b & Self::READ_ONLY != 0 {
            Self::LOCKED
        } else {
            0
        };
        let view = if b & (Self::VISIBLE | Self::VIEW) != 0 {
            Self::VIEW
        } else {
            0
        };
        Flags(AtomicU8::new(
            (b & (Self::READ_ONLY | Self::LOCKED)) | locked | view,
        ))
    }
}

impl Clone for Flags {
    fn clone(&self) -> Flags {
        Flags(AtomicU8::new(self.bits()))
    }
}

/// An n-dimensional array on the cpu device or on an NPU
/// ([`Array::device`]). Cloning an `Array` makes a view that shares
/// storage.
///
/// A device-resident array keeps its elements in a [`DeviceStorage`]; its
/// host [`storage`](Array::storage) is empty. The element accessors
/// (`to_vec`, `get`, `item`, `to_scalars`, printing, ...) copy it to the
/// host after a synchronize; `set` and `fill` write through to the device.
/// An accessor that cannot report an error (`to_scalars`, `to_elems`,
/// `to_contiguous`, `astype`, `fill`) keeps a device failure as the
/// pending error that the next dispatched op raises
/// ([`crate::device::take_pending_error`]), as CUDA's sticky errors.
/// Moving an array between devices is the dispatch layer's
/// `to_device`; [`Array::to_host`] is the copy back.
#[derive(Clone, Debug)]
pub struct Array {
    /// Host elements; empty for a device-resident array.
    storage: SharedStorage,
    layout: Layout,
    dtype: DType,
    /// The device buffer when the array lives on an NPU.
    npu: Option<DeviceStorage>,
    flags: Flags,
}

/// Copies the elements a layout selects, in C order, into a new vector
/// (tiled when the view's innermost axis is not its last, see
/// [`crate::tiled`]).
fn gather<T: WithDType>(data: &[T], layout: &Layout) -> Vec<T> {
    crate::tiled::gather_c(data, layout, |x| x)
}

/// `n` copies of `v` as the storage of an array of `shape`, or NumPy's
/// `_ArrayMemoryError` ([`crate::pool::filled`]).
fn repeat<T: WithDType>(v: T, n: usize, shape: &[usize]) -> Result<CpuStorage> {
    Ok(T::wrap_vec(crate::pool::filled(v, n, shape)?))
}

/// One element as storage.
fn single<T: WithDType>(v: T) -> CpuStorage {
    T::wrap_vec(vec![v])
}

/// An array the runtime itself sized: a refused allocation aborts, as
/// Rust's own allocations do (arrays sized by the user are made by the
/// fallible constructors, `Array::try_full` and kin).
fn sized_by_runtime(a: Result<Array>, shape: &[usize], dtype: DType) -> Array {
    a.unwrap_or_else(|_| {
        let bytes = shape_size(shape).saturating_mul(dtype.itemsize());
        std::alloc::handle_alloc_error(
            std::alloc::Layout::from_size_align(bytes, 8)
                .unwrap_or(std::alloc::Layout::new::<u8>()),
        )
    })
}

/// NumPy's `arange` fill: `first`, `second`, then `first + i * delta` in
/// the dtype's arithmetic.
fn arange_fill(dtype: DType, first: Elem, second: Elem, n: usize) -> Result<Array> {
    if dtype.is_bool() && n > 2 {
        return Err(Error::type_error(
            "arange() is only supported for booleans when the result has at most length 2.",
        ));
    }
    if n.checked_mul(dtype.itemsize())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(Error::value_error("Maximum allowed size exceeded"));
    }
    let storage = crate::with_dtype!(dtype, T => {
        let (f, s) = (T::from_elem(first).to_elem(), T::from_elem(second).to_elem());
        let mut out: Vec<T> = crate::pool::with_capacity(n, &[n], dtype)?;
        out.extend((0..n).map(|i| match i {
            0 => T::from_elem(f),
            1 => T::from_elem(s),
            _ => T::from_elem(arange_step(dtype, f, s, i)),
        }));
        T::wrap_vec(out)
    });
    Array::from_storage(storage, &[n])
}

/// The `i`-th arange value from the first two, in `dtype`'s arithmetic.
fn arange_step(dtype: DType, first: Elem, second: Elem, i: usize) -> Elem {
    let single = dtype.real_dtype().itemsize() <= 4;
    let lin = |f: f64, s: f64| {
        if single {
            let (f, s) = (f as f32, s as f32);
            f64::from(f + i as f32 * (s - f))
        } else {
            f + i as f64 * (s - f)
        }
    };
    match (first, second) {
        (Elem::Complex(fr, fi), Elem::Complex(sr, si)) => Elem::Complex(lin(fr, sr), lin(fi, si)),
        (Elem::Float(f), Elem::Float(s)) => Elem::Float(lin(f, s)),
        (f, s) => {
            let bits = |e: Elem| match e {
                Elem::Int(v) => v,
                Elem::UInt(v) => v as i64,
                e => i64::from(e.as_bool()),
            };
            let (f, s) = (bits(f), bits(s));
            Elem::Int(f.wrapping_add((i as i64).wrapping_mul(s.wrapping_sub(f))))
        }
    }
}

/// Converts the elements a layout selects to `D`, in C order.
fn convert<S: WithDType, D: WithDType>(data: &[S], layout: &Layout) -> Vec<D> {
    crate::tiled::gather_c(data, layout, |x: S| D::from_elem(x.to_elem()))
}

impl Array {
    /// An array over `storage` viewed through `layout`, checking that the
    /// layout stays inside the buffer.
    pub fn from_parts(storage: SharedStorage, layout: Layout) -> Result<Array> {
        let (dtype, len) = {
            let s = storage.read();
            (s.dtype(), s.len())
        };
        if let Some((_, hi)) = layout.storage_span() {
            if hi >= len {
                return Err(Error::value_error(
                    "strides are incompatible with shape of requested array and size of buffer",
                ));
            }
        }
        Ok(Array {
            storage,
            layout,
            dtype,
            npu: None,
            flags: Flags::default(),
        })
    }

    /// A contiguous array of `shape` owning `data`; the length must match
    /// (NumPy's reshape message otherwise).
    pub fn from_vec<T: WithDType>(data: Vec<T>, shape: &[usize]) -> Result<Array> {
        Array::from_storage(T::wrap_vec(data), shape)
    }

    /// A contiguous array of `shape` owning `storage`.
    pub fn from_storage(storage: CpuStorage, shape: &[usize]) -> Result<Array> {
        if storage.len() != shape_size(shape) {
            let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
            return Err(Error::value_error(format!(
                "cannot reshape array of size {} into shape {}",
                storage.len(),
                shape_to_string(&dims, "")
            )));
        }
        let dtype = storage.dtype();
        Ok(Array {
            storage: SharedStorage::new(storage),
            layout: Layout::contiguous(shape),
            dtype,
            npu: None,
            flags: Flags::default(),
        })
    }

    /// A contiguous host array of `dtype` from widened elements (cast with
    /// `astype` rules).
    pub fn from_elems(elems: &[Elem], shape: &[usize], dtype: DType) -> Result<Array> {
        let storage = crate::with_dtype!(dtype, T => {
            T::wrap_vec(elems.iter().map(|&e| T::from_elem(e)).collect())
        });
        Array::from_storage(storage, shape)
    }

    /// A 0-d array holding `value`.
    pub fn from_scalar(value: Scalar) -> Array {
        let storage = crate::with_scalar!(value, v => single(v));
        Array {
            storage: SharedStorage::new(storage),
            layout: Layout::contiguous(&[]),
            dtype: value.dtype(),
            npu: None,
            flags: Flags::default(),
        }
    }

    /// `np.zeros(shape, dtype)` of a size the runtime chose (see
    /// [`Array::try_zeros`] for one the user chose).
    pub fn zeros(shape: &[usize], dtype: DType) -> Array {
        sized_by_runtime(Self::try_zeros(shape, dtype), shape, dtype)
    }

    /// `np.ones(shape, dtype)` of a size the runtime chose.
    pub fn ones(shape: &[usize], dtype: DType) -> Array {
        sized_by_runtime(Self::try_ones(shape, dtype), shape, dtype)
    }

    /// `np.full(shape, value, dtype)` of a size the runtime chose: `value`
    /// is cast to `dtype`.
    pub fn full(shape: &[usize], value: Scalar, dtype: DType) -> Array {
        sized_by_runtime(Self::try_full(shape, value, dtype), shape, dtype)
    }

    /// `np.zeros(shape, dtype)`, or NumPy's `_ArrayMemoryError` when the
    /// allocator refuses the buffer.
    pub fn try_zeros(shape: &[usize], dtype: DType) -> Result<Array> {
        Ok(Self::contiguous_of(
            CpuStorage::zeros(dtype, shape)?,
            shape,
            dtype,
        ))
    }

    /// `np.ones(shape, dtype)`, or NumPy's `_ArrayMemoryError`.
    pub fn try_ones(shape: &[usize], dtype: DType) -> Result<Array> {
        Self::try_full(shape, Scalar::Bool(true), dtype)
    }

    /// `np.full(shape, value, dtype)` (`value` cast to `dtype`), or
    /// NumPy's `_ArrayMemoryError`.
    pub fn try_full(shape: &[usize], value: Scalar, dtype: DType) -> Result<Array> {
        let v = value.cast(dtype);
        let storage = crate::with_scalar!(v, x => repeat(x, shape_size(shape), shape))?;
        Ok(Self::contiguous_of(storage, shape, dtype))
    }

    /// A C-contiguous host array of `shape` over `storage`.
    fn contiguous_of(storage: CpuStorage, shape: &[usize], dtype: DType) -> Array {
        Array {
            storage: SharedStorage::new(storage),
            layout: Layout::contiguous(shape),
            dtype,
            npu: None,
            flags: Flags::default(),
        }
    }

    /// `np.arange(start, stop, step, dtype)` with integer arguments: the
    /// length is exact; values are filled as NumPy does (see
    /// [`Array::arange_float`]). A zero step is `ZeroDivisionError:
    /// division by zero`.
    pub fn arange_int(start: i64, stop: i64, step: i64, dtype: DType) -> Result<Array> {
        if step == 0 {
            return Err(Error::zero_division("division by zero"));
        }
        let span = i128::from(stop) - i128::from(start);
        let step_abs = i128::from(step).abs();
        let n = if span != 0 && (span > 0) == (step > 0) {
            ((span.abs() + step_abs - 1) / step_abs) as usize
        } else {
            0
        };
        let second = Elem::Int(start.wrapping_add(step));
        arange_fill(dtype, Elem::Int(start), second, n)
    }

    /// `np.arange(start, stop, step, dtype)` with float arguments:
    /// `ceil((stop - start) / step)` elements. As NumPy's `fill`, the first
    /// two values are `start` and `start + step` cast to `dtype`, and the
    /// rest `first + i * (second - first)` computed in the dtype's own
    /// arithmetic (float16 in float32), so `np.arange(0., 2., .7,
    /// dtype=int32)` is all zeros. A zero step is `ZeroDivisionError: float
    /// division by zero`.
    pub fn arange_float(start: f64, stop: f64, step: f64, dtype: DType) -> Result<Array> {
        if step == 0.0 {
            return Err(Error::zero_division("float division by zero"));
        }
        let len = ((stop - start) / step).ceil();
        if len.is_nan() {
            return Err(Error::value_error("arange: cannot compute length"));
        }
        if len > isize::MAX as f64 {
            return Err(Error::value_error("Maximum allowed size exceeded"));
        }
        let n = if len > 0.0 { len as usize } else { 0 };
        arange_fill(dtype, Elem::Float(start), Elem::Float(start + step), n)
    }

    /// The dtype.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The layout (shape, strides, offset).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.layout.ndim()
    }

    /// Number of elements.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// NumPy's `a.strides`, in bytes.
    pub fn byte_strides(&self) -> Vec<isize> {
        let item = self.dtype.itemsize() as isize;
        self.layout.strides.iter().map(|s| s * item).collect()
    }

    /// The shared storage handle.
    pub fn storage(&self) -> &SharedStorage {
        &self.storage
    }

    /// A stand-in for the address of the first element, as NumPy's data
    /// pointer (`np.info`, `np.ma.ids`): the buffer's [`SharedStorage::address`]
    /// plus the view's byte offset, so views of one buffer differ by their
    /// offsets as in NumPy.
    pub fn data_address(&self) -> usize {
        self.storage
            .address()
            .wrapping_add(self.layout.offset * self.dtype.itemsize())
    }

    /// A number naming the buffer the array views (host or device), the
    /// same for every view of it and stable while it lives.
    pub fn buffer_key(&self) -> usize {
        match &self.npu {
            Some(n) => n.buffer_id(),
            None => self.storage.address(),
        }
    }

    /// Whether two arrays view the same buffer.
    pub fn shares_storage(&self, other: &Array) -> bool {
        match (&self.npu, &other.npu) {
            (Some(a), Some(b)) => a.same(b),
            (None, None) => self.storage.same(&other.storage),
            _ => false,
        }
    }

    /// NumPy's WRITEABLE flag: false after `a.flags.writeable = False`,
    /// for `np.broadcast_to`'s views and for views of read-only arrays.
    pub fn is_writeable(&self) -> bool {
        self.flags.bits() & Flags::READ_ONLY == 0
    }

    /// True for a view of another array's memory (NumPy's OWNDATA is
    /// false): every view operation makes one; copies and new arrays own
    /// their memory.
    pub fn is_view(&self) -> bool {
        self.flags.bits() & Flags::VIEW != 0
    }

    /// Records that the array is a value of the language: views of it are
    /// NumPy views (OWNDATA false) from now on.
    pub fn mark_visible(&self) {
        // A load and a store, not `fetch_or`: flags are only ever changed
        // by the thread that runs the language (worker threads only read
        // arrays), and a locked read-modify-write on every new result
        // drains the store buffer: most of `wrap_result`'s time in a loop
        // of ops on a small array (perf annotate).
        let b = self.flags.bits();
        if b & Flags::VISIBLE == 0 {
            self.flags.0.store(b | Flags::VISIBLE, Ordering::Relaxed);
        }
    }

    /// `a.flags.writeable = on`. Turning it on fails, as in NumPy, for a
    /// view made while its parent was read-only and for a broadcast view.
    pub fn set_writeable(&self, on: bool) -> Result<()> {
        let b = self.flags.bits();
        let new = if on {
            if b & Flags::LOCKED != 0 {
                return Err(Error::value_error(
                    "cannot set WRITEABLE flag to True of this array",
                ));
            }
            b & !Flags::READ_ONLY
        } else {
            b | Flags::READ_ONLY
        };
        self.flags.0.store(new, Ordering::Relaxed);
        Ok(())
    }

    /// This array read-only, as NumPy makes `np.broadcast_to`'s views
    /// (writing through one would write one element many times) and
    /// arrays over immutable buffers; the flag can be set again.
    pub fn into_read_only(mut self) -> Array {
        *self.flags.0.get_mut() |= Flags::READ_ONLY;
        self
    }

    /// `ValueError: {what} is read-only` when the array may not be
    /// written (NumPy names the destination: "assignment destination",
    /// "output array", "sort array", ...).
    pub fn check_writeable(&self, what: &str) -> Result<()> {
        if self.is_writeable() {
            Ok(())
        } else {
            Err(Error::value_error(format!("{what} is read-only")))
        }
    }

    /// A view of the same storage through another layout (used by every
    /// view operation).
    pub fn with_layout(&self, layout: Layout) -> Array {
        Array {
            storage: self.storage.clone(),
            layout,
            dtype: self.dtype,
            npu: self.npu.clone(),
            flags: self.flags.for_view(),
        }
    }

    /// `a[start:stop:step]` along `axis`, as a view.
    pub fn slice_axis(
        &self,
        axis: usize,
        start: Option<isize>,
        stop: Option<isize>,
        step: isize,
    ) -> Result<Array> {
        Ok(self.with_layout(self.layout.slice_axis(axis, start, stop, step)?))
    }

    /// `a[..., i, ...]` at `axis`, as a view with that axis dropped.
    pub fn index_axis(&self, axis: usize, index: isize) -> Result<Array> {
        Ok(self.with_layout(self.layout.index_axis(axis, index)?))
    }

    /// `a.transpose(perm)` (`None` reverses the axes), as a view.
    pub fn transpose(&self, perm: Option<&[isize]>) -> Result<Array> {
        Ok(self.with_layout(self.layout.transpose(perm)?))
    }

    /// `np.broadcast_to(a, shape)`, as a view.
    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Array> {
        Ok(self.with_layout(self.layout.broadcast_to(shape)?))
    }

    /// [`Array::broadcast_to`] of an array no longer needed itself: the
    /// view takes over its storage handle instead of sharing it.
    pub fn into_broadcast(self, shape: &[usize]) -> Result<Array> {
        let layout = self.layout.broadcast_to(shape)?;
        Ok(Array { layout, ..self })
    }

    /// `a.reshape(shape)`: a view when NumPy makes one, else a copy.
    pub fn reshape(&self, shape: &[isize]) -> Result<Array> {
        match self.layout.reshape(shape)? {
            Some(l) => Ok(self.with_layout(l)),
            None if self.npu.is_some() => device_ops()?.copy(self)?.reshape(shape),
            None => self.to_contiguous().reshape(shape),
        }
    }

    /// The elements in C order as a new contiguous array (always a copy).
    pub fn to_contiguous(&self) -> Array {
        if self.npu.is_some() {
            return self.device_or_pending(device_ops().and_then(|o| o.copy(self)));
        }
        let s = self.storage.read();
        let storage = crate::with_storage!(&*s, v => WithDType::wrap_vec(gather(v, &self.layout)));
        drop(s);
        Array {
            storage: SharedStorage::new(storage),
            layout: Layout::contiguous(self.shape()),
            dtype: self.dtype,
            npu: None,
            flags: Flags::default(),
        }
    }

    /// `a.astype(dtype)` with NumPy's unsafe-casting rules (see
    /// [`WithDType::from_elem`]); always a new contiguous array.
    pub fn astype(&self, dtype: DType) -> Array {
        if self.npu.is_some() {
            return self.device_or_pending(device_ops().and_then(|o| o.cast(self, dtype)));
        }
        let s = self.storage.read();
        let storage = crate::with_storage!(&*s, v => {
            crate::with_dtype!(dtype, D => D::wrap_vec(convert::<_, D>(v, &self.layout)))
        });
        drop(s);
        Array {
            storage: SharedStorage::new(storage),
            layout: Layout::contiguous(self.shape()),
            dtype,
            npu: None,
            flags: Flags::default(),
        }
    }

    /// The elements in C order as `Vec<T>`; `T` must be the array's dtype.
    pub fn to_vec<T: WithDType>(&self) -> Result<Vec<T>> {
        if self.npu.is_some() {
            let _why = sync_because(SyncReason::read("reading the elements"));
            return self.to_host()?.to_vec();
        }
        let s = self.storage.read();
        Ok(gather(s.as_slice::<T>()?, &self.layout))
    }

    /// The elements in C order as scalars.
    pub fn to_scalars(&self) -> Vec<Scalar> {
        if self.npu.is_some() {
            let _why = sync_because(SyncReason::read("tolist() or iteration"));
            return self.host_or_pending(Vec::new(), |h| h.to_scalars());
        }
        let s = self.storage.read();
        crate::with_storage!(&*s, v => self.layout.offsets().map(|o| v[o].to_scalar()).collect())
    }

    /// The elements at the cartesian product of per-axis index lists, in C
    /// order (what printing shows of a summarised array).
    pub fn to_scalars_shown(&self, indices: &[Vec<usize>]) -> Vec<Scalar> {
        if self.npu.is_some() {
            return self.host_or_pending(Vec::new(), |h| h.to_scalars_shown(indices));
        }
        let sub_shape: Vec<usize> = indices.iter().map(|v| v.len()).collect();
        let n = shape_size(&sub_shape);
        let s = self.storage.read();
        let mut out = Vec::with_capacity(n);
        let mut pos = vec![0usize; indices.len()];
        crate::with_storage!(&*s, v => {
            for _ in 0..n {
                let idx: Vec<usize> = pos.iter().zip(indices).map(|(&p, ix)| ix[p]).collect();
                out.push(v[self.layout.offset_of(&idx)].to_scalar());
                for axis in (0..pos.len()).rev() {
                    pos[axis] += 1;
                    if pos[axis] < sub_shape[axis] {
                        break;
                    }
                    pos[axis] = 0;
                }
            }
        });
        out
    }

    /// The elements in C order widened to [`Elem`]s.
    pub fn to_elems(&self) -> Vec<Elem> {
        if self.npu.is_some() {
            let _why = sync_because(SyncReason::read("reading the elements"));
            return self.host_or_pending(Vec::new(), |h| h.to_elems());
        }
        let s = self.storage.read();
        crate::with_storage!(&*s, v => self.layout.offsets().map(|o| v[o].to_elem()).collect())
    }

    fn checked_offset(&self, index: &[isize]) -> Result<usize> {
        if index.len() != self.ndim() {
            return Err(Error::index_error(format!(
                "too many indices for array: array is {}-dimensional, but {} were indexed",
                self.ndim(),
                index.len()
            )));
        }
        let mut off = self.layout.offset as isize;
        for (axis, ((&i, &n), &s)) in index
            .iter()
            .zip(&self.layout.shape)
            .zip(&self.layout.strides)
            .enumerate()
        {
            let n = n as isize;
            if i < -n || i >= n {
                return Err(Error::index_error(format!(
                    "index {i} is out of bounds for axis {axis} with size {n}"
                )));
            }
            off += if i < 0 { i + n } else { i } * s;
        }
        Ok(off as usize)
    }

    /// The element at `index` (one entry per axis, negative from the end).
    pub fn get(&self, index: &[isize]) -> Result<Scalar> {
        if self.npu.is_some() {
            self.checked_offset(index)?;
            let _why = sync_because(SyncReason::read("indexing to a Python scalar"));
            return self.to_host()?.get(index);
        }
        let off = self.checked_offset(index)?;
        let s = self.storage.read();
        Ok(crate::with_storage!(&*s, v => v[off].to_scalar()))
    }

    /// The element at an in-range `index` (one entry per axis): what
    /// [`Array::get`] reads once the index is checked, for callers that
    /// walk the shape themselves (iteration over an array). An index out of
    /// the shape reads another element or panics.
    pub fn scalar_at(&self, index: &[usize]) -> Scalar {
        if self.npu.is_some() {
            let _why = sync_because(SyncReason::read("iterating over an array"));
            let d = Scalar::Bool(false).cast(self.dtype);
            return self.host_or_pending(d, |h| h.scalar_at(index));
        }
        let off = self.layout.offset_of(index);
        let s = self.storage.read();
        crate::with_storage!(&*s, v => v[off].to_scalar())
    }

    /// `a.item()`: the only element of a size-1 array.
    pub fn item(&self) -> Result<Scalar> {
        if self.npu.is_some() && self.size() == 1 {
            let _why = sync_because(SyncReason::read(
                "a Python scalar (float(), int(), bool(), if, item())",
            ));
            return self.to_host()?.item();
        }
        if self.size() != 1 {
            return Err(Error::value_error(
                "can only convert an array of size 1 to a Python scalar",
            ));
        }
        let off = self.layout.offsets().next().unwrap_or(self.layout.offset);
        let s = self.storage.read();
        Ok(crate::with_storage!(&*s, v => v[off].to_scalar()))
    }

    /// Writes `value` (cast to the array's dtype) at `index`, through to
    /// every view of the storage.
    pub fn set(&self, index: &[isize], value: Scalar) -> Result<()> {
        self.check_writeable("assignment destination")?;
        if self.npu.is_some() {
            let off = self.checked_offset(index)?;
            let one = self.with_layout(Layout {
                shape: vec![],
                strides: vec![],
                offset: off,
            });
            return device_ops()?.fill(&one, value);
        }
        let off = self.checked_offset(index)?;
        let e = value.to_elem();
        let mut s = self.storage.write();
        crate::with_storage!(&mut *s, v => v[off] = WithDType::from_elem(e));
        Ok(())
    }

    /// Fills every element of the view with `value` (cast to the dtype).
    pub fn fill(&self, value: Scalar) {
        if self.npu.is_some() {
            if let Err(e) = device_ops().and_then(|o| o.fill(self, value)) {
                set_pending_error(e);
            }
            return;
        }
        let e = value.to_elem();
        let mut s = self.storage.write();
        crate::with_storage!(&mut *s, v => {
            let x = WithDType::from_elem(e);
            for o in self.layout.offsets() {
                v[o] = x;
            }
        });
    }
}

/// Device placement and the copy back to the host.
impl Array {
    /// The device the elements live on.
    pub fn device(&self) -> Device {
        match &self.npu {
            Some(n) => n.device(),
            None => Device::Cpu,
        }
    }

    /// The number of elements the array's whole buffer holds (host
    /// storage, or the device buffer), whatever part of it the view shows.
    pub fn buffer_elems(&self) -> usize {
        match &self.npu {
            Some(n) => n.byte_len() / self.dtype.itemsize().max(1),
            None => self.storage.read().len(),
        }
    }

    /// The device storage of a device array.
    pub fn device_storage(&self) -> Option<&DeviceStorage> {
        self.npu.as_ref()
    }

    /// An array of `dtype` over a backend's device buffer viewed through
    /// `layout` (no copy).
    pub fn from_device_storage(storage: DeviceStorage, dtype: DType, layout: Layout) -> Array {
        Array {
            storage: SharedStorage::new(
                crate::with_dtype!(dtype, T => T::wrap_vec(Vec::<T>::new())),
            ),
            layout,
            dtype,
            npu: Some(storage),
            flags: Flags::default(),
        }
    }

    /// The array on the host: itself when it is there, else its device
    /// buffer copied back (after the device's queued work) and viewed
    /// through the same layout.
    pub fn to_host(&self) -> Result<Array> {
        match &self.npu {
            Some(n) => n.to_host(self.dtype, &self.layout),
            None => Ok(self.clone()),
        }
    }

    /// `f` of a host copy; on a device failure, `fallback` and the error
    /// kept for the next op.
    fn host_or_pending<T>(&self, fallback: T, f: impl FnOnce(&Array) -> T) -> T {
        match self.to_host() {
            Ok(h) => f(&h),
            Err(e) => {
                set_pending_error(e);
                fallback
            }
        }
    }

    /// The result of a device op; on a failure, zeros and the error kept
    /// for the next op.
    fn device_or_pending(&self, r: Result<Array>) -> Array {
        match r {
            Ok(a) => a,
            Err(e) => {
                set_pending_error(e);
                Array::zeros(self.shape(), self.dtype)
            }
        }
    }
}
