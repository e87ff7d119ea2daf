//! Set routines with NumPy 2 semantics: `unique` (and the array-API
//! `unique_values` / `unique_counts` / `unique_inverse` / `unique_all`
//! built on it), `isin`, `intersect1d`, `union1d`, `setdiff1d`,
//! `setxor1d`.
//!
//! # Policy
//!
//! - Values come back sorted in NumPy's order (see [`super::sort`]); the
//!   work is a stable sort of the elements (or of the rows along `axis`),
//!   so `return_index` gives first occurrences. The elements of an NPU
//!   array whose dtype `aclnnSort` takes are argsorted by one stable
//!   `aclnnSort` on the device; equal neighbours are grouped on the host
//!   (rows along `axis` are sorted on the host).
//! - Equality is NumPy's `==` except that `equal_nan=True` (the default
//!   of `unique`) merges every NaN (a complex value is NaN when either
//!   part is); `isin` and the other set functions never match NaN.
//! - Two-array functions promote to the common dtype first (NEP 50),
//!   except `setdiff1d`, which keeps `ar1`'s dtype as NumPy does.
//! - Results live on the first input's device.

use std::cmp::Ordering;

use crate::array::Array;
use crate::device::Device;
use crate::device::ToDevice;
use crate::dtype::{DType, Elem};
use crate::error::Result;
use crate::layout::normalize_axis;
use crate::promote::promote_types;
use xpush_core::order::{is_nan, np_cmp};

/// Everything `np.unique` can return.
#[derive(Clone, Debug)]
pub struct Unique {
    /// The sorted distinct values (rows along the axis, when given).
    pub values: Array,
    /// The index of the first occurrence of each value (int64).
    pub index: Array,
    /// For each input element (row), the index of its value (int64); the
    /// input's shape for `axis=None`, 1-d along the axis otherwise.
    pub inverse: Array,
    /// How often each value occurs (int64).
    pub counts: Array,
}

fn host_elems(a: &Array) -> Result<Vec<Elem>> {
    Ok(a.to_device(Device::Cpu)?.to_elems())
}

fn rows_cmp(a: &[Elem], b: &[Elem]) -> Ordering {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| np_cmp(x, y))
        .find(|o| o.is_ne())
        .unwrap_or(Ordering::Equal)
}

fn rows_equal(a: &[Elem], b: &[Elem], equal_nan: bool) -> bool {
    a.iter().zip(b).all(|(&x, &y)| {
        if is_nan(x) || is_nan(y) {
            equal_nan && is_nan(x) && is_nan(y)
        } else {
            np_cmp(x, y) == Ordering::Equal
        }
    })
}

/// The stable order of the elements of `a` (flattened; `elems` its host
/// elements): one stable `aclnnSort` argsort when `a` is on an NPU in a
/// dtype Sort takes (the same permutation: NaN last, ties in order), else
/// sorted on the host.
fn stable_order(a: &Array, elems: &[Elem]) -> Result<Vec<usize>> {
    if crate::device::runs_on_device(super::Op::Sort, a) {
        let flat = a.reshape(&[-1])?;
        let order = super::sort::argsort(&flat, Some(0), super::sort::SortKind::Stable)?;
        return Ok(order
            .to_device(Device::Cpu)?
            .to_vec::<i64>()?
            .into_iter()
            .map(|i| i as usize)
            .collect());
    }
    let mut perm: Vec<usize> = (0..elems.len()).collect();
    perm.sort_by(|&i, &j| np_cmp(elems[i], elems[j]));
    Ok(perm)
}

/// Groups of equal rows of `moved` (`rows` of `width` host `elems`) after
/// a stable sort: `(perm, group starts)`. Single elements (`width` 1) are
/// ordered by [`stable_order`], on the device where it can.
fn group_rows(
    moved: &Array,
    elems: &[Elem],
    rows: usize,
    width: usize,
    equal_nan: bool,
) -> Result<(Vec<usize>, Vec<usize>)> {
    let row = |i: usize| &elems[i * width..(i + 1) * width];
    let perm = if width == 1 {
        stable_order(moved, elems)?
    } else {
        let mut perm: Vec<usize> = (0..rows).collect();
        perm.sort_by(|&i, &j| rows_cmp(row(i), row(j)));
        perm
    };
    let starts: Vec<usize> = (0..rows)
        .filter(|&k| k == 0 || !rows_equal(row(perm[k - 1]), row(perm[k]), equal_nan))
        .collect();
    Ok((perm, starts))
}

/// The permutation moving `axis` to the front, the others in order.
fn to_front(axis: usize, ndim: usize) -> Vec<isize> {
    std::iter::once(axis as isize)
        .chain((0..ndim as isize).filter(|&i| i != axis as isize))
        .collect()
}

