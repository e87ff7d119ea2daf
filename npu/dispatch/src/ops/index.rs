//! Indexing: `a[idx]` and `a[idx] = v` for every NumPy index kind.

use xpush_core::array::Array;
use xpush_core::dtype::DType;
use xpush_core::error::{Error, Result};
use xpush_core::layout::{broadcast_shapes, shape_to_string, Layout};

use super::dispatch::{backend, Operand};

/// One item of a subscript tuple.
#[derive(Clone, Debug)]
pub enum Index {
    /// An integer (negative counts from the end); drops the axis.
    Int(isize),
    /// `start:stop:step` (`None` for an omitted part).
    Slice {
        /// Start, or `None`.
        start: Option<isize>,
        /// Stop, or `None`.
        stop: Option<isize>,
        /// Step, or `None` (1); zero is NumPy's `ValueError`.
        step: Option<isize>,
    },
    /// `np.newaxis` / `None`: a new axis of length 1.
    NewAxis,
    /// `...`.
    Ellipsis,
    /// An integer array (advanced indexing; makes a copy).
    IntArray(Array),
    /// A boolean mask (advanced indexing; makes a copy).
    BoolArray(Array),
}

/// An advanced index item after expansion: the view axis it indexes,
/// the original axis (for messages), and its int64 indices.
struct Adv {
    axis: usize,
    orig: usize,
    idx: Array,
}

/// The result of resolving a subscript: the basic view, and for advanced
/// indexing the storage offsets and result shape.
enum Resolved {
    View(Array),
    Gather {
        view: Array,
        offsets: Vec<usize>,
        shape: Vec<usize>,
        /// The `IndexError` of an index array's element out of bounds
        /// (then `offsets` is empty): NumPy checks them while it copies,
        /// so an assignment first converts its value and broadcasts it
        /// to `shape`, whose errors come first.
        bounds: Option<Error>,
    },
}

fn is_advanced(i: &Index) -> bool {
    matches!(i, Index::IntArray(_) | Index::BoolArray(_))
}

fn dims_consumed(i: &Index) -> usize {
    match i {
        Index::Int(_) | Index::Slice { .. } | Index::IntArray(_) => 1,
        Index::BoolArray(b) => b.ndim(),
        Index::NewAxis | Index::Ellipsis => 0,
    }
}

fn oob(i: i64, axis: usize, n: usize) -> Error {
    Error::index_error(format!(
        "index {i} is out of bounds for axis {axis} with size {n}"
    ))
}

