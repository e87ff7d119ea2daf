//! Array manipulation composed from layout views and dispatched ops
//! (`concatenate`, `copy`, gathers through [`get_index`]), so every device
//! gets them: `rollaxis`, `rot90`, splitting, `tile`, `repeat`, `roll`,
//! `pad`, `diff`, `ediff1d`, `insert`, `delete`, `resize`, `block` and the
//! stacking helpers.
//!
//! Index arrays are computed on the host (they are small compared with the
//! data); the element work is a gather or a copy on the array's device.
//! Errors are NumPy's classes and messages.

use crate::array::Array;
use crate::device::ToDevice;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::layout::{normalize_axis, shape_size};
use crate::promote::{can_cast, Casting};
use crate::scalar::Scalar;

use super::dispatch::{self, Operand};
use super::index::{get_index, set_index, Index};
use super::BinaryOp;

/// `:` as an index item.
pub(crate) fn full() -> Index {
    Index::Slice {
        start: None,
        stop: None,
        step: None,
    }
}

/// `start:stop` as an index item.
fn range(start: Option<isize>, stop: Option<isize>) -> Index {
    Index::Slice {
        start,
        stop,
        step: None,
    }
}

/// The index tuple `(:, ..., item)` with `item` at `axis`.
pub(crate) fn at_axis(axis: usize, item: Index) -> Vec<Index> {
    let mut items = vec![full(); axis];
    items.push(item);
    items
}

/// A host int64 array of `shape`.
pub fn int_array(v: Vec<i64>, shape: &[usize]) -> Result<Array> {
    Array::from_vec(v, shape)
}

/// The elements of an integer array as `i64` (cast first).
pub fn i64s(a: &Array) -> Result<Vec<i64>> {
    dispatch::cast(a, DType::Int64)?.to_vec::<i64>()
}

/// The truth value of each element (cast to bool first).
pub fn bools(a: &Array) -> Result<Vec<bool>> {
    dispatch::cast(a, DType::Bool)?.to_vec::<bool>()
}

/// `a[..., idx, ...]` with the index array `idx` at `axis` (NumPy's
/// `take` along an axis: the axis is replaced by `idx`'s shape).
pub fn take_axis(a: &Array, idx: &Array, axis: usize) -> Result<Array> {
    get_index(a, &at_axis(axis, Index::IntArray(idx.clone())))
}

/// `v` on the device of `like` (values written into a device array may
/// come from the host).
pub(crate) fn on_device_of(v: &Array, like: &Array) -> Result<Array> {
    v.to_device(like.device())
}

/// A contiguous array of `shape` filled with `value` (cast to `dtype`) on
/// `like`'s device.
fn full_like(like: &Array, shape: &[usize], value: Scalar, dtype: DType) -> Result<Array> {
    Array::full(shape, value.cast(dtype), dtype).to_device(like.device())
}

/// A new array of `shape` and `dtype` on `like`'s device.
fn empty_like(like: &Array, shape: &[usize], dtype: DType) -> Result<Array> {
    crate::device::empty_on(like.device(), shape, dtype)
}

/// `np.rollaxis(a, axis, start)`: `axis` moved to before position
/// `start`, as a view.
pub fn rollaxis(a: &Array, axis: isize, start: isize) -> Result<Array> {
    let n = a.ndim();
    let axis = normalize_axis(axis, n)?;
    let ni = n as isize;
    let mut start = if start < 0 { start + ni } else { start };
    if !(0..=ni).contains(&start) {
        return Err(Error::axis_error(format!(
            "'start' arg requires {} <= start < {}, but {start} was passed in",
            -ni,
            ni + 1
        )));
    }
    if (axis as isize) < start {
        start -= 1;
    }
    let mut order: Vec<isize> = (0..ni).filter(|&i| i != axis as isize).collect();
    order.insert(start as usize, axis as isize);
    a.transpose(Some(&order))
}

/// Reverses `a` along `axis`, as a view.
fn flip_axis(a: &Array, axis: usize) -> Result<Array> {
    a.slice_axis(axis, None, None, -1)
}

