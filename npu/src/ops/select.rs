//! Indexing and searching routines: `nonzero` and kin, `take`/`put` and
//! their along-axis forms, `choose`, `compress`, `extract`, `place`,
//! `select`, `searchsorted`, diagonals, the index constructors (`ix_`,
//! `tril_indices`, ...) and `unravel_index`/`ravel_multi_index`.
//!
//! Positions are computed on the host from host copies of index and mask
//! arrays; element reads and writes are gathers and scatters through
//! [`get_index`]/[`set_index`] on the data's device. Index results are
//! int64 arrays on the device of the input.

use std::cmp::Ordering;

use crate::array::Array;
use crate::device::{Device, ToDevice};
use crate::dtype::{DType, Elem};
use crate::error::{Error, Result};
use crate::layout::{c_strides, normalize_axis, normalize_axis_prefixed, shape_size, Layout};
use crate::promote::{can_cast, check_c_long, promote_types, with_weak, Casting, PyScalarKind};

use super::dispatch::{self, Operand, ReduceOpts};
use super::index::{get_index, set_index, Index};
use super::manip::{bools, i64s, int_array, on_device_of, take_axis};
use super::ReduceOp;

/// How out-of-range indices are treated (`mode=` of `take`, `put`,
/// `choose`, `ravel_multi_index`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipMode {
    /// An error.
    Raise,
    /// Taken modulo the length.
    Wrap,
    /// Clamped to the valid range.
    Clip,
}

impl ClipMode {
    /// Parses NumPy's mode name.
    pub fn parse(s: &str) -> Result<ClipMode> {
        match s {
            "raise" => Ok(ClipMode::Raise),
            "wrap" => Ok(ClipMode::Wrap),
            "clip" => Ok(ClipMode::Clip),
            _ => Err(Error::value_error(format!(
                "clipmode must be one of 'clip', 'raise', or 'wrap' (got '{s}')"
            ))),
        }
    }

    /// `i` brought into `0..n` by wrapping or clipping (unchanged for
    /// `Raise`).
    fn adjust(self, i: i64, n: i64) -> i64 {
        match self {
            ClipMode::Raise => i,
            ClipMode::Wrap if n > 0 => i.rem_euclid(n),
            ClipMode::Clip if n > 0 => i.clamp(0, n - 1),
            _ => i,
        }
    }
}

/// `v` as int64 positions, refusing dtypes that do not cast safely (NumPy's
/// `Cannot cast array data from dtype('float64') to dtype('int64')
/// according to the rule 'safe'`).
fn safe_i64s(v: &Array) -> Result<Vec<i64>> {
    if !(can_cast(v.dtype(), DType::Int64, Casting::Safe) || v.size() == 0) {
        return Err(Error::type_error(format!(
            "Cannot cast array data from {} to dtype('int64') according to the rule 'safe'",
            v.dtype().repr()
        )));
    }
    i64s(v)
}

/// An int64 index array on `like`'s device.
fn index_result(v: Vec<i64>, shape: &[usize], like: &Array) -> Result<Array> {
    int_array(v, shape)?.to_device(like.device())
}

/// The coordinates of flat C-order positions `flat` in `shape`, one list
/// per axis.
fn unravel(flat: &[usize], shape: &[usize]) -> Vec<Vec<i64>> {
    let strides = c_strides(shape);
    (0..shape.len())
        .map(|d| {
            flat.iter()
                .map(|&h| ((h as isize / strides[d]) as usize % shape[d].max(1)) as i64)
                .collect()
        })
        .collect()
}

/// The `(n, a.ndim)` int64 indices of the nonzero elements of the
/// at-least-1-d `a`, rows in C order, on `a`'s device: on an NPU, one
/// `aclnnNonzero` for the dtypes it takes (the elements counted there
/// first: the result's shape is the data's), else found on the host.
fn nonzero_rows(a: &Array) -> Result<Array> {
    let host = |x: &Array| -> Result<Array> {
        let hits: Vec<usize> = bools(x)?
            .iter()
            .enumerate()
            .filter_map(|(i, &b)| b.then_some(i))
            .collect();
        let (n, nd) = (hits.len(), x.ndim());
        let cols = unravel(&hits, x.shape());
        let mut out = Vec::with_capacity(n * nd);
        for i in 0..n {
            out.extend(cols.iter().map(|c| c[i]));
        }
        int_array(out, &[n, nd])
    };
    if crate::device::runs_on_device(super::Op::Nonzero, a) {
        // The truth values by a cast (aclnnCast takes every dtype as is,
        // never demoted: the count must be the one aclnnNonzero finds).
        let nz = dispatch::cast(a, DType::Bool)?;
        let sum = ReduceOpts {
            axes: None,
            keepdims: false,
            dtype: Some(DType::Int64),
            ddof: 0.0,
        };
        let count = dispatch::reduce(ReduceOp::Sum, &nz, &sum)?.to_vec::<i64>()?[0] as usize;
        if let Some(r) = crate::device::nonzero_on_device(a, count, &host)? {
            return Ok(r);
        }
    }
    host(a)?.to_device(a.device())
}

