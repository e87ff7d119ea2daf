//! The cpu memory pool: large buffers freed by the last array holding
//! them are kept, keyed by dtype and length, and handed to the next kernel
//! output of the same size, so a repeated `c = a + b` on large arrays
//! reuses memory instead of mapping (and page-faulting) fresh pages.

use std::any::Any;
use std::collections::VecDeque;
use std::sync::Mutex;

use crate::dtype::{DType, WithDType};
use crate::error::{Error, ExcKind, Result};
use crate::storage::CpuStorage;

/// Buffers smaller than this many bytes go back to the allocator.
pub const MIN_BYTES: usize = 1 << 20;
/// At most this many bytes are kept.
const MAX_BYTES: usize = 1 << 30;
/// At most this many buffers are kept.
const MAX_BUFFERS: usize = 16;

static POOL: Mutex<VecDeque<CpuStorage>> = Mutex::new(VecDeque::new());

fn bytes(s: &CpuStorage) -> usize {
    s.len() * s.dtype().itemsize()
}

/// A buffer of `n` elements with unspecified contents (zeros when fresh)
/// for an array of `shape`, or NumPy's `_ArrayMemoryError` when the
/// allocator refuses it ([`zeroed`]).
pub fn take<T: WithDType>(n: usize, shape: &[usize]) -> Result<Vec<T>> {
    if n.saturating_mul(std::mem::size_of::<T>()) >= MIN_BYTES {
        let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = pool
            .iter()
            .position(|s| s.dtype() == T::DTYPE && s.len() == n)
        {
            if let Some(v) = pool.remove(i).and_then(into_vec::<T>) {
                return Ok(v);
            }
        }
    }
    zeroed(n, shape)
}

/// [`take`] for a copy of an array's elements, whose size the array
/// already has: a refusal aborts, as Rust's own allocations do.
pub fn take_for_copy<T: WithDType>(n: usize, shape: &[usize]) -> Vec<T> {
    take(n, shape).unwrap_or_else(|_| {
        std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<T>(n).unwrap_or(std::alloc::Layout::new::<T>()),
        )
    })
}

/// `n` copies of `v`, the storage of an array of `shape`: every host
/// buffer whose size comes from the user is allocated here or in
/// [`zeroed`], so a request the allocator refuses (beyond the address
/// space, or an `ulimit -v`) is NumPy's `_ArrayMemoryError` instead of an
/// abort.
pub fn filled<T: WithDType>(v: T, n: usize, shape: &[usize]) -> Result<Vec<T>> {
    let mut out: Vec<T> = Vec::new();
    out.try_reserve_exact(n)
        .map_err(|_| array_memory_error(shape, T::DTYPE))?;
    out.resize(n, v);
    Ok(out)
}

/// Whether the allocator grants the buffer of an array of `shape` and
/// `dtype` now: the space is reserved and given back, a refusal (beyond
/// the address space, or an `ulimit -v`) being NumPy's `_ArrayMemoryError`
/// for that shape. Creators whose result is built by other means than
/// [`filled`] or [`zeroed`] (a copy of a broadcast view, a gather) ask
/// this first, so a request the user's numbers size is an error instead
/// of an abort; an overflowing size is the same error.
pub fn check(shape: &[usize], dtype: DType) -> Result<()> {
    let bytes = shape
        .iter()
        .try_fold(dtype.itemsize(), |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| array_memory_error(shape, dtype))?;
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes)
        .map_err(|_| array_memory_error(shape, dtype))?;
    Ok(())
}

/// A vector for `n` elements of a buffer of an array of `shape` and
/// `dtype` (which names the error), empty with its space reserved, or
/// NumPy's `_ArrayMemoryError`: for the host-side index and element lists
/// a creator builds from user-sized counts.
pub fn with_capacity<T>(n: usize, shape: &[usize], dtype: DType) -> Result<Vec<T>> {
    let mut out: Vec<T> = Vec::new();
    out.try_reserve_exact(n)
        .map_err(|_| array_memory_error(shape, dtype))?;
    Ok(out)
}

/// `n` zeros for an array of `shape`, as [`filled`]: the space is
/// reserved first (a refusal is the error), then taken again by `vec!`,
/// whose zeroed allocation maps untouched pages lazily as NumPy's
/// `calloc` does.
pub fn zeroed<T: WithDType>(n: usize, shape: &[usize]) -> Result<Vec<T>> {
    let mut probe: Vec<T> = Vec::new();
    probe
        .try_reserve_exact(n)
        .map_err(|_| array_memory_error(shape, T::DTYPE))?;
    drop(probe);
    Ok(vec![T::ZERO; n])
}

/// NumPy's `_ArrayMemoryError`: `Unable to allocate 7.45 GiB for an array
/// with shape (1000000000,) and data type float64`.
pub fn array_memory_error(shape: &[usize], dtype: DType) -> Error {
    let bytes = shape.iter().fold(dtype.itemsize() as u128, |acc, &d| {
        acc.saturating_mul(d as u128)
    });
    Error::new(
        ExcKind::_ArrayMemoryError,
        format!(
            "Unable to allocate {} for an array with shape {} and data type {dtype}",
            size_to_string(bytes),
            crate::layout::shape_repr(shape)
        ),
    )
}

/// NumPy's `_ArrayMemoryError._size_to_string`: the binary unit the size
/// reaches (one up when it rounds to 1024 of it), three significant
/// digits below 1000 units (`7.45 GiB`, `100. GiB`), whole units above.
pub fn size_to_string(bytes: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let bit_length = 128 - bytes.leading_zeros() as usize;
    let mut unit = bit_length.saturating_sub(1).max(1) / 10;
    let mut n = bytes as f64 / (1u128 << (unit * 10)) as f64;
    if n.round_ties_even() == 1024.0 {
        unit += 1;
        n /= 1024.0;
    }
    if unit >= UNITS.len() {
        n *= (1u128 << ((unit - (UNITS.len() - 1)) * 10)) as f64;
        unit = UNITS.len() - 1;
    }
    let name = UNITS[unit];
    if unit == 0 {
        return format!("{n:.0} {name}");
    }
    if n.round_ties_even() >= 1000.0 {
        return format!("{n:.0}. {name}");
    }
    // Python's `#.3g`: three significant digits, trailing zeros and the
    // point kept.
    let mut exp = n.log10().floor() as i32;
    let decimals = (2 - exp).max(0) as usize;
    if format!("{n:.decimals$}").parse::<f64>().unwrap_or(n) >= 10f64.powi(exp + 1) {
        exp += 1;
    }
    match (2 - exp).max(0) as usize {
        0 => format!("{n:.0}. {name}"),
        d => format!("{n:.d$} {name}"),
    }
}

fn into_vec<T: WithDType>(s: CpuStorage) -> Option<Vec<T>> {
    crate::with_storage!(s, v => {
        let b: Box<dyn Any> = Box::new(v);
        b.downcast::<Vec<T>>().ok().map(|b| *b)
    })
}

/// Keeps a freed buffer if it is large enough (called by the storage's
/// `Drop`).
pub fn give(s: CpuStorage) {
    let b = bytes(&s);
    if !(MIN_BYTES..=MAX_BYTES).contains(&b) {
        return;
    }
    let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
    pool.push_back(s);
    let mut total: usize = pool.iter().map(bytes).sum();
    while pool.len() > MAX_BUFFERS || total > MAX_BYTES {
        match pool.pop_front() {
            Some(old) => total -= bytes(&old),
            None => break,
        }
    }
}

/// Drops every pooled buffer.
pub fn clear() {
    POOL.lock().unwrap_or_else(|e| e.into_inner()).clear();
}