/// `np.rot90(m, k, axes)`: a view rotated by 90 degrees `k` times in the
/// plane of `axes`, from the first axis towards the second.
pub fn rot90(m: &Array, k: i64, axes: &[isize]) -> Result<Array> {
    if axes.len() != 2 {
        return Err(Error::value_error("len(axes) must be 2."));
    }
    let nd = m.ndim() as isize;
    if axes[0] == axes[1] || (axes[0] - axes[1]).abs() == nd {
        return Err(Error::value_error("Axes must be different."));
    }
    if axes.iter().any(|&x| x >= nd || x < -nd) {
        return Err(Error::value_error(format!(
            "Axes=({}, {}) out of range for array of ndim={nd}.",
            axes[0], axes[1]
        )));
    }
    let a0 = normalize_axis(axes[0], m.ndim())?;
    let a1 = normalize_axis(axes[1], m.ndim())?;
    let mut perm: Vec<isize> = (0..nd).collect();
    perm.swap(a0, a1);
    match k.rem_euclid(4) {
        0 => Ok(m.clone()),
        2 => flip_axis(&flip_axis(m, a0)?, a1),
        1 => flip_axis(m, a1)?.transpose(Some(&perm)),
        _ => flip_axis(&m.transpose(Some(&perm))?, a1),
    }
}

/// The parts of `np.array_split(a, sections, axis)`: `n` parts, the first
/// `len % n` one longer, as views.
pub fn array_split_sections(a: &Array, sections: i64, axis: isize) -> Result<Vec<Array>> {
    let ax = normalize_axis(axis, a.ndim())?;
    if sections <= 0 {
        return Err(Error::value_error("number sections must be larger than 0."));
    }
    let total = a.shape()[ax] as i64;
    let (each, extras) = (total / sections, total % sections);
    let mut points = vec![0i64];
    for i in 0..sections {
        let size = if i < extras { each + 1 } else { each };
        points.push(points[points.len() - 1] + size);
    }
    split_at_points(a, &points, ax)
}

/// The parts of `np.array_split(a, indices, axis)`: cut before each index
/// (Python slice rules for out-of-range and negative indices), as views.
pub fn array_split_indices(a: &Array, indices: &[i64], axis: isize) -> Result<Vec<Array>> {
    let ax = normalize_axis(axis, a.ndim())?;
    let mut points = vec![0i64];
    points.extend_from_slice(indices);
    points.push(a.shape()[ax] as i64);
    split_at_points(a, &points, ax)
}

fn split_at_points(a: &Array, points: &[i64], ax: usize) -> Result<Vec<Array>> {
    points
        .windows(2)
        .map(|w| a.slice_axis(ax, Some(w[0] as isize), Some(w[1] as isize), 1))
        .collect()
}

/// `np.split(a, sections, axis)`: equal parts or NumPy's `array split does
/// not result in an equal division`.
pub fn split_sections(a: &Array, sections: i64, axis: isize) -> Result<Vec<Array>> {
    let ax = normalize_axis(axis, a.ndim())?;
    if sections == 0 {
        return Err(Error::zero_division("integer modulo by zero"));
    }
    if (a.shape()[ax] as i64).rem_euclid(sections) != 0 {
        return Err(Error::value_error(
            "array split does not result in an equal division",
        ));
    }
    array_split_sections(a, sections, axis)
}

/// `np.tile(a, reps)`: `a` (given at least `len(reps)` dimensions) repeated
/// `reps[i]` times along each axis; always a new array.
pub fn tile(a: &Array, reps: &[i64]) -> Result<Array> {
    if reps.iter().any(|&r| r < 0) {
        return Err(Error::value_error("negative dimensions are not allowed"));
    }
    let nd = a.ndim().max(reps.len());
    let mut shape: Vec<isize> = vec![1; nd - a.ndim()];
    shape.extend(a.shape().iter().map(|&d| d as isize));
    let c = a.reshape(&shape)?;
    let mut reps_full: Vec<usize> = vec![1; nd - reps.len()];
    reps_full.extend(reps.iter().map(|&r| r as usize));
    // View as (1, s0, 1, s1, ...), broadcast to (r0, s0, r1, s1, ...).
    let mut inter = Vec::with_capacity(2 * nd);
    let mut target = Vec::with_capacity(2 * nd);
    for (&s, &r) in c.shape().iter().zip(&reps_full) {
        inter.extend([1isize, s as isize]);
        target.extend([r, s]);
    }
    tile_check(c.shape(), &reps_full, a.dtype())?;
    let b = c.reshape(&inter)?.broadcast_to(&target)?;
    let out: Vec<isize> = c
        .shape()
        .iter()
        .zip(&reps_full)
        .map(|(&s, &r)| s.checked_mul(r).map(|d| d as isize))
        .collect::<Option<_>>()
        .ok_or_else(|| Error::value_error("Maximum allowed size exceeded"))?;
    dispatch::copy(&b)?.reshape(&out)
}