/// `np.nonzero(a)`: the indices of the true elements, one int64 array per
/// axis (NumPy 2 refuses 0-d input).
pub fn nonzero(a: &Array) -> Result<Vec<Array>> {
    if a.ndim() == 0 {
        return Err(Error::value_error(
            "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.",
        ));
    }
    let rows = nonzero_rows(a)?;
    (0..a.ndim() as isize)
        .map(|d| {
            let col = rows
                .slice_axis(1, Some(d), Some(d + 1), 1)?
                .reshape(&[-1])?;
            Ok(if col.layout().is_c_contiguous() {
                col
            } else {
                col.to_contiguous()
            })
        })
        .collect()
}

/// `np.argwhere(a)`: the indices of the true elements as rows of an
/// `(N, a.ndim)` int64 array.
pub fn argwhere(a: &Array) -> Result<Array> {
    if a.ndim() == 0 {
        let n = usize::from(bools(a)?[0]);
        return index_result(Vec::new(), &[n, 0], a);
    }
    nonzero_rows(a)
}

/// `np.flatnonzero(a)`: the flat indices of the true elements.
pub fn flatnonzero(a: &Array) -> Result<Array> {
    Ok(nonzero(&a.reshape(&[-1])?)?.remove(0))
}

/// `np.take(a, indices, axis, mode)` (`axis=None` takes from the flattened
/// array); the axis is replaced by the shape of `indices`.
pub fn take(a: &Array, indices: &Array, axis: Option<isize>, mode: ClipMode) -> Result<Array> {
    let (src, ax) = match axis {
        None => (a.reshape(&[-1])?, 0),
        Some(x) => (a.clone(), normalize_axis(x, a.ndim())?),
    };
    let idx = i64s(indices)?;
    let idx = match mode {
        ClipMode::Raise => idx,
        m => {
            let n = src.shape()[ax] as i64;
            if n == 0 && !idx.is_empty() {
                return Err(Error::index_error(
                    "cannot do a non-empty take from an empty axes.",
                ));
            }
            idx.into_iter().map(|i| m.adjust(i, n)).collect()
        }
    };
    take_axis(&src, &int_array(idx, indices.shape())?, ax)
}

/// The index tuple selecting flat C-order positions `flat` of `a` (one
/// index array per axis).
fn flat_items(a: &Array, flat: &[usize]) -> Result<Vec<Index>> {
    let n = flat.len();
    unravel(flat, a.shape())
        .into_iter()
        .map(|v| Ok(Index::IntArray(int_array(v, &[n])?)))
        .collect()
}

/// `values` flattened and repeated cyclically to `n` elements on the
/// device of `like` (as `np.put` and `np.place` use them).
fn cycled(values: &Array, n: usize, like: &Array) -> Result<Array> {
    let flat = on_device_of(values, like)?.reshape(&[-1])?;
    let m = flat.size();
    let idx: Vec<i64> = (0..n).map(|i| (i % m.max(1)) as i64).collect();
    take_axis(&flat, &int_array(idx, &[n])?, 0)
}

/// `np.put(a, indices, values, mode)`: writes `values` (repeated as
/// needed) at flat positions of `a`, in place.
pub fn put(a: &Array, indices: &Array, values: &Array, mode: ClipMode) -> Result<()> {
    a.check_writeable("put: output array")?;
    let size = a.size() as i64;
    let idx = i64s(indices)?;
    if values.size() == 0 || idx.is_empty() {
        return Ok(());
    }
    if size == 0 {
        return Err(Error::index_error(
            "cannot replace elements of an empty array",
        ));
    }
    let flat: Vec<usize> = idx
        .into_iter()
        .map(|i| {
            let j = mode.adjust(i, size);
            if j < -size || j >= size {
                return Err(Error::index_error(format!(
                    "index {i} is out of bounds for axis 0 with size {size}"
                )));
            }
            Ok(if j < 0 { j + size } else { j } as usize)
        })
        .collect::<Result<_>>()?;
    let target = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    let vals = cycled(values, flat.len(), &target)?;
    set_index(&target, &flat_items(&target, &flat)?, Operand::Array(&vals))
}