fn resolve(a: &Array, idx: &[Index]) -> Result<Resolved> {
    let ndim = a.ndim();
    if idx.iter().filter(|i| matches!(i, Index::Ellipsis)).count() > 1 {
        return Err(Error::index_error(
            "an index can only have a single ellipsis ('...')",
        ));
    }
    let used: usize = idx.iter().map(dims_consumed).sum();
    if used > ndim {
        return Err(Error::index_error(format!(
            "too many indices for array: array is {ndim}-dimensional, but {used} were indexed"
        )));
    }
    let any_adv = idx.iter().any(is_advanced);
    let mut layout = a.layout().clone();
    let mut axis = 0usize; // position in the view being built
    let mut orig = 0usize; // axis of `a`
    let mut adv: Vec<Adv> = Vec::new();
    for item in idx {
        match item {
            Index::Ellipsis => {
                let fill = ndim - used;
                axis += fill;
                orig += fill;
            }
            Index::NewAxis => {
                layout = layout.insert_axis(axis)?;
                axis += 1;
            }
            Index::Slice { start, stop, step } => {
                let step = step.unwrap_or(1);
                if step == 0 {
                    return Err(Error::value_error("slice step cannot be zero"));
                }
                layout = layout.slice_axis(axis, *start, *stop, step)?;
                axis += 1;
                orig += 1;
            }
            Index::Int(i) => {
                let n = layout.shape[axis];
                let ni = n as isize;
                if *i < -ni || *i >= ni {
                    return Err(oob(*i as i64, orig, n));
                }
                if any_adv {
                    let v = Array::from_vec(vec![*i as i64], &[])?;
                    adv.push(Adv { axis, orig, idx: v });
                    axis += 1;
                } else {
                    layout = layout.index_axis(axis, *i)?;
                }
                orig += 1;
            }
            Index::IntArray(arr) => {
                if !(arr.dtype().is_integer() || arr.size() == 0) {
                    return Err(Error::index_error(
                        "arrays used as indices must be of integer (or boolean) type",
                    ));
                }
                let v = if arr.dtype() == DType::Int64 {
                    arr.clone()
                } else {
                    super::cast(arr, DType::Int64)?
                };
                adv.push(Adv { axis, orig, idx: v });
                axis += 1;
                orig += 1;
            }
            Index::BoolArray(mask) => {
                let k = mask.ndim();
                for d in 0..k {
                    if mask.shape()[d] != layout.shape[axis + d] {
                        return Err(Error::index_error(format!(
                            "boolean index did not match indexed array along axis {}; size of axis is {} but size of corresponding boolean axis is {}",
                            orig + d,
                            layout.shape[axis + d],
                            mask.shape()[d]
                        )));
                    }
                }
                // nonzero: one int64 index array per mask axis.
                let m = if mask.dtype() == DType::Bool {
                    mask.to_vec::<bool>()?
                } else {
                    super::cast(mask, DType::Bool)?.to_vec::<bool>()?
                };
                let mstrides = xpush_core::layout::c_strides(mask.shape());
                let hits: Vec<usize> = (0..m.len()).filter(|&i| m[i]).collect();
                #[allow(clippy::needless_range_loop)]
                for d in 0..k.max(1) {
                    let v: Vec<i64> = if k == 0 {
                        hits.iter().map(|_| 0).collect()
                    } else {
                        hits.iter()
                            .map(|&h| {
                                ((h as isize / mstrides[d]) as usize % mask.shape()[d]) as i64
                            })
                            .collect()
                    };
                    let n = v.len();
                    if k == 0 {
                        // `a[True]` / `a[False]`: a new axis of length 1 or 0.
                        layout = layout.insert_axis(axis)?;
                    }
                    adv.push(Adv {
                        axis: axis + d,
                        orig: orig + d,
                        idx: Array::from_vec(v, &[n])?,
                    });
                }
                axis += k.max(1);
                orig += k;
            }
        }
    }
    let view = a.with_layout(layout);
    if adv.is_empty() {
        return Ok(Resolved::View(view));
    }
    // Broadcast the index arrays together.
    let shapes: Vec<&[usize]> = adv.iter().map(|x| x.idx.shape()).collect();
    let bshape = broadcast_shapes(&shapes).map_err(|_| {
        let parts: Vec<String> = shapes
            .iter()
            .map(|s| {
                let d: Vec<isize> = s.iter().map(|&x| x as isize).collect();
                shape_to_string(&d, "")
            })
            .collect();
        Error::index_error(format!(
            "shape mismatch: indexing arrays could not be broadcast together with shapes {} ",
            parts.join(" ")
        ))
    })?;
    let vl = view.layout();
    let nb: usize = bshape.iter().product();
    let mut adv_off = vec![0isize; nb];
    let mut bounds = None;
    'arrays: for x in &adv {
        let n = vl.shape[x.axis];
        let s = vl.strides[x.axis];
        let vals = x.idx.broadcast_to(&bshape)?.to_vec::<i64>()?;
        for (o, &v) in adv_off.iter_mut().zip(&vals) {
            let ni = n as i64;
            if v < -ni || v >= ni {
                bounds = Some(oob(v, x.orig, n));
                break 'arrays;
            }
            let v = if v < 0 { v + ni } else { v };
            *o += v as isize * s;
        }
    }
    let adv_axes: Vec<usize> = adv.iter().map(|x| x.axis).collect();
    let mut sorted = adv_axes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let adjacent = sorted.windows(2).all(|w| w[1] == w[0] + 1);
    let rest: Vec<usize> = (0..vl.ndim()).filter(|i| !sorted.contains(i)).collect();
    let split = if adjacent {
        rest.iter().filter(|&&i| i < sorted[0]).count()
    } else {
        0
    };
    let sub = |axes: &[usize], offset: usize| Layout {
        shape: axes.iter().map(|&i| vl.shape[i]).collect(),
        strides: axes.iter().map(|&i| vl.strides[i]).collect(),
        offset,
    };
    let outer = sub(&rest[..split], vl.offset);
    let inner = sub(&rest[split..], 0);
    let mut shape: Vec<usize> = outer.shape.clone();
    shape.extend(&bshape);
    shape.extend(&inner.shape);
    let total: usize = shape.iter().product();
    let mut offsets = Vec::new();
    if total > 0 && bounds.is_none() {
        offsets.reserve(total);
        let inner_offs: Vec<usize> = inner.offsets().collect();
        for o in outer.offsets() {
            for &b in &adv_off {
                let base = o as isize + b;
                offsets.extend(inner_offs.iter().map(|&i| (base + i as isize) as usize));
            }
        }
    }
    Ok(Resolved::Gather {
        view,
        offsets,
        shape,
        bounds,
    })
}

/// `a[idx]`: basic indices give a view, advanced ones a copy, with NumPy's
/// rule for where the advanced axes go (in place when adjacent, first
/// otherwise; an integer next to an array index counts as advanced) and
/// NumPy's `IndexError` messages.
pub fn get_index(a: &Array, idx: &[Index]) -> Result<Array> {
    match resolve(a, idx)? {
        Resolved::View(v) => Ok(v),
        Resolved::Gather {
            bounds: Some(e), ..
        } => Err(e),
        Resolved::Gather {
            view,
            offsets,
            shape,
            bounds: None,
        } => backend().take(&view, &offsets, &shape),
    }
}

/// Whether `idx` is an integer for each of `a`'s axes (`()` for a 0-d
/// array): one element, which NumPy packs as a scalar.
fn names_one_element(a: &Array, idx: &[Index]) -> bool {
    idx.len() == a.ndim() && idx.iter().all(|i| matches!(i, Index::Int(_)))
}