/// NumPy's errors for a tile too large: NumPy tiles by repeating rows of
/// `c.reshape(-1, n)` along each axis in turn, so the first of those
/// intermediate arrays the allocator refuses names the `_ArrayMemoryError`
/// (`np.tile(np.ones(3), 10**9)` cannot allocate shape `(1000000000, 3)`),
/// and a size beyond the address space is its ValueError.
fn tile_check(shape: &[usize], reps: &[usize], dtype: DType) -> Result<()> {
    let too_big = || {
        Error::value_error(
            "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.",
        )
    };
    if shape.contains(&0) || reps.contains(&0) {
        return Ok(());
    }
    let (mut size, mut n) = (shape_size(shape), shape_size(shape));
    for (&d, &r) in shape.iter().zip(reps) {
        if r != 1 {
            let step = [(size / n).checked_mul(r).ok_or_else(too_big)?, n];
            let bytes = (step[0] as u128) * (n as u128) * dtype.itemsize() as u128;
            if bytes > isize::MAX as u128 {
                return Err(too_big());
            }
            crate::pool::check(&step, dtype)?;
            size = step[0] * n;
        }
        n /= d;
    }
    Ok(())
}

/// `np.repeat(a, repeats, axis)`: each element (slice along `axis`, or of
/// the flattened array for `None`) repeated; `repeats` is one count or one
/// per element (cast to int64 unsafely, as NumPy).
pub fn repeat(a: &Array, repeats: &Array, axis: Option<isize>) -> Result<Array> {
    let (src, ax) = match axis {
        None => (a.reshape(&[-1])?, 0),
        Some(ax) => (a.clone(), normalize_axis(ax, a.ndim())?),
    };
    let n = src.shape()[ax];
    let reps = i64s(repeats)?;
    let reps: Vec<i64> = match reps.len() {
        1 => vec![reps[0]; n],
        m if m == n => reps,
        m => {
            return Err(Error::value_error(format!(
                "operands could not be broadcast together with shape ({n},) ({m},)"
            )))
        }
    };
    if reps.iter().any(|&r| r < 0) {
        return Err(Error::value_error("negative dimensions are not allowed"));
    }
    // The result's size first: beyond what the allocator grants it is
    // NumPy's `_ArrayMemoryError` for the result's shape, not an abort.
    let len = reps
        .iter()
        .try_fold(0usize, |acc, &r| acc.checked_add(r as usize));
    let mut out_shape = src.shape().to_vec();
    out_shape[ax] = len.unwrap_or(usize::MAX);
    crate::pool::check(&out_shape, src.dtype())?;
    let mut idx: Vec<i64> = crate::pool::with_capacity(out_shape[ax], &out_shape, src.dtype())?;
    for (i, &r) in reps.iter().enumerate() {
        idx.extend(std::iter::repeat_n(i as i64, r as usize));
    }
    let len = idx.len();
    take_axis(&src, &int_array(idx, &[len])?, ax)
}

/// `np.roll(a, shift, axis)`: elements shifted cyclically along each
/// axis (the flattened array when `axes` is `None`); shifts and axes pair
/// up with broadcasting, repeated axes add up.
pub fn roll(a: &Array, shifts: &[i64], axes: Option<&[isize]>) -> Result<Array> {
    let Some(axes) = axes else {
        // A roll only depends on the shift modulo the length: summed that
        // way, huge shifts cannot overflow (NumPy adds Python ints).
        let size = (a.size() as i64).max(1);
        let total = shifts
            .iter()
            .fold(0i64, |t, s| (t + s.rem_euclid(size)) % size);
        let flat = a.reshape(&[-1])?;
        let dims: Vec<isize> = a.shape().iter().map(|&d| d as isize).collect();
        return roll(&flat, &[total], Some(&[0]))?.reshape(&dims);
    };
    let axes: Vec<usize> = axes
        .iter()
        .map(|&ax| normalize_axis(ax, a.ndim()))
        .collect::<Result<_>>()?;
    let n = shifts.len().max(axes.len());
    if (shifts.len() != 1 && shifts.len() != n) || (axes.len() != 1 && axes.len() != n) {
        return Err(Error::value_error(format!(
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape ({},) and arg 1 with shape ({},).",
            shifts.len(),
            axes.len()
        )));
    }
    let mut per_axis = vec![0i64; a.ndim()];
    for i in 0..n {
        let ax = axes[if axes.len() == 1 { 0 } else { i }];
        let len = (a.shape()[ax] as i64).max(1);
        let s = shifts[if shifts.len() == 1 { 0 } else { i }];
        per_axis[ax] = (per_axis[ax] + s.rem_euclid(len)) % len;
    }
    let moved: Vec<(usize, i64)> = per_axis
        .iter()
        .enumerate()
        .filter(|&(ax, &s)| a.shape()[ax] > 0 && s.rem_euclid(a.shape()[ax] as i64) != 0)
        .map(|(ax, &s)| (ax, s))
        .collect();
    let (rax, rs): (Vec<usize>, Vec<i64>) = moved.into_iter().unzip();
    if let Some(r) = crate::device::roll_on_device(a, &rs, &rax)? {
        return Ok(r);
    }
    let mut r = a.clone();
    for (ax, &s) in per_axis.iter().enumerate() {
        let len = a.shape()[ax] as i64;
        if len == 0 || s.rem_euclid(len) == 0 {
            continue;
        }
        let cut = (len - s.rem_euclid(len)) as isize;
        let head = r.slice_axis(ax, Some(cut), None, 1)?;
        let tail = r.slice_axis(ax, None, Some(cut), 1)?;
        r = dispatch::concatenate(&[head, tail], Some(ax as isize))?;
    }
    if r.shares_storage(a) {
        r = dispatch::copy(&r)?;
    }
    Ok(r)
}