/// The fancy index of `np.take_along_axis`: `indices` at `axis`, an
/// `arange` broadcasting against it on every other axis.
fn along_axis_items(arr: &Array, indices: &Array, axis: usize) -> Result<Vec<Index>> {
    if !indices.dtype().is_integer() {
        return Err(Error::index_error("`indices` must be an integer array"));
    }
    if indices.ndim() != arr.ndim() {
        return Err(Error::value_error(
            "`indices` and `arr` must have the same number of dimensions",
        ));
    }
    let nd = arr.ndim();
    (0..nd)
        .map(|d| {
            if d == axis {
                return Ok(Index::IntArray(indices.clone()));
            }
            let n = arr.shape()[d];
            let mut shape = vec![1usize; nd];
            shape[d] = n;
            Ok(Index::IntArray(int_array((0..n as i64).collect(), &shape)?))
        })
        .collect()
}

/// `arr` and `axis` for the along-axis functions (`None` flattens, and
/// then `indices` must be 1-d).
fn along_axis_src(arr: &Array, indices: &Array, axis: Option<isize>) -> Result<(Array, usize)> {
    match axis {
        None => {
            if indices.ndim() != 1 {
                return Err(Error::value_error(
                    "when axis=None, `indices` must have a single dimension.",
                ));
            }
            Ok((arr.reshape(&[-1])?, 0))
        }
        Some(x) => Ok((arr.clone(), normalize_axis(x, arr.ndim())?)),
    }
}

/// `np.take_along_axis(arr, indices, axis)`.
pub fn take_along_axis(arr: &Array, indices: &Array, axis: Option<isize>) -> Result<Array> {
    let (src, ax) = along_axis_src(arr, indices, axis)?;
    get_index(&src, &along_axis_items(&src, indices, ax)?)
}

/// `np.put_along_axis(arr, indices, values, axis)`, in place.
pub fn put_along_axis(
    arr: &Array,
    indices: &Array,
    values: Operand,
    axis: Option<isize>,
) -> Result<()> {
    if axis.is_none() {
        // Flat positions of `arr` itself, so writes reach a
        // non-contiguous array too.
        along_axis_src(arr, indices, axis)?;
        if !indices.dtype().is_integer() {
            return Err(Error::index_error("`indices` must be an integer array"));
        }
        let size = arr.size() as i64;
        let flat: Vec<usize> = i64s(indices)?
            .into_iter()
            .map(|i| {
                if i < -size || i >= size {
                    return Err(Error::index_error(format!(
                        "index {i} is out of bounds for axis 0 with size {size}"
                    )));
                }
                Ok(if i < 0 { i + size } else { i } as usize)
            })
            .collect::<Result<_>>()?;
        let target = if arr.ndim() == 0 {
            arr.reshape(&[1])?
        } else {
            arr.clone()
        };
        let v = values.to_array(arr.dtype())?.broadcast_to(&[flat.len()])?;
        return set_index(&target, &flat_items(&target, &flat)?, Operand::Array(&v));
    }
    let (dst, ax) = along_axis_src(arr, indices, axis)?;
    let items = along_axis_items(&dst, indices, ax)?;
    match values {
        Operand::Array(v) => set_index(&dst, &items, Operand::Array(&on_device_of(v, arr)?)),
        weak => set_index(&dst, &items, weak),
    }
}