fn int_array(v: Vec<i64>, shape: &[usize], dev: Device) -> Result<Array> {
    Array::from_vec(v, shape)?.to_device(dev)
}

/// `np.unique(a, axis=axis, equal_nan=equal_nan)` with every optional
/// output.
pub fn unique(a: &Array, axis: Option<isize>, equal_nan: bool) -> Result<Unique> {
    let dev = a.device();
    // Rows compare as raw records in NumPy: NaN rows never merge.
    let equal_nan = equal_nan && axis.is_none();
    let (moved, ax) = match axis {
        None => (a.reshape(&[-1])?, 0),
        Some(ax) => {
            let ax = normalize_axis(ax, a.ndim())?;
            (a.transpose(Some(&to_front(ax, a.ndim())))?, ax)
        }
    };
    let rows = moved.shape()[0];
    let width = moved.size().checked_div(rows).unwrap_or(0);
    let elems = host_elems(&moved)?;
    let (perm, starts) = group_rows(&moved, &elems, rows, width, equal_nan)?;
    let mut values = Vec::with_capacity(starts.len() * width);
    let mut index = Vec::with_capacity(starts.len());
    let mut counts = Vec::with_capacity(starts.len());
    let mut inverse = vec![0i64; rows];
    for (g, &s) in starts.iter().enumerate() {
        let end = starts.get(g + 1).copied().unwrap_or(rows);
        let first = perm[s];
        values.extend_from_slice(&elems[first * width..(first + 1) * width]);
        index.push(first as i64);
        counts.push((end - s) as i64);
        for &p in &perm[s..end] {
            inverse[p] = g as i64;
        }
    }
    let mut vshape = moved.shape().to_vec();
    vshape[0] = starts.len();
    let vals = Array::from_elems(&values, &vshape, a.dtype())?;
    let back: Vec<isize> = (1..=ax as isize)
        .chain(std::iter::once(0))
        .chain(ax as isize + 1..vals.ndim() as isize)
        .collect();
    let vals = vals.transpose(Some(&back))?.to_contiguous();
    let ng = starts.len();
    let inverse = match axis {
        None => int_array(inverse, a.shape(), dev)?,
        Some(_) => int_array(inverse, &[rows], dev)?,
    };
    Ok(Unique {
        values: vals.to_device(dev)?,
        index: int_array(index, &[ng], dev)?,
        inverse,
        counts: int_array(counts, &[ng], dev)?,
    })
}

/// `np.unique(a, equal_nan=equal_nan)` with no optional output: the
/// sorted distinct elements of the flattened array, by the sort backend
/// where it has them (real dtypes), else as [`unique`] finds them.
pub fn unique_values(a: &Array, equal_nan: bool) -> Result<Array> {
    if a.dtype().is_complex() {
        return unique_first_met(a, equal_nan);
    }
    if crate::device::runs_on_device(super::Op::Sort, a) {
        return Ok(unique(a, None, equal_nan)?.values);
    }
    let dev = a.device();
    let flat = a.to_device(Device::Cpu)?.reshape(&[-1])?;
    match super::sort::sort_backend().unique_values(&flat, equal_nan)? {
        Some(u) => u.to_device(dev),
        None => Ok(unique(a, None, equal_nan)?.values),
    }
}

/// `np.unique` of a complex array with no optional output, as NumPy 2's
/// hash-set unique (`_unique_hash`) finds it before sorting: of each class
/// of equal elements, the one met first in the flattened input stands for
/// it. That is the stable sort's first for ordinary values, but the NaN
/// class (every value with a NaN part, merged by `equal_nan`) holds values
/// that sort apart, so its first in input order is not its first in sort
/// order: `np.unique([complex(nan, 1), complex(1, nan)])` is
/// `[nan+1.j]`.
fn unique_first_met(a: &Array, equal_nan: bool) -> Result<Array> {
    let flat = a.reshape(&[-1])?;
    let elems = host_elems(&flat)?;
    let n = elems.len();
    let (perm, starts) = group_rows(&flat, &elems, n, 1, equal_nan)?;
    let values: Vec<Elem> = starts
        .iter()
        .enumerate()
        .map(|(g, &s)| {
            let end = starts.get(g + 1).copied().unwrap_or(n);
            let first = perm[s..end].iter().copied().min().unwrap_or(perm[s]);
            elems[first]
        })
        .collect();
    let len = values.len();
    Array::from_elems(&values, &[len], a.dtype())?.to_device(a.device())
}