/// `np.pad`'s modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadMode {
    /// A constant value per side (`constant_values`).
    Constant,
    /// The edge value repeated.
    Edge,
    /// Mirrored without repeating the edge.
    Reflect,
    /// Mirrored including the edge.
    Symmetric,
    /// Wrapped around.
    Wrap,
}

impl PadMode {
    /// Parses NumPy's mode name (`ValueError: mode 'x' is not supported`;
    /// the statistic and ramp modes are `NotImplementedError` here).
    pub fn parse(s: &str) -> Result<PadMode> {
        Ok(match s {
            "constant" => PadMode::Constant,
            "edge" => PadMode::Edge,
            "reflect" => PadMode::Reflect,
            "symmetric" => PadMode::Symmetric,
            "wrap" => PadMode::Wrap,
            "linear_ramp" | "maximum" | "mean" | "median" | "minimum" | "empty" => {
                return Err(Error::not_implemented(format!(
                    "np.pad mode '{s}' is not available in xpush yet"
                )))
            }
            _ => return Err(Error::value_error(format!("mode '{s}' is not supported"))),
        })
    }

    /// The source index of padded position `i` (may be outside `0..n`)
    /// of an axis of length `n > 0`.
    fn source(self, i: i64, n: i64) -> i64 {
        match self {
            PadMode::Constant | PadMode::Edge => i.clamp(0, n - 1),
            PadMode::Wrap => i.rem_euclid(n),
            PadMode::Reflect if n == 1 => 0,
            PadMode::Reflect => {
                let p = 2 * (n - 1);
                let j = i.rem_euclid(p);
                if j >= n {
                    p - j
                } else {
                    j
                }
            }
            PadMode::Symmetric => {
                let p = 2 * n;
                let j = i.rem_euclid(p);
                if j >= n {
                    p - 1 - j
                } else {
                    j
                }
            }
        }
    }
}

/// `np.pad(a, widths, mode, constant_values)`: `widths[axis]` is
/// `(before, after)`; `values[axis]` the constants of the two sides.
/// Axes are padded in order, so corners take the last axis' constants as
/// in NumPy.
pub fn pad(
    a: &Array,
    widths: &[(usize, usize)],
    mode: PadMode,
    values: &[(Scalar, Scalar)],
) -> Result<Array> {
    let mut r = a.clone();
    for (ax, &(before, after)) in widths.iter().enumerate() {
        if before == 0 && after == 0 {
            continue;
        }
        let n = r.shape()[ax];
        r = if mode == PadMode::Constant {
            let side = |w: usize, v: Scalar| {
                let mut shape = r.shape().to_vec();
                shape[ax] = w;
                full_like(&r, &shape, v, r.dtype())
            };
            let (vb, va) = values[ax];
            dispatch::concatenate(
                &[side(before, vb)?, r.clone(), side(after, va)?],
                Some(ax as isize),
            )?
        } else {
            if n == 0 {
                return Err(Error::value_error(format!(
                    "can't extend empty axis {ax} using modes other than 'constant' or 'empty'"
                )));
            }
            let idx: Vec<i64> = (-(before as i64)..(n + after) as i64)
                .map(|i| mode.source(i, n as i64))
                .collect();
            let len = idx.len();
            take_axis(&r, &int_array(idx, &[len])?, ax)?
        };
    }
    if r.shares_storage(a) {
        r = dispatch::copy(&r)?;
    }
    Ok(r)
}