/// `np.choose(a, choices, mode)`: element `i` of the result is
/// `choices[a[i]][i]`, everything broadcast together.
pub fn choose(a: &Array, choices: &[Array], mode: ClipMode) -> Result<Array> {
    if choices.is_empty() {
        return Err(Error::value_error("0-length sequence."));
    }
    let mut shapes: Vec<&[usize]> = choices.iter().map(|c| c.shape()).collect();
    shapes.push(a.shape());
    let shape = super::manip::broadcast_shape_args(&shapes)?;
    let n = choices.len() as i64;
    let idx: Vec<i64> = safe_i64s(&a.broadcast_to(&shape)?)?
        .into_iter()
        .map(|i| mode.adjust(i, n))
        .collect();
    if idx.iter().any(|&i| i < 0 || i >= n) {
        return Err(Error::value_error("invalid entry in choice array"));
    }
    let dt = choices[1..]
        .iter()
        .fold(choices[0].dtype(), |d, c| promote_types(d, c.dtype()));
    let mut r = dispatch::cast(&choices[0].broadcast_to(&shape)?, dt)?;
    for (k, c) in choices.iter().enumerate().skip(1) {
        let mask: Vec<bool> = idx.iter().map(|&i| i == k as i64).collect();
        let mask = Array::from_vec(mask, &shape)?.to_device(r.device())?;
        let c = dispatch::cast(c, dt)?;
        r = dispatch::where_(&mask, Operand::Array(&c), Operand::Array(&r))?;
    }
    Ok(r)
}

/// `np.compress(condition, a, axis)`: the slices along `axis` (elements of
/// the flattened array for `None`) where `condition` is true.
pub fn compress(condition: &Array, a: &Array, axis: Option<isize>) -> Result<Array> {
    if condition.ndim() != 1 {
        return Err(Error::value_error("condition must be a 1-d array"));
    }
    let idx = nonzero(condition)?.remove(0);
    take(a, &idx, axis, ClipMode::Raise)
}

/// `np.extract(condition, arr)`: the elements of `arr` where the
/// flattened `condition` is true.
pub fn extract(condition: &Array, arr: &Array) -> Result<Array> {
    let idx = flatnonzero(condition)?;
    take(arr, &idx, None, ClipMode::Raise)
}

/// `np.place(arr, mask, vals)`: the first `N` values (repeated as needed)
/// written where `mask` is true, in place.
pub fn place(arr: &Array, mask: &Array, vals: &Array) -> Result<()> {
    // NumPy's place writes through a WRITEBACKIFCOPY copy of `arr`.
    arr.check_writeable("WRITEBACKIFCOPY base")?;
    if mask.size() != arr.size() {
        return Err(Error::value_error(
            "place: mask and data must be the same size",
        ));
    }
    let m: Vec<bool> = bools(mask)?;
    let hits: Vec<usize> = (0..m.len()).filter(|&i| m[i]).collect();
    if hits.is_empty() {
        return Ok(());
    }
    if vals.size() == 0 {
        return Err(Error::value_error("Cannot insert from an empty array!"));
    }
    let target = if arr.ndim() == 0 {
        arr.reshape(&[1])?
    } else {
        arr.clone()
    };
    let v = cycled(vals, hits.len(), &target)?;
    set_index(&target, &flat_items(&target, &hits)?, Operand::Array(&v))
}

/// `np.select(condlist, choicelist, default)`: from the first true
/// condition's choice, else `default`; dtype of all choices and default.
pub fn select(conds: &[Array], choices: &[Operand], default: &Operand) -> Result<Array> {
    if conds.len() != choices.len() {
        return Err(Error::value_error(
            "list of cases must be same length as list of conditions",
        ));
    }
    if conds.is_empty() {
        return Err(Error::value_error(
            "select with an empty condition list is not possible",
        ));
    }
    // np.result_type of the choices and the default, Python scalars weak.
    let all: Vec<&Operand> = choices.iter().chain(std::iter::once(default)).collect();
    let strong = all
        .iter()
        .filter(|o| o.weak_kind().is_none())
        .map(|o| o.dtype_of())
        .reduce(promote_types);
    let weak = all.iter().filter_map(|o| o.weak_kind());
    let dt = match strong {
        Some(d) => weak.fold(d, with_weak),
        None => weak
            .max_by_key(|&k| k as u8)
            .map(|k| match k {
                PyScalarKind::Int => DType::Int64,
                PyScalarKind::Float => DType::Float64,
                PyScalarKind::Complex => DType::Complex128,
            })
            .unwrap_or(DType::Float64),
    };
    for (i, c) in conds.iter().enumerate() {
        if !c.dtype().is_bool() {
            return Err(Error::type_error(format!(
                "invalid entry {i} in condlist: should be boolean ndarray"
            )));
        }
    }
    let mut shapes: Vec<&[usize]> = conds.iter().map(|c| c.shape()).collect();
    shapes.extend(all.iter().map(|o| o.shape_of()));
    let shape = super::manip::broadcast_shape_args(&shapes)?;
    // Cast before broadcasting: a NumPy scalar default stays one host
    // element, which goes with operands on any device. Python ints are
    // C-cast into the result dtype (`default=300` of uint8 is 44).
    // np.full(shape, default, dtype) first (nothing is converted for an
    // empty result), then np.copyto(result, choice, where=cond) with
    // same_kind casting: a Python scalar choice is an int64 / float64 /
    // complex128 array there (an object array beyond int64), which may
    // not fit.
    let empty = shape_size(&shape) == 0;
    let filled = if empty {
        None
    } else {
        Some(default.to_array_wrapping(dt)?)
    };
    for v in choices.iter().rev() {
        if v.weak_kind().is_some() {
            let from = match *v {
                Operand::PyInt(i) if check_c_long(i).is_err() => None,
                _ => Some(v.dtype_of()),
            };
            if !from.is_some_and(|f| can_cast(f, dt, Casting::SameKind)) {
                let name = from.map_or("dtype('O')".to_string(), |f| f.repr());
                return Err(Error::type_error(format!(
                    "Cannot cast array data from {name} to {} according to the rule 'same_kind'",
                    dt.repr()
                )));
            }
        }
    }
    let Some(filled) = filled else {
        return on_device_of(&Array::zeros(&shape, dt), &conds[0]);
    };
    let mut r = filled.broadcast_to(&shape)?;
    for (c, v) in conds.iter().zip(choices).rev() {
        let v = v.to_array_wrapping(dt)?;
        r = dispatch::where_(c, Operand::Array(&v), Operand::Array(&r))?;
    }
    Ok(r)
}

