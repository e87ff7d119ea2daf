//! Sorting with NumPy 2 semantics: `sort`, `argsort`, `lexsort`,
//! `partition`, `argpartition`, `sort_complex`.
//!
//! # Policy
//!
//! - Order: NumPy's (NaN last, complex lexicographic with `R + nanj`
//!   after every finite value, then `nan + Rj`, then `nan + nanj`).
//! - One primitive, [`SortBackend::sort_last`], sorts every lane along the
//!   last axis (what `aclnnSort` computes: values and int64 indices); this
//!   module moves the sorted axis last and back, and owns the axis, `kind`
//!   and `kth` checks and NumPy's errors.
//! - `kind='stable'`/`'mergesort'` and every `argsort` run the stable
//!   sort. The other kinds (`'quicksort'`, the default, and `'heapsort'`)
//!   may order equal elements freely: on an AVX-512 cpu their values sort
//!   with the cpu backend's vectorised quicksort (as NumPy's do with
//!   x86-simd-sort there), which also writes NaNs back as the canonical
//!   quiet NaN and `-0.0` before `0.0`. `partition` / `argpartition` run the backend's selection
//!   ([`SortBackend::partition_last`]): only the `kth` elements and the
//!   sides around them are specified, as in NumPy.
//! - `sort` / `argsort` of an NPU array whose dtype `aclnnSort` takes (on
//!   the 910B: bool, int8..int64, uint8, float16, bfloat16, float32;
//!   float64 demoted under float64 mode `float32`) run one stable
//!   `aclnnSort` along the axis on the device
//!   (`device::sort_on_device`). Other inputs on an NPU (the other dtypes,
//!   `partition`, `lexsort`) are sorted on the host and the result is
//!   copied back to the input's device.

use crate::array::Array;
use crate::device::Device;
use crate::device::ToDevice;
use crate::dtype::{DType, Elem};
use crate::error::{Error, Result};
use crate::layout::normalize_axis;

use super::CpuBackend;

pub use xpush_core::backend::SortBackend;

/// The sort backend of the current device (only `cpu` so far).
pub(crate) fn sort_backend() -> &'static dyn SortBackend {
    &CpuBackend
}

/// `kind=` of `sort` / `argsort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SortKind {
    /// `'quicksort'` (the default; introsort in NumPy).
    #[default]
    Quick,
    /// `'mergesort'` / `'stable'`.
    Stable,
    /// `'heapsort'`.
    Heap,
}

impl SortKind {
    /// Parses NumPy's kind names (`None` is the default), matching on the
    /// first letter as NumPy does; anything else is its `ValueError`.
    pub fn parse(s: Option<&str>) -> Result<SortKind> {
        let Some(s) = s else {
            return Ok(SortKind::Quick);
        };
        match s.chars().next().map(|c| c.to_ascii_lowercase()) {
            Some('q') => Ok(SortKind::Quick),
            Some('m') | Some('s') => Ok(SortKind::Stable),
            Some('h') => Ok(SortKind::Heap),
            _ => Err(Error::value_error(format!(
                "sort kind must be one of 'quick', 'heap', or 'stable' (got '{s}')"
            ))),
        }
    }
}

/// `a` on the host with `axis` moved last and made contiguous (itself when
/// it already is: the backends read it and write new arrays).
fn lanes(a: &Array, axis: usize) -> Result<Array> {
    let h = a.to_device(Device::Cpu)?;
    let nd = h.ndim();
    if axis + 1 == nd && h.layout().is_c_contiguous() {
        return Ok(h);
    }
    let mut perm: Vec<isize> = (0..nd as isize).filter(|&i| i != axis as isize).collect();
    perm.push(axis as isize);
    Ok(h.transpose(Some(&perm))?.to_contiguous())
}

/// The inverse of [`lanes`] for a new contiguous result `r`: its last axis
/// moved back to `axis`, contiguous, on `dev`.
fn unlanes(r: &Array, axis: usize, dev: Device) -> Result<Array> {
    let nd = r.ndim();
    if axis + 1 == nd {
        return r.to_device(dev);
    }
    let mut perm: Vec<isize> = (0..nd as isize - 1).collect();
    perm.insert(axis, nd as isize - 1);
    r.transpose(Some(&perm))?.to_contiguous().to_device(dev)
}

/// The array sorting works on and its axis: flattened for `axis=None`.
fn prepare(a: &Array, axis: Option<isize>) -> Result<(Array, usize)> {
    match axis {
        None => Ok((a.reshape(&[-1])?, 0)),
        Some(ax) => Ok((a.clone(), normalize_axis(ax, a.ndim())?)),
    }
}

/// Sorts along `axis` (the flattened array for `None`): the sorted values,
/// or with `indices` the int64 positions that sort each lane. An NPU
/// array of a dtype Sort takes is sorted by one `aclnnSort` on the
/// device; the rest sort host lanes.
fn sort_impl(a: &Array, axis: Option<isize>, indices: bool, kind: SortKind) -> Result<Array> {
    let (x, ax) = prepare(a, axis)?;
    let stable = kind == SortKind::Stable;
    let on_host = |x: &Array| -> Result<Array> {
        let (v, i) = sort_backend().sort_last(&lanes(x, ax)?, stable, indices)?;
        let r = match (indices, i) {
            (false, _) => v,
            (true, Some(i)) => i,
            (true, None) => {
                return Err(Error::runtime_error("sort backend returned no indices"));
            }
        };
        unlanes(&r, ax, x.device())
    };
    if let Some(r) = crate::device::sort_on_device(&x, ax, indices, &on_host)? {
        return Ok(r);
    }
    on_host(&x)
}