/// The check NumPy makes of a Python sequence (`list`, `tuple`, named by
/// `type_name`) of `ndim` dimensions assigned to `a[idx]`, before
/// [`set_index`]: into one element of an integer array it is `int()`'s
/// TypeError (of a float array, "setting an array element with a
/// sequence."), and through basic indexing it may not have more
/// dimensions than the view it fills (an array value may: its leading
/// length-1 axes are dropped).
pub fn check_sequence_value(a: &Array, idx: &[Index], ndim: usize, type_name: &str) -> Result<()> {
    if names_one_element(a, idx) && ndim > 0 {
        return Err(if a.dtype().is_inexact() {
            Error::value_error("setting an array element with a sequence.")
        } else {
            Error::type_error(format!(
                "int() argument must be a string, a bytes-like object or a real number, not '{type_name}'"
            ))
        });
    }
    let basic = !idx
        .iter()
        .any(|i| matches!(i, Index::IntArray(_) | Index::BoolArray(_)));
    if basic {
        if let Resolved::View(v) = resolve(a, idx)? {
            if ndim > v.ndim() {
                return Err(Error::value_error(format!(
                    "setting an array element with a sequence. The requested array would exceed the maximum number of dimension of {}.",
                    v.ndim()
                )));
            }
        }
    }
    Ok(())
}

/// `a[idx] = value`: `value` broadcasts to the selection and is cast with
/// NumPy's rules (a Python int out of range is `OverflowError`); writes go
/// through views; an overlapping source is copied first. The value is
/// checked as NumPy packs it ([`Operand::to_stored`]), and its leading
/// length-1 axes beyond the selection's are dropped.
pub fn set_index(a: &Array, idx: &[Index], value: Operand) -> Result<()> {
    a.check_writeable("assignment destination")?;
    let resolved = resolve(a, idx)?;
    // A boolean mask of the array's own dimensions is NumPy's boolean
    // assignment, which takes a 0-d or 1-d value only.
    if let ([Index::BoolArray(m)], Operand::Array(v)) = (idx, &value) {
        if m.ndim() == a.ndim() && v.ndim() > 1 {
            return Err(Error::type_error(format!(
                "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input has {} dimensions",
                v.ndim()
            )));
        }
    }
    // One element named by an integer per axis takes a scalar or a 0-d
    // array only, as NumPy packs it (bool takes a one-element array's
    // truth).
    let element = !a.dtype().is_bool() && names_one_element(a, idx);
    if let (true, Operand::Array(v)) = (element, &value) {
        if v.ndim() > 0 {
            return Err(if a.dtype().is_complex() {
                Error::type_error("only 0-dimensional arrays can be converted to Python scalars")
            } else {
                Error::value_error("setting an array element with a sequence.")
            });
        }
    }
    match resolved {
        Resolved::View(v) => {
            let val = value.to_stored(v.dtype(), true)?;
            let val = broadcast_value(&drop_leading_ones(val, v.ndim())?, v.shape())?;
            backend().copy_into(&val, &v)
        }
        Resolved::Gather {
            view,
            offsets,
            shape,
            bounds,
        } => {
            let val = drop_leading_ones(value.to_stored(view.dtype(), false)?, shape.len())?;
            let val = val.broadcast_to(&shape).map_err(|_| {
                let s = |x: &[usize]| {
                    let d: Vec<isize> = x.iter().map(|&v| v as isize).collect();
                    shape_to_string(&d, "")
                };
                Error::value_error(format!(
                    "shape mismatch: value array of shape {} could not be broadcast to indexing result of shape {}",
                    s(val.shape()),
                    s(&shape)
                ))
            })?;
            if let Some(e) = bounds {
                return Err(e);
            }
            backend().put(&view, &offsets, &val)
        }
    }
}

/// The value of an assignment with leading length-1 axes beyond the
/// target's dimensions dropped, as NumPy drops them for an array value
/// (`a[0] = np.array([[1, 2]])` into a row of length 2, `z[...] =
/// np.array([1])` into a 0-d array; a list may not, see
/// [`check_sequence_value`]).
fn drop_leading_ones(val: Array, ndim: usize) -> Result<Array> {
    let extra = val.ndim().saturating_sub(ndim);
    if extra == 0 || val.shape()[..extra].iter().any(|&n| n != 1) {
        return Ok(val);
    }
    let rest: Vec<isize> = val.shape()[extra..].iter().map(|&n| n as isize).collect();
    val.reshape(&rest)
}

fn broadcast_value(val: &Array, shape: &[usize]) -> Result<Array> {
    val.broadcast_to(shape).map_err(|_| {
        let s = |x: &[usize]| {
            let d: Vec<isize> = x.iter().map(|&v| v as isize).collect();
            shape_to_string(&d, "")
        };
        Error::value_error(format!(
            "could not broadcast input array from shape {} into shape {}",
            s(val.shape()),
            s(shape)
        ))
    })
}