/// NumPy's sort order: NaN after every number, complex as `np.sort`
/// orders it.
fn elem_cmp(x: Elem, y: Elem) -> Ordering {
    let float = |a: f64, b: f64| match (a.is_nan(), b.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
    };
    match (x, y) {
        (Elem::Int(a), Elem::Int(b)) => a.cmp(&b),
        (Elem::UInt(a), Elem::UInt(b)) => a.cmp(&b),
        (Elem::Bool(a), Elem::Bool(b)) => a.cmp(&b),
        // NumPy's complex order (`CFLOAT_LT` of npysort): a value with a
        // NaN part after every value without, by the sort's classes, so
        // the binary search walks the order `np.sort` gives.
        (Elem::Complex(..), Elem::Complex(..)) => xpush_core::order::np_cmp(x, y),
        (a, b) => float(a.as_f64(), b.as_f64()),
    }
}

/// `np.searchsorted(a, v, side, sorter)`: insertion points of `v` into the
/// sorted 1-d `a` (or `a[sorter]`), leftmost or rightmost. On an NPU, a
/// dtype `aclnnSearchSorted` takes exactly (the integers but uint16..uint64;
/// its float compare does not order NaN as NumPy) runs there.
pub fn searchsorted(a: &Array, v: &Array, right: bool, sorter: Option<&Array>) -> Result<Array> {
    if a.ndim() != 1 {
        return Err(Error::value_error("object too deep for desired array"));
    }
    let dt = promote_types(a.dtype(), v.dtype());
    let order = match sorter {
        Some(s) => {
            if s.size() != a.size() {
                return Err(Error::value_error("sorter.size must equal a.size"));
            }
            let n = a.size() as i64;
            if safe_i64s(s)?.iter().any(|&i| i < 0 || i >= n) {
                return Err(Error::value_error("Sorter index out of range."));
            }
            Some(dispatch::cast(s, DType::Int64)?)
        }
        None => None,
    };
    let dev = a.device();
    let hay = dispatch::cast(a, dt)?;
    let needles = dispatch::cast(v, dt)?;
    let host = |hay: &Array, needles: &Array, order: Option<&Array>| -> Result<Array> {
        let mut hay = hay.to_elems();
        if let Some(o) = order {
            hay = i64s(o)?.iter().map(|&i| hay[i as usize]).collect();
        }
        let out: Vec<i64> = needles
            .to_elems()
            .iter()
            .map(|&x| {
                hay.partition_point(|&h| match elem_cmp(h, x) {
                    Ordering::Less => true,
                    Ordering::Equal => right,
                    Ordering::Greater => false,
                }) as i64
            })
            .collect();
        int_array(out, needles.shape())
    };
    if dev != Device::Cpu {
        let needles = needles.to_device(dev)?;
        let order = order.as_ref().map(|o| o.to_device(dev)).transpose()?;
        if let Some(r) =
            crate::device::searchsorted_on_device(&hay, &needles, right, order.as_ref(), &host)?
        {
            return Ok(r);
        }
    }
    let (h, n) = (hay.to_device(Device::Cpu)?, needles.to_device(Device::Cpu)?);
    let o = order.map(|o| o.to_device(Device::Cpu)).transpose()?;
    host(&h, &n, o.as_ref())?.to_device(dev)
}