/// `np.pad(a, widths, mode='reflect'|'symmetric', reflect_type='odd')`:
/// each mirrored value `v` becomes `2 * edge - v`. NumPy fills a wide pad
/// in chunks of at most one period, each mirrored about the current
/// outermost value (`_set_reflect_both`), so values keep growing past
/// the first period; this follows it chunk by chunk. `include_edge` is
/// `symmetric`. Bool arrays compute in int64 and are cast back, as
/// NumPy's assignment of its int64 chunks casts them.
pub fn pad_reflect_odd(a: &Array, widths: &[(usize, usize)], include_edge: bool) -> Result<Array> {
    let dtype = a.dtype();
    let mut r = if dtype.is_bool() {
        dispatch::cast(a, DType::Int64)?
    } else {
        a.clone()
    };
    for (ax, &(before, after)) in widths.iter().enumerate() {
        if before == 0 && after == 0 {
            continue;
        }
        let period = r.shape()[ax];
        if period == 0 {
            return Err(Error::value_error(format!(
                "can't extend empty axis {ax} using modes other than 'constant' or 'empty'"
            )));
        }
        if period == 1 {
            // NumPy's legacy rule: a length-1 axis repeats its value.
            let idx = vec![0i64; before + 1 + after];
            let len = idx.len();
            r = take_axis(&r, &int_array(idx, &[len])?, ax)?;
            continue;
        }
        // `2 * edge - chunk`, the chunk already in mirrored order.
        let odd = |chunk: Array, edge: Array| -> Result<Array> {
            let twice = dispatch::binary(BinaryOp::Add, &edge, &edge)?;
            dispatch::binary(BinaryOp::Subtract, &twice, &chunk)
        };
        let edge_offset = usize::from(include_edge);
        let (mut left, mut right) = (before, after);
        while left > 0 || right > 0 {
            let m = r.shape()[ax];
            // The chunk is a whole number of periods of the original.
            let old_length = if include_edge {
                m / period * period
            } else {
                (m - 1) / (period - 1) * (period - 1)
            };
            let mut parts = Vec::with_capacity(3);
            if left > 0 {
                let k = left.min(old_length);
                let idx: Vec<i64> = (0..k).map(|j| (k - edge_offset - j) as i64).collect();
                let chunk = take_axis(&r, &int_array(idx, &[k])?, ax)?;
                let edge = r.slice_axis(ax, Some(0), Some(1), 1)?;
                parts.push(odd(chunk, edge)?);
                left -= k;
            }
            parts.push(r.clone());
            if right > 0 {
                let k = right.min(old_length);
                let start = m - 2 + edge_offset;
                let idx: Vec<i64> = (0..k).map(|j| (start - j) as i64).collect();
                let chunk = take_axis(&r, &int_array(idx, &[k])?, ax)?;
                let edge = r.slice_axis(ax, Some(m as isize - 1), Some(m as isize), 1)?;
                parts.push(odd(chunk, edge)?);
                right -= k;
            }
            r = dispatch::concatenate(&parts, Some(ax as isize))?;
        }
    }
    if r.dtype() != dtype {
        r = dispatch::cast(&r, dtype)?;
    }
    if r.shares_storage(a) {
        r = dispatch::copy(&r)?;
    }
    Ok(r)
}

/// `np.diff(a, n, axis, prepend, append)`: the `n`-th discrete difference
/// (`!=` for bool); scalars to prepend or append are broadcast to one
/// slice.
pub fn diff(
    a: &Array,
    n: i64,
    axis: isize,
    prepend: Option<&Array>,
    append: Option<&Array>,
) -> Result<Array> {
    if n == 0 {
        return Ok(a.clone());
    }
    if n < 0 {
        return Err(Error::value_error(format!(
            "order must be non-negative but got {n}"
        )));
    }
    if a.ndim() == 0 {
        return Err(Error::value_error(
            "diff requires input that is at least one dimensional",
        ));
    }
    let ax = normalize_axis(axis, a.ndim())?;
    let slab = |x: &Array| -> Result<Array> {
        if x.ndim() == 0 {
            let mut shape = a.shape().to_vec();
            shape[ax] = 1;
            x.broadcast_to(&shape)
        } else {
            Ok(x.clone())
        }
    };
    let mut parts = Vec::new();
    if let Some(p) = prepend {
        parts.push(slab(p)?);
    }
    parts.push(a.clone());
    if let Some(p) = append {
        parts.push(slab(p)?);
    }
    let mut r = if parts.len() > 1 {
        dispatch::concatenate(&parts, Some(ax as isize))?
    } else {
        a.clone()
    };
    let op = if r.dtype().is_bool() {
        BinaryOp::NotEqual
    } else {
        BinaryOp::Subtract
    };
    for _ in 0..n {
        let hi = r.slice_axis(ax, Some(1), None, 1)?;
        let lo = r.slice_axis(ax, None, Some(-1), 1)?;
        r = dispatch::binary(op, &hi, &lo)?;
    }
    Ok(r)
}