/// `np.sort(a, axis, kind)`: a sorted copy.
pub fn sort(a: &Array, axis: Option<isize>, kind: SortKind) -> Result<Array> {
    sort_impl(a, axis, false, kind)
}

/// `np.argsort(a, axis, kind)`: the int64 indices that sort `a` (stable).
pub fn argsort(a: &Array, axis: Option<isize>, _kind: SortKind) -> Result<Array> {
    sort_impl(a, axis, true, SortKind::Stable)
}

/// `a.sort(axis, kind)`: sorts the view in place.
pub fn sort_inplace(a: &Array, axis: isize, kind: SortKind) -> Result<()> {
    a.check_writeable("sort array")?;
    let s = sort(a, Some(axis), kind)?;
    super::set_index(a, &[super::Index::Ellipsis], super::Operand::Array(&s))
}

/// The `kth` values of `partition` checked against the axis length
/// (negative from the end): NumPy's `kth(=k) out of bounds (n)`. Returns
/// them as positions, ascending.
fn check_kth(kth: &[i64], n: usize) -> Result<Vec<usize>> {
    let mut out = Vec::with_capacity(kth.len());
    for &k in kth {
        let kk = if k < 0 { k + n as i64 } else { k };
        if kk < 0 || kk >= n as i64 {
            return Err(Error::value_error(format!(
                "kth(={kk}) out of bounds ({n})"
            )));
        }
        out.push(kk as usize);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn axis_len(a: &Array, axis: Option<isize>) -> Result<usize> {
    match axis {
        None => Ok(a.size()),
        Some(ax) => Ok(a.shape()[normalize_axis(ax, a.ndim())?]),
    }
}

/// Partitions along `axis` (the flattened array for `None`): `(values,
/// indices)`.
fn partition_impl(
    a: &Array,
    kth: &[i64],
    axis: Option<isize>,
    indices: bool,
) -> Result<(Array, Option<Array>)> {
    let kth = check_kth(kth, axis_len(a, axis)?)?;
    let (x, ax) = prepare(a, axis)?;
    let dev = x.device();
    let (v, i) = sort_backend().partition_last(&lanes(&x, ax)?, &kth, indices)?;
    let i = match i {
        Some(i) => Some(unlanes(&i, ax, dev)?),
        None => None,
    };
    Ok((unlanes(&v, ax, dev)?, i))
}

/// `np.partition(a, kth, axis)`: the `kth` elements in their sorted
/// positions, nothing larger before them and nothing smaller after.
pub fn partition(a: &Array, kth: &[i64], axis: Option<isize>) -> Result<Array> {
    Ok(partition_impl(a, kth, axis, false)?.0)
}

/// `a.partition(kth, axis)`: partitions the view in place.
pub fn partition_inplace(a: &Array, kth: &[i64], axis: isize) -> Result<()> {
    a.check_writeable("partition array")?;
    let p = partition(a, kth, Some(axis))?;
    super::set_index(a, &[super::Index::Ellipsis], super::Operand::Array(&p))
}

/// `np.argpartition(a, kth, axis)`: the indices that partition `a`.
pub fn argpartition(a: &Array, kth: &[i64], axis: Option<isize>) -> Result<Array> {
    partition_impl(a, kth, axis, true)?
        .1
        .ok_or_else(|| Error::runtime_error("sort backend returned no indices"))
}

/// `np.lexsort(keys, axis)`: the stable permutation sorting by the last
/// key first, then the one before it, ...
pub fn lexsort(keys: &[Array], axis: isize) -> Result<Array> {
    let Some(first) = keys.first() else {
        return Err(Error::type_error(
            "need sequence of keys with len > 0 in lexsort",
        ));
    };
    if keys.iter().any(|k| k.shape() != first.shape()) {
        return Err(Error::value_error("all keys need to be the same shape"));
    }
    if first.ndim() == 0 {
        return Array::from_vec(vec![0i64], &[1])?.reshape(&[]);
    }
    let ax = normalize_axis(axis, first.ndim())?;
    let dev = first.device();
    let key_lanes: Vec<Vec<Elem>> = keys
        .iter()
        .map(|k| Ok(lanes(k, ax)?.to_elems()))
        .collect::<Result<_>>()?;
    let n = first.shape()[ax];
    let total = first.size();
    let mut perm: Vec<i64> = Vec::with_capacity(total);
    if n > 0 {
        for start in (0..total).step_by(n) {
            let mut idx: Vec<usize> = (0..n).collect();
            idx.sort_by(|&i, &j| {
                key_lanes
                    .iter()
                    .rev()
                    .map(|k| xpush_core::order::np_cmp(k[start + i], k[start + j]))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            perm.extend(idx.into_iter().map(|i| i as i64));
        }
    }
    let shape = lanes(first, ax)?.shape().to_vec();
    unlanes(&Array::from_vec(perm, &shape)?, ax, dev)
}

/// `np.sort_complex(a)`: sorted and cast to complex (complex64 for
/// integers of at most 16 bits, else complex128).
pub fn sort_complex(a: &Array) -> Result<Array> {
    let s = sort(a, Some(-1), SortKind::Quick)?;
    let d = a.dtype();
    let target = match d {
        DType::Complex64 | DType::Complex128 => d,
        DType::Int8 | DType::Int16 | DType::UInt8 | DType::UInt16 => DType::Complex64,
        _ => DType::Complex128,
    };
    super::cast(&s, target)
}