/// `np.diagonal(a, offset, axis1, axis2)`: a view with the two axes
/// removed and the diagonal appended as the last axis.
pub fn diagonal(a: &Array, offset: i64, axis1: isize, axis2: isize) -> Result<Array> {
    let nd = a.ndim();
    if nd < 2 {
        return Err(Error::value_error(
            "diag requires an array of at least two dimensions",
        ));
    }
    let a1 = normalize_axis_prefixed(axis1, nd, Some("axis1"))?;
    let a2 = normalize_axis_prefixed(axis2, nd, Some("axis2"))?;
    if a1 == a2 {
        return Err(Error::value_error("axis1 and axis2 cannot be the same"));
    }
    let l = a.layout();
    let (n1, n2) = (l.shape[a1] as i64, l.shape[a2] as i64);
    let (o1, o2) = if offset >= 0 {
        (0, offset)
    } else {
        (offset.saturating_neg(), 0)
    };
    let len = (n1.saturating_sub(o1)).min(n2.saturating_sub(o2)).max(0) as usize;
    let start = if len == 0 {
        l.offset
    } else {
        (l.offset as isize + o1 as isize * l.strides[a1] + o2 as isize * l.strides[a2]) as usize
    };
    let keep: Vec<usize> = (0..nd).filter(|&d| d != a1 && d != a2).collect();
    let mut shape: Vec<usize> = keep.iter().map(|&d| l.shape[d]).collect();
    let mut strides: Vec<isize> = keep.iter().map(|&d| l.strides[d]).collect();
    shape.push(len);
    strides.push(l.strides[a1] + l.strides[a2]);
    Ok(a.with_layout(Layout {
        shape,
        strides,
        offset: start,
    }))
}

/// `np.trace(a, offset, axis1, axis2, dtype)`: sums along diagonals
/// (NumPy's `sum` dtype rules).
pub fn trace(
    a: &Array,
    offset: i64,
    axis1: isize,
    axis2: isize,
    dtype: Option<DType>,
) -> Result<Array> {
    let d = diagonal(a, offset, axis1, axis2)?;
    let opts = ReduceOpts {
        axes: Some(vec![-1]),
        keepdims: false,
        dtype,
        ddof: 0.0,
    };
    dispatch::reduce(ReduceOp::Sum, &d, &opts)
}

/// `np.fill_diagonal(a, val, wrap)`: writes `val` (repeated as needed) on
/// the main diagonal, in place; a tall 2-d array restarts the diagonal
/// after a blank row when `wrap`.
pub fn fill_diagonal(a: &Array, val: &Array, wrap: bool) -> Result<()> {
    a.check_writeable("underlying array")?;
    let s = a.shape();
    if a.ndim() < 2 {
        return Err(Error::value_error("array must be at least 2-d"));
    }
    let (step, end) = if a.ndim() == 2 {
        let end = if wrap {
            a.size()
        } else {
            (s[1] * s[1]).min(a.size())
        };
        (s[1] + 1, end)
    } else {
        if s.iter().any(|&d| d != s[0]) {
            return Err(Error::value_error(
                "All dimensions of input must be of equal length",
            ));
        }
        let mut acc = 1usize;
        let mut step = 1usize;
        for &d in &s[..s.len() - 1] {
            acc *= d;
            step += acc;
        }
        (step, a.size())
    };
    let flat: Vec<usize> = (0..end).step_by(step.max(1)).collect();
    if flat.is_empty() || val.size() == 0 {
        return Ok(());
    }
    let v = cycled(val, flat.len(), a)?;
    set_index(a, &flat_items(a, &flat)?, Operand::Array(&v))
}