/// `np.ediff1d(a, to_end, to_begin)`: differences of the flattened array
/// in its dtype, with values put before and after (cast `same_kind`).
pub fn ediff1d(a: &Array, to_end: Option<&Array>, to_begin: Option<&Array>) -> Result<Array> {
    let flat = a.reshape(&[-1])?;
    let d = flat.dtype();
    let hi = flat.slice_axis(0, Some(1), None, 1)?;
    let lo = flat.slice_axis(0, None, Some(-1), 1)?;
    let mut parts = Vec::new();
    for (x, name) in [(to_begin, "to_begin"), (to_end, "to_end")] {
        if let Some(x) = x {
            if !can_cast(x.dtype(), d, Casting::SameKind) {
                return Err(Error::type_error(format!(
                    "dtype of `{name}` must be compatible with input `ary` under the `same_kind` rule."
                )));
            }
        }
    }
    if let Some(b) = to_begin {
        parts.push(dispatch::cast(&b.reshape(&[-1])?, d)?);
    }
    let diffs = dispatch::binary(BinaryOp::Subtract, &hi, &lo)?;
    parts.push(dispatch::cast(&diffs, d)?);
    if let Some(e) = to_end {
        parts.push(dispatch::cast(&e.reshape(&[-1])?, d)?);
    }
    dispatch::concatenate(&parts, Some(0))
}

/// `np.broadcast_arrays(*arrays)`: views of every array broadcast to the
/// common shape (NumPy's `broadcast_shapes` message on a mismatch).
pub fn broadcast_arrays(arrays: &[Array]) -> Result<Vec<Array>> {
    let shapes: Vec<&[usize]> = arrays.iter().map(|a| a.shape()).collect();
    let shape = broadcast_shape_args(&shapes)?;
    arrays.iter().map(|a| a.broadcast_to(&shape)).collect()
}

/// The broadcast of several argument shapes with NumPy's `np.broadcast`
/// message (`shape mismatch: objects cannot be broadcast to a single
/// shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with shape
/// (3,).`).
pub fn broadcast_shape_args(shapes: &[&[usize]]) -> Result<Vec<usize>> {
    let ndim = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; ndim];
    let mut owner = vec![0usize; ndim];
    for (k, shape) in shapes.iter().enumerate() {
        let pad = ndim - shape.len();
        for (i, &d) in shape.iter().enumerate() {
            let o = &mut out[pad + i];
            if *o == 1 && d != 1 {
                *o = d;
                owner[pad + i] = k;
            } else if d != 1 && d != *o {
                let j = owner[pad + i];
                return Err(Error::value_error(format!(
                    "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg {j} with shape {} and arg {k} with shape {}.",
                    crate::layout::shape_repr(shapes[j]),
                    crate::layout::shape_repr(shape)
                )));
            }
        }
    }
    Ok(out)
}

/// `np.append(a, values, axis)`: both flattened for `None`.
pub fn append(a: &Array, values: &Array, axis: Option<isize>) -> Result<Array> {
    match axis {
        None => dispatch::concatenate(&[a.reshape(&[-1])?, values.reshape(&[-1])?], Some(0)),
        Some(ax) => dispatch::concatenate(&[a.clone(), values.clone()], Some(ax)),
    }
}

/// `np.resize(a, shape)`: the flattened elements repeated (or cut) to
/// fill `shape`; zeros when either side is empty.
pub fn resize(a: &Array, shape: &[i64]) -> Result<Array> {
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::value_error(
            "all elements of `new_shape` must be non-negative",
        ));
    }
    let dims: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    let n = shape_size(&dims);
    let flat = a.reshape(&[-1])?;
    if flat.size() == 0 || n == 0 {
        return full_like(a, &dims, Scalar::Bool(false), a.dtype());
    }
    let m = flat.size();
    let idx: Vec<i64> = (0..n).map(|i| (i % m) as i64).collect();
    let signed: Vec<isize> = dims.iter().map(|&d| d as isize).collect();
    take_axis(&flat, &int_array(idx, &[n])?, 0)?.reshape(&signed)
}

/// Where `np.insert` puts things: a slice, or integer positions.
pub enum InsertAt {
    /// One position: `values` keep their own length along the axis after
    /// being given `a`'s number of dimensions; `true` when `obj` was a
    /// scalar (then the values' first axis is moved to `axis`, as NumPy).
    One(i64, bool),
    /// Positions (a sequence, or a slice's positions): one value each.
    Many(Vec<i64>),
}