/// The sorted distinct elements of a flattened array (no NaN merging
/// beyond `equal_nan`).
fn unique_elems(a: &Array, equal_nan: bool) -> Result<Vec<Elem>> {
    let elems = host_elems(a)?;
    let (perm, starts) = group_rows(a, &elems, elems.len(), 1, equal_nan)?;
    Ok(starts.iter().map(|&s| elems[perm[s]]).collect())
}

fn first_index(a: &Array) -> Result<Vec<(Elem, usize)>> {
    let elems = host_elems(a)?;
    let (perm, starts) = group_rows(a, &elems, elems.len(), 1, true)?;
    Ok(starts.iter().map(|&s| (elems[perm[s]], perm[s])).collect())
}

fn matches(x: Elem, y: Elem) -> bool {
    !is_nan(x) && !is_nan(y) && np_cmp(x, y) == Ordering::Equal
}

fn common(a: &Array, b: &Array) -> Result<(Array, Array, DType)> {
    let d = promote_types(a.dtype(), b.dtype());
    Ok((super::cast(a, d)?, super::cast(b, d)?, d))
}

/// `np.isin(element, test_elements, invert=invert)`: whether each element
/// occurs in `test_elements`, in `element`'s shape.
pub fn isin(element: &Array, test: &Array, invert: bool) -> Result<Array> {
    let (x, t, _) = common(element, test)?;
    let test = host_elems(&t)?;
    let sorted: Vec<Elem> = stable_order(&t, &test)?
        .into_iter()
        .map(|i| test[i])
        .collect();
    let found: Vec<bool> = host_elems(&x)?
        .into_iter()
        .map(|e| {
            let hit = sorted
                .binary_search_by(|&p| np_cmp(p, e))
                .is_ok_and(|i| matches(sorted[i], e));
            hit != invert
        })
        .collect();
    Array::from_vec(found, element.shape())?.to_device(element.device())
}

/// `np.intersect1d`: the sorted common values, and with
/// `return_indices` the first index of each in `ar1` and `ar2`.
pub fn intersect1d(ar1: &Array, ar2: &Array) -> Result<(Array, Array, Array)> {
    let (x, y, d) = common(ar1, ar2)?;
    let (u1, u2) = (first_index(&x)?, first_index(&y)?);
    let (mut vals, mut i1, mut i2) = (Vec::new(), Vec::new(), Vec::new());
    let (mut p, mut q) = (0, 0);
    while p < u1.len() && q < u2.len() {
        match np_cmp(u1[p].0, u2[q].0) {
            Ordering::Less => p += 1,
            Ordering::Greater => q += 1,
            Ordering::Equal => {
                if matches(u1[p].0, u2[q].0) {
                    vals.push(u1[p].0);
                    i1.push(u1[p].1 as i64);
                    i2.push(u2[q].1 as i64);
                }
                p += 1;
                q += 1;
            }
        }
    }
    let dev = ar1.device();
    let n = vals.len();
    Ok((
        Array::from_elems(&vals, &[n], d)?.to_device(dev)?,
        int_array(i1, &[n], dev)?,
        int_array(i2, &[n], dev)?,
    ))
}

/// `np.union1d`: the sorted distinct values of both arrays.
pub fn union1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    let both = super::concatenate(&[ar1.clone(), ar2.clone()], None)?;
    Ok(unique(&both, None, true)?.values)
}

/// `np.setdiff1d`: the sorted distinct values of `ar1` not in `ar2`
/// (`ar1` as is, unsorted, when `assume_unique`).
pub fn setdiff1d(ar1: &Array, ar2: &Array, assume_unique: bool) -> Result<Array> {
    let x = if assume_unique {
        ar1.reshape(&[-1])?
    } else {
        unique(ar1, None, true)?.values
    };
    let keep = isin(&x, ar2, true)?;
    let kept: Vec<Elem> = host_elems(&x)?
        .into_iter()
        .zip(keep.to_vec::<bool>()?)
        .filter_map(|(e, k)| k.then_some(e))
        .collect();
    let n = kept.len();
    Array::from_elems(&kept, &[n], ar1.dtype())?.to_device(ar1.device())
}

/// `np.setxor1d`: the sorted values in exactly one of the arrays.
pub fn setxor1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    let (x, y, d) = common(ar1, ar2)?;
    let mut aux = unique_elems(&x, true)?;
    aux.extend(unique_elems(&y, true)?);
    aux.sort_by(|&p, &q| np_cmp(p, q));
    let n = aux.len();
    let differs = |i: usize, j: usize| !matches(aux[i], aux[j]);
    let out: Vec<Elem> = (0..n)
        .filter(|&i| (i == 0 || differs(i - 1, i)) && (i + 1 == n || differs(i, i + 1)))
        .map(|i| aux[i])
        .collect();
    let m = out.len();
    Array::from_elems(&out, &[m], d)?.to_device(ar1.device())
}