/// `np.tril_indices(n, k, m)` (`lower`) or `np.triu_indices`: the row
/// and column indices of the triangle, in C order.
pub fn tri_indices(n: usize, k: i64, m: usize, lower: bool) -> Result<[Array; 2]> {
    let (mut rows, mut cols) = (Vec::new(), Vec::new());
    for i in 0..n as i64 {
        for j in 0..m as i64 {
            let inside = if lower { j <= i + k } else { j >= i + k };
            if inside {
                rows.push(i);
                cols.push(j);
            }
        }
    }
    let len = rows.len();
    Ok([int_array(rows, &[len])?, int_array(cols, &[len])?])
}

/// `np.unravel_index(indices, shape, order)`: per-axis coordinates of
/// flat positions (C order, or Fortran order with `fortran`).
pub fn unravel_index(indices: &Array, shape: &[usize], fortran: bool) -> Result<Vec<Array>> {
    if !(indices.dtype().is_integer() || indices.dtype().is_bool()) {
        return Err(Error::type_error("only int indices permitted"));
    }
    let size = shape_size(shape) as i64;
    let idx = i64s(indices)?;
    if let Some(&bad) = idx.iter().find(|&&i| i < 0 || i >= size) {
        return Err(Error::value_error(format!(
            "index {bad} is out of bounds for array with size {size}"
        )));
    }
    let nd = shape.len();
    let mut out = vec![Vec::with_capacity(idx.len()); nd];
    for &i in &idx {
        let mut rest = i;
        let axes: Vec<usize> = if fortran {
            (0..nd).collect()
        } else {
            (0..nd).rev().collect()
        };
        for d in axes {
            let n = shape[d].max(1) as i64;
            out[d].push(rest % n);
            rest /= n;
        }
    }
    out.into_iter()
        .map(|v| index_result(v, indices.shape(), indices))
        .collect()
}

/// `np.ravel_multi_index(multi_index, dims, mode, order)`: flat positions
/// of per-axis coordinates (broadcast together); `modes` holds one mode
/// or one per axis.
pub fn ravel_multi_index(
    multi: &[Array],
    dims: &[usize],
    modes: &[ClipMode],
    fortran: bool,
) -> Result<Array> {
    if multi.len() != dims.len() {
        return Err(Error::value_error(format!(
            "parameter multi_index must be a sequence of length {}",
            dims.len()
        )));
    }
    if multi
        .iter()
        .any(|m| !(m.dtype().is_integer() || m.size() == 0))
    {
        return Err(Error::type_error("only int indices permitted"));
    }
    let shapes: Vec<&[usize]> = multi.iter().map(|m| m.shape()).collect();
    let shape = super::manip::broadcast_shape_args(&shapes)?;
    let coords: Vec<Vec<i64>> = multi
        .iter()
        .map(|m| i64s(&m.broadcast_to(&shape)?))
        .collect::<Result<_>>()?;
    let nd = dims.len();
    let mut strides = vec![1i64; nd];
    if fortran {
        for d in 1..nd {
            strides[d] = strides[d - 1] * dims[d - 1] as i64;
        }
    } else {
        for d in (0..nd.saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * dims[d + 1] as i64;
        }
    }
    let total = shape_size(&shape);
    let mut out = vec![0i64; total];
    for d in 0..nd {
        let mode = modes[if modes.len() == 1 { 0 } else { d }];
        let n = dims[d] as i64;
        for (o, &c) in out.iter_mut().zip(&coords[d]) {
            let c = mode.adjust(c, n);
            if c < 0 || c >= n {
                return Err(Error::value_error("invalid entry in coordinates array"));
            }
            *o += c * strides[d];
        }
    }
    let like = multi
        .first()
        .cloned()
        .unwrap_or_else(|| Array::zeros(&[], DType::Int64));
    index_result(out, &shape, &like)
}

/// The bounding box of the nonzero elements of `a`: per axis the first
/// index and one past the last (all `(0, 0)` when every element is zero),
/// for `np.trim_zeros`.
pub fn nonzero_bounds(a: &Array) -> Result<Vec<(usize, usize)>> {
    let nd = a.ndim().max(1);
    let flat = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    let cols: Vec<Vec<i64>> = nonzero(&flat)?.iter().map(i64s).collect::<Result<_>>()?;
    if cols[0].is_empty() {
        return Ok(vec![(0, 0); nd]);
    }
    Ok(cols
        .iter()
        .map(|c| {
            let lo = c.iter().copied().min().unwrap_or(0) as usize;
            let hi = c.iter().copied().max().unwrap_or(0) as usize;
            (lo, hi + 1)
        })
        .collect())
}