/// `np.insert(a, obj, values, axis)` (`axis=None` flattens `a`). `values`
/// are cast to `a`'s dtype.
pub fn insert(a: &Array, at: InsertAt, values: &Array, axis: Option<isize>) -> Result<Array> {
    let (src, ax) = match axis {
        None => (a.reshape(&[-1])?, 0),
        Some(x) => (a.clone(), normalize_axis(x, a.ndim())?),
    };
    let nd = src.ndim();
    let n = src.shape()[ax] as i64;
    let values = dispatch::cast(&on_device_of(values, &src)?, src.dtype())?;
    match at {
        InsertAt::One(i, scalar) => {
            if i < -n || i > n {
                return Err(Error::index_error(format!(
                    "index {i} is out of bounds for axis {ax} with size {n}"
                )));
            }
            let i = if i < 0 { i + n } else { i } as isize;
            let mut vshape: Vec<isize> = vec![1; nd.saturating_sub(values.ndim())];
            vshape.extend(values.shape().iter().map(|&d| d as isize));
            let v = values.reshape(&vshape)?;
            // NumPy moves the values' first axis to `axis` (a[:, i:i+1] = v).
            let v = if scalar {
                let mut order: Vec<isize> = (1..v.ndim() as isize).collect();
                order.insert(ax, 0);
                v.transpose(Some(&order))?
            } else {
                v
            };
            let k = v.shape().get(ax).copied().unwrap_or(1) as isize;
            let mut shape = src.shape().to_vec();
            shape[ax] += k as usize;
            let out = empty_like(&src, &shape, src.dtype())?;
            let part = |s, e| at_axis(ax, range(s, e));
            set_index(
                &out,
                &part(None, Some(i)),
                Operand::Array(&src.slice_axis(ax, None, Some(i), 1)?),
            )?;
            set_index(&out, &part(Some(i), Some(i + k)), Operand::Array(&v))?;
            set_index(
                &out,
                &part(Some(i + k), None),
                Operand::Array(&src.slice_axis(ax, Some(i), None, 1)?),
            )?;
            Ok(out)
        }
        InsertAt::Many(idx) => {
            let k = idx.len();
            let mut pos: Vec<i64> = idx.iter().map(|&i| if i < 0 { i + n } else { i }).collect();
            let mut order: Vec<usize> = (0..k).collect();
            order.sort_by_key(|&j| pos[j]);
            for (r, &j) in order.iter().enumerate() {
                pos[j] += r as i64;
            }
            let total = n as usize + k;
            let mut keep = vec![true; total];
            for &p in &pos {
                if p < -(total as i64) || p >= total as i64 {
                    return Err(Error::index_error(format!(
                        "index {p} is out of bounds for axis 0 with size {total}"
                    )));
                }
                keep[if p < 0 { p + total as i64 } else { p } as usize] = false;
            }
            let mut shape = src.shape().to_vec();
            shape[ax] = total;
            let out = empty_like(&src, &shape, src.dtype())?;
            set_index(
                &out,
                &at_axis(ax, Index::IntArray(int_array(pos, &[k])?)),
                Operand::Array(&values),
            )?;
            let mask = Array::from_vec(keep, &[total])?;
            set_index(
                &out,
                &at_axis(ax, Index::BoolArray(mask)),
                Operand::Array(&src),
            )?;
            Ok(out)
        }
    }
}

/// What `np.delete` removes.
pub enum DeleteAt {
    /// One index.
    Scalar(i64),
    /// Several indices (duplicates allowed).
    Many(Vec<i64>),
    /// A boolean mask of the axis length.
    Mask(Vec<bool>),
}

/// `np.delete(a, obj, axis)` (`axis=None` flattens `a`); always a copy.
pub fn delete(a: &Array, at: DeleteAt, axis: Option<isize>) -> Result<Array> {
    let (src, ax) = match axis {
        None => (a.reshape(&[-1])?, 0),
        Some(x) => (a.clone(), normalize_axis(x, a.ndim())?),
    };
    let n = src.shape()[ax];
    let mut keep = vec![true; n];
    // A scalar names the axis in its message; an index list is checked
    // against a 1-d mask, so NumPy says axis 0.
    let mut drop_at = |i: i64, axis: usize| -> Result<()> {
        let ni = n as i64;
        if i < -ni || i >= ni {
            return Err(Error::index_error(format!(
                "index {i} is out of bounds for axis {axis} with size {n}"
            )));
        }
        keep[if i < 0 { i + ni } else { i } as usize] = false;
        Ok(())
    };
    match at {
        DeleteAt::Scalar(i) => drop_at(i, ax)?,
        DeleteAt::Many(v) => v.into_iter().try_for_each(|i| drop_at(i, 0))?,
        DeleteAt::Mask(m) => {
            if m.len() != n {
                return Err(Error::value_error(format!(
                    "boolean array argument obj to delete must be one dimensional and match the axis length of {n}"
                )));
            }
            for (k, d) in keep.iter_mut().zip(m) {
                *k = !d;
            }
        }
    }
    let idx: Vec<i64> = (0..n as i64).filter(|&i| keep[i as usize]).collect();
    let len = idx.len();
    take_axis(&src, &int_array(idx, &[len])?, ax)
}

/// `np.block`'s nested lists: an array leaf or a list of blocks.
pub enum Block {
    /// An array (or scalar as a 0-d array).
    Leaf(Array),
    /// A nested list, with its path for messages (`arrays[1][0]`).
    List(Vec<Block>),
}

fn block_depth(b: &Block, path: &str, first: &mut Option<usize>, depth: usize) -> Result<()> {
    match b {
        Block::Leaf(_) => match *first {
            None => {
                *first = Some(depth);
                Ok(())
            }
            Some(f) if f == depth => Ok(()),
            Some(f) => Err(Error::value_error(format!(
                "List depths are mismatched. First element was at depth {f}, but there is an element at depth {depth} ({path})"
            ))),
        },
        Block::List(items) => {
            if items.is_empty() {
                return Err(Error::value_error(format!(
                    "List at {path} cannot be empty"
                )));
            }
            for (i, it) in items.iter().enumerate() {
                block_depth(it, &format!("{path}[{i}]"), first, depth + 1)?;
            }
            Ok(())
        }
    }
}

fn block_max_ndim(b: &Block) -> usize {
    match b {
        Block::Leaf(a) => a.ndim(),
        Block::List(items) => items.iter().map(block_max_ndim).max().unwrap_or(0),
    }
}

fn block_join(b: &Block, depth: usize, list_depth: usize, nd: usize) -> Result<Array> {
    match b {
        Block::Leaf(a) => {
            let mut shape: Vec<isize> = vec![1; nd - a.ndim()];
            shape.extend(a.shape().iter().map(|&d| d as isize));
            a.reshape(&shape)
        }
        Block::List(items) => {
            let parts: Vec<Array> = items
                .iter()
                .map(|x| block_join(x, depth + 1, list_depth, nd))
                .collect::<Result<_>>()?;
            // The innermost lists join along the last axis.
            dispatch::concatenate(&parts, Some(depth as isize - list_depth as isize))
        }
    }
}

/// `np.block(arrays)`: nested lists joined, the innermost along the last
/// axis; leaves get leading length-1 axes up to the deepest of list depth
/// and array dimensions.
pub fn block(b: &Block) -> Result<Array> {
    let mut first = None;
    block_depth(b, "arrays", &mut first, 0)?;
    let depth = first.unwrap_or(0);
    let nd = depth.max(block_max_ndim(b));
    match b {
        Block::Leaf(a) => dispatch::copy(a),
        Block::List(_) => block_join(b, 0, depth, nd),
    }
}

/// Gives `a` at least `n` dimensions the way `np.atleast_3d` does for
/// `dstack` (`(n,)` becomes `(1, n, 1)`, `(r, c)` becomes `(r, c, 1)`).
fn atleast_3d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => a.reshape(&[1, 1, 1]),
        1 => a.reshape(&[1, -1, 1]),
        2 => Ok(a.with_layout(a.layout().expand_dims(2)?)),
        _ => Ok(a.clone()),
    }
}

/// `np.dstack(arrays)`: joined along the third axis.
pub fn dstack(arrays: &[Array]) -> Result<Array> {
    let xs: Vec<Array> = arrays.iter().map(atleast_3d).collect::<Result<_>>()?;
    dispatch::concatenate(&xs, Some(2))
}

/// `np.column_stack(arrays)`: 1-d arrays become columns, then joined
/// along the second axis.
pub fn column_stack(arrays: &[Array]) -> Result<Array> {
    let xs: Vec<Array> = arrays
        .iter()
        .map(|a| match a.ndim() {
            0 => a.reshape(&[1, 1]),
            1 => a.reshape(&[-1, 1]),
            _ => Ok(a.clone()),
        })
        .collect::<Result<_>>()?;
    dispatch::concatenate(&xs, Some(1))
}
