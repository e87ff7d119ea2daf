//! More array manipulation: `rollaxis`, `rot90`, `dstack`,
//! `column_stack`, `block`, the `split` family, `tile`, `repeat`, `roll`,
//! `pad`, `diff`, `ediff1d`, `broadcast_arrays`, `append`, `insert`,
//! `delete`, `resize`, `trim_zeros`, `unravel_index` and
//! `ravel_multi_index`. The entries bind arguments; the work is in
//! `xpush_npu::ops::{manip, select}`.

use xpush_npu::layout::adjust_slice;
use xpush_npu::ops::manip::{self as m, Block, DeleteAt, InsertAt, PadMode};
use xpush_npu::ops::select::{self as sel, ClipMode};
use xpush_npu::{Array, Scalar, ToDevice};

use super::conv::{as_array, axes_arg, opt_int, shape_arg, wrap, wrap_result};
use super::manip::arrays;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::iter::to_vec;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Manipulation entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy", "rollaxis", "(a, axis, start=0)", rollaxis,
        "An axis rolled back until it lies before position start, as a view.",
        ["np.rollaxis(np.zeros((2, 3, 4)), 2).shape  # (4, 2, 3)", "np.rollaxis(np.zeros((2, 3)), 0, 5)  # AxisError: 'start' arg requires -2 <= start < 3, but 5 was passed in"]),
    entry!(Function, NumpyManip, "numpy", "rot90", "(m, k=1, axes=None)", rot90,
        "A view rotated by 90 degrees k times in the plane of axes (default (0, 1)).",
        ["np.rot90([[1, 2], [3, 4]])  # array([[2, 4],\n       [1, 3]])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "dstack", "(tup)", dstack,
        "Arrays joined along the third axis (depth).", ["np.dstack(([1, 2], [3, 4])).shape  # (1, 2, 2)"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "column_stack", "(tup)", column_stack,
        "1-d arrays as columns of a 2-d array (2-d arrays joined along axis 1).",
        ["np.column_stack(([1, 2], [3, 4]))  # array([[1, 3],\n       [2, 4]])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "block", "(arrays)", block,
        "An array assembled from nested lists of blocks (innermost joined along the last axis).",
        ["np.block([np.zeros(1), 2])  # array([0., 2.])", "np.block([[1, 2], [3, 4]])  # array([[1, 2],\n       [3, 4]])"]),
    entry!(Function, NumpyManip, "numpy", "split", "(ary, indices_or_sections, axis=0)", split,
        "Views of equal parts (a count) or of parts cut before given indices.",
        ["np.split(np.arange(4), 2)  # [array([0, 1]), array([2, 3])]", "np.split(np.arange(5), 2)  # ValueError: array split does not result in an equal division"]),
    entry!(Function, NumpyManip, "numpy", "array_split", "(ary, indices_or_sections, axis=0)", array_split,
        "Like split, but a count need not divide the axis (the first parts are one longer).",
        ["np.array_split(np.arange(5), 2)  # [array([0, 1, 2]), array([3, 4])]"]),
    entry!(Function, NumpyManip, "numpy", "hsplit", "(ary, indices_or_sections)", hsplit,
        "split along axis 1 (axis 0 for 1-d arrays).", ["np.hsplit(np.arange(4), [1])  # [array([0]), array([1, 2, 3])]"]),
    entry!(Function, NumpyManip, "numpy", "vsplit", "(ary, indices_or_sections)", vsplit,
        "split along axis 0 (arrays of at least 2 dimensions).", ["len(np.vsplit(np.zeros((4, 2)), 2))  # 2"]),
    entry!(Function, NumpyManip, "numpy", "dsplit", "(ary, indices_or_sections)", dsplit,
        "split along axis 2 (arrays of at least 3 dimensions).", ["np.dsplit(np.zeros((1, 1, 4)), 2)[0].shape  # (1, 1, 2)"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "tile", "(A, reps)", tile,
        "The array repeated reps times along each axis.", ["np.tile([1, 2], 2)  # array([1, 2, 1, 2])", "np.tile([1, 2], (2, 1))  # array([[1, 2],\n       [1, 2]])"]),
    entry!(npu = crate::coverage::how::GATHER, runs = Dispatch, Function, NumpyManip, "numpy", "repeat", "(a, repeats, axis=None)", repeat,
        "Each element repeated (flattened for axis=None); repeats is one count or one per element.",
        ["np.repeat([1, 2], 2)  # array([1, 1, 2, 2])", "np.repeat([[1, 2]], [1, 2], axis=1)  # array([[1, 2, 2]])"]),
    entry!(npu = crate::coverage::how::ROLL, runs = Dispatch, Function, NumpyManip, "numpy", "roll", "(a, shift, axis=None)", roll,
        "Elements shifted cyclically along axes (the flattened array for axis=None).",
        ["np.roll([1, 2, 3], 1)  # array([3, 1, 2])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "pad", "(array, pad_width, mode='constant', constant_values=None, reflect_type=None, stat_length=None, end_values=None, **kwargs)", pad,
        "The array padded by widths per axis (modes constant, edge, reflect and symmetric with reflect_type 'even' or 'odd', wrap, linear_ramp with end_values, maximum/minimum/mean/median with stat_length, empty, or a function that fills each padded vector in place).",
        ["np.pad([1, 2], 1)  # array([0, 1, 2, 0])", "np.pad([1, 2, 3], (2, 1), mode='reflect')  # array([3, 2, 1, 2, 3, 2])", "np.pad([1, 2, 4], 2, mode='reflect', reflect_type='odd')  # array([-2,  0,  1,  2,  4,  6,  7])"]),
    entry!(npu = crate::coverage::how::DIFF, runs = Dispatch, Function, NumpyManip, "numpy", "diff", "(a, n=1, axis=-1, prepend=None, append=None)", diff,
        "The n-th discrete difference along an axis.", ["np.diff([1, 4, 9])  # array([3, 5])", "np.diff([1, 4, 9], n=2)  # array([2])"]),
    entry!(npu = crate::coverage::how::DIFF, runs = Dispatch, Function, NumpyManip, "numpy", "ediff1d", "(ary, to_end=None, to_begin=None)", ediff1d,
        "Differences of consecutive elements of the flattened array.", ["np.ediff1d([1, 2, 4], to_begin=0)  # array([0, 1, 2])"]),
    entry!(Function, NumpyManip, "numpy", "broadcast_arrays", "(*args)", broadcast_arrays,
        "Views of the arrays broadcast to one shape, as a tuple.",
        ["np.broadcast_arrays([1, 2], [[3], [4]])[0]  # array([[1, 2],\n       [1, 2]])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "append", "(arr, values, axis=None)", append,
        "Values joined to the end (both flattened for axis=None).", ["np.append([1, 2], [[3]])  # array([1, 2, 3])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "insert", "(arr, obj, values, axis=None)", insert,
        "A copy with values inserted before the given indices (flattened for axis=None).",
        ["np.insert([1, 2, 3], 1, 9)  # array([1, 9, 2, 3])", "np.insert([1, 2, 3], [0, 3], [8, 9])  # array([8, 1, 2, 3, 9])"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "delete", "(arr, obj, axis=None)", delete,
        "A copy without the given indices (an int, sequence, slice or mask; flattened for axis=None).",
        ["np.delete([1, 2, 3], 1)  # array([1, 3])", "np.delete([1, 2, 3], 5)  # IndexError: index 5 is out of bounds for axis 0 with size 3"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Method, NdArray, "ndarray", "resize", "(self, /, *new_shape, refcheck=True)", ndarray_resize,
        "Changes the array's shape and size in place: its elements in memory order, cut or padded with zeros (unlike np.resize, which repeats). The array must own its data and, with refcheck, be referenced by one name only (xpush: run as a statement on that name, `a.resize(shape)`).",
        ["np.arange(6)[::2].resize(2)  # ValueError: resize only works on single-segment arrays",
         "np.arange(6)[:3].resize(2)  # ValueError: cannot resize this array: it does not own its data"]),
    entry!(npu = crate::coverage::how::JOIN, runs = Dispatch, Function, NumpyManip, "numpy", "resize", "(a, new_shape)", resize,
        "A new array of the given shape filled by repeating the elements.", ["np.resize([1, 2, 3], (2, 2))  # array([[1, 2],\n       [3, 1]])"]),
    entry!(npu = crate::coverage::how::HOST_INDICES, Function, NumpyManip, "numpy", "trim_zeros", "(filt, trim='fb', axis=None)", trim_zeros,
        "Leading ('f') and trailing ('b') zeros trimmed (a list stays a list).",
        ["np.trim_zeros(np.array([0, 1, 2, 0]))  # array([1, 2])", "np.trim_zeros([0, 1, 0], 'f')  # [1, 0]"]),
    entry!(npu = crate::coverage::how::HOST_INDICES, Function, NumpyManip, "numpy", "unravel_index", "(indices, shape, order='C')", unravel_index,
        "Flat indices as a tuple of coordinate arrays.", ["np.unravel_index(5, (2, 3))  # (np.int64(1), np.int64(2))"]),
    entry!(npu = crate::coverage::how::HOST_INDICES, Function, NumpyManip, "numpy", "ravel_multi_index", "(multi_index, dims, mode='raise', order='C')", ravel_multi_index,
        "Coordinate arrays as flat indices.", ["np.ravel_multi_index(([1, 0], [2, 1]), (2, 3))  # array([5, 1])"]),
];

fn rollaxis(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axis = int_arg(a.get(1))? as isize;
    let start = int_arg(a.get(2))? as isize;
    Ok(wrap(m::rollaxis(&x, axis, start)?))
}

/// An int argument (`None` is 0).
fn int_arg(v: &Value) -> Result<i64> {
    Ok(opt_int(v)?.unwrap_or(0))
}

/// Whether `v` is a sequence of indices rather than one count.
fn is_seq(v: &Value) -> bool {
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Range(_) => true,
        Value::Array(x) => x.ndim() > 0,
        _ => false,
    }
}

/// An int or a sequence of ints.
fn ints(v: &Value) -> Result<Vec<i64>> {
    if !is_seq(v) {
        return Ok(vec![int_arg(v)?]);
    }
    if let Value::Array(x) = v {
        return xpush_npu::ops::manip::i64s(x);
    }
    to_vec(v)?.iter().map(int_arg).collect()
}

fn rot90(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let k = int_arg(a.get(1))?;
    let axes = match a.get(2) {
        Value::None => vec![0, 1],
        v => ints(v)?.into_iter().map(|i| i as isize).collect(),
    };
    Ok(wrap(m::rot90(&x, k, &axes)?))
}

fn dstack(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(m::dstack(&arrays(a.get(0))?)?))
}

fn column_stack(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(m::column_stack(&arrays(a.get(0))?)?))
}

fn block_of(v: &Value, path: &str) -> Result<Block> {
    match v {
        Value::List(_) => Ok(Block::List(
            to_vec(v)?
                .iter()
                .enumerate()
                .map(|(i, x)| block_of(x, &format!("{path}[{i}]")))
                .collect::<Result<_>>()?,
        )),
        Value::Tuple(_) => Err(Error::type_error(format!(
            "{path} is a tuple. Only lists can be used to arrange blocks, and np.block does not allow implicit conversion from tuple to ndarray."
        ))),
        other => Ok(Block::Leaf(as_array(other)?)),
    }
}

fn block(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(m::block(&block_of(a.get(0), "arrays")?)?))
}

fn parts(v: Vec<Array>) -> Value {
    Value::list(v.into_iter().map(wrap).collect())
}

/// `np.split` and kin: a section count or cut indices along `axis`.
fn split_along(x: &Array, how: &Value, axis: isize, equal: bool) -> Result<Value> {
    if is_seq(how) {
        return Ok(parts(m::array_split_indices(x, &ints(how)?, axis)?));
    }
    let n = int_arg(how)?;
    Ok(parts(if equal {
        m::split_sections(x, n, axis)?
    } else {
        m::array_split_sections(x, n, axis)?
    }))
}

fn split(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    split_along(&x, a.get(1), int_arg(a.get(2))? as isize, true)
}

fn array_split(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    split_along(&x, a.get(1), int_arg(a.get(2))? as isize, false)
}

fn split_min(a: &Args, min: usize, name: &str, axis: isize) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() < min {
        let what = if min == 1 {
            "1 or more"
        } else if min == 2 {
            "2 or more"
        } else {
            "3 or more"
        };
        return Err(Error::value_error(format!(
            "{name} only works on arrays of {what} dimensions"
        )));
    }
    split_along(&x, a.get(1), axis, true)
}

fn hsplit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let nd = as_array(a.get(0))?.ndim();
    split_min(a, 1, "hsplit", if nd > 1 { 1 } else { 0 })
}

fn vsplit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_min(a, 2, "vsplit", 0)
}

fn dsplit(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    split_min(a, 3, "dsplit", 2)
}

fn tile(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    Ok(wrap(m::tile(&x, &ints(a.get(1))?)?))
}

fn opt_axis(v: &Value) -> Result<Option<isize>> {
    Ok(opt_int(v)?.map(|i| i as isize))
}

fn repeat(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let r = as_array(a.get(1))?;
    Ok(wrap(m::repeat(&x, &r, opt_axis(a.get(2))?)?))
}

fn roll(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let shifts = ints(a.get(1))?;
    let axes = axes_arg(a.get(2))?;
    Ok(wrap(m::roll(&x, &shifts, axes.as_deref())?))
}

/// NumPy's `_as_pairs`: one value, a `(before, after)` pair, or one pair
/// per axis, as `ndim` pairs of elements of `x`.
fn as_pairs(x: &Array, ndim: usize) -> Result<Vec<(Scalar, Scalar)>> {
    let s = x.to_scalars();
    if x.ndim() < 3 {
        if s.len() == 1 {
            return Ok(vec![(s[0], s[0]); ndim]);
        }
        if s.len() == 2 && x.shape() != [2, 1] {
            return Ok(vec![(s[0], s[1]); ndim]);
        }
    }
    let b = x.broadcast_to(&[ndim, 2])?.to_scalars();
    Ok(b.chunks(2).map(|p| (p[0], p[1])).collect())
}

/// The pad widths: `pad_width` as `(before, after)` a axis, non-negative
/// integers.
fn pad_widths(v: &Value, ndim: usize) -> Result<Vec<(usize, usize)>> {
    let w = as_array(v)?;
    if !w.dtype().is_integer() {
        return Err(Error::type_error("`pad_width` must be of integral type."));
    }
    let mut wp = Vec::with_capacity(ndim);
    for (b, e) in as_pairs(&w, ndim)? {
        let (b, e) = (b.as_f64(), e.as_f64());
        if b < 0.0 || e < 0.0 {
            return Err(Error::value_error("index can't contain negative values"));
        }
        wp.push((b as usize, e as usize));
    }
    Ok(wp)
}

/// The modes NumPy computes from the array's values axis by axis
/// (`linear_ramp`, the statistics, `empty`) and a callable mode, written
/// as NumPy's `_arraypad_impl` does: each axis padded in turn, with the
/// axes before it already padded and those after it not yet.
fn pad_computed(host: &mut dyn Host, a: &Args, mode: Option<&str>) -> Result<Value> {
    use super::compose::{call_in, np, np_kw};
    let x = np(host, "asarray", vec![a.get(0).clone()])?;
    let arr = as_array(&x)?;
    let nd = arr.ndim();
    let widths = pad_widths(a.get(1), nd)?;
    let dtype = Value::DType(arr.dtype());
    let ints = |v: Vec<i64>| Value::list(v.into_iter().map(Value::Int).collect());
    let Some(mode) = mode else {
        // A function `f(vector, pad_width, axis, kwargs)` fills the padded
        // parts of each 1-d slice along each axis, in place.
        let mut padded = np_kw(host, "pad", vec![x, a.get(1).clone()], &[])?;
        let shape = as_array(&padded)?.shape().to_vec();
        let kwargs = match a.values.get(7) {
            Some(d @ Value::Dict(_)) => d.clone(),
            _ => Value::dict(crate::py::dict::DictTable::new()),
        };
        for (axis, &(b, e)) in widths.iter().enumerate() {
            let view = np(
                host,
                "moveaxis",
                vec![padded.clone(), Value::Int(axis as i64), Value::Int(-1)],
            )?;
            let outer: Vec<usize> = shape
                .iter()
                .enumerate()
                .filter(|(d, _)| *d != axis)
                .map(|(_, &n)| n)
                .collect();
            let count: usize = outer.iter().product();
            for k in 0..count {
                let mut rest = k;
                let mut index: Vec<Value> = vec![Value::Int(0); outer.len()];
                for (slot, &n) in index.iter_mut().zip(&outer).rev() {
                    *slot = Value::Int((rest % n.max(1)) as i64);
                    rest /= n.max(1);
                }
                index.push(Value::Ellipsis);
                let vector = crate::py::index::getitem(&view, &Value::tuple(index))?;
                let pw = Value::tuple(vec![Value::Int(b as i64), Value::Int(e as i64)]);
                host.call(
                    a.get(2),
                    vec![vector, pw, Value::Int(axis as i64), kwargs.clone()],
                    Vec::new(),
                )?;
            }
            padded = np(host, "asarray", vec![padded])?;
        }
        return Ok(padded);
    };
    let pairs = |v: &Value| -> Result<Option<Vec<(Scalar, Scalar)>>> {
        match v {
            Value::None => Ok(None),
            v => Ok(Some(as_pairs(&as_array(v)?, nd)?)),
        }
    };
    let ends = pairs(a.get(6))?;
    let stat_lengths = pairs(a.get(5))?;
    let mut r = x;
    for (ax, &(b, e)) in widths.iter().enumerate() {
        if b == 0 && e == 0 {
            continue;
        }
        let axis = Value::Int(ax as i64);
        let n = as_array(&r)?.shape()[ax];
        let (left, right) = match mode {
            "empty" => {
                // (NumPy leaves the padding uninitialized: zeros here.)
                let shape = as_array(&r)?.shape().to_vec();
                let mut side = |w: usize| {
                    let mut s = shape.clone();
                    s[ax] = w;
                    let s = Value::tuple(s.into_iter().map(|d| Value::Int(d as i64)).collect());
                    np_kw(host, "zeros", vec![s], &[("dtype", dtype.clone())])
                };
                (side(b)?, side(e)?)
            }
            _ if n == 0 => {
                return Err(Error::value_error(format!(
                    "can't extend empty axis {ax} using modes other than 'constant' or 'empty'"
                )))
            }
            "linear_ramp" => {
                let (eb, ee) = match &ends {
                    Some(p) => (super::conv::scalar(p[ax].0), super::conv::scalar(p[ax].1)),
                    None => (Value::Int(0), Value::Int(0)),
                };
                let mut edge = |i: i64| -> Result<Value> {
                    let t = call_in(
                        host,
                        "numpy",
                        "take",
                        vec![r.clone(), ints(vec![i])],
                        &[("axis", axis.clone())],
                    )?;
                    np_kw(host, "squeeze", vec![t], &[("axis", axis.clone())])
                };
                let (lo, hi) = (edge(0)?, edge(n as i64 - 1)?);
                let ramp = |host: &mut dyn Host, end: Value, edge: Value, w: usize| {
                    np_kw(
                        host,
                        "linspace",
                        vec![end, edge, Value::Int(w as i64)],
                        &[
                            ("endpoint", Value::Bool(false)),
                            ("dtype", dtype.clone()),
                            ("axis", axis.clone()),
                        ],
                    )
                };
                let left = ramp(host, eb, lo, b)?;
                let right = ramp(host, ee, hi, e)?;
                let right = np_kw(host, "flip", vec![right], &[("axis", axis.clone())])?;
                (left, right)
            }
            stat => {
                let func = match stat {
                    "maximum" => "max",
                    "minimum" => "min",
                    "mean" => "mean",
                    _ => "median",
                };
                let (lb, la) = match &stat_lengths {
                    Some(p) => (
                        p[ax].0.as_f64().max(0.0) as usize,
                        p[ax].1.as_f64().max(0.0) as usize,
                    ),
                    None => (n, n),
                };
                let (lb, la) = (lb.min(n), la.min(n));
                if matches!(func, "max" | "min") && ((lb == 0 && b > 0) || (la == 0 && e > 0)) {
                    return Err(Error::value_error(
                        "stat_length of 0 yields no value for padding",
                    ));
                }
                let stat =
                    |host: &mut dyn Host, from: usize, to: usize, w: usize| -> Result<Value> {
                        let idx: Vec<i64> = (from as i64..to as i64).collect();
                        let chunk = call_in(
                            host,
                            "numpy",
                            "take",
                            vec![r.clone(), ints(idx)],
                            &[("axis", axis.clone())],
                        )?;
                        let mut s = call_in(
                            host,
                            "numpy",
                            func,
                            vec![chunk],
                            &[("axis", axis.clone()), ("keepdims", Value::Bool(true))],
                        )?;
                        if arr.dtype().is_integer() && matches!(func, "mean" | "median") {
                            s = np(host, "round", vec![s])?;
                        }
                        let s = super::compose::method(host, &s, "astype", vec![dtype.clone()])?;
                        call_in(
                            host,
                            "numpy",
                            "repeat",
                            vec![s, Value::Int(w as i64)],
                            &[("axis", axis.clone())],
                        )
                    };
                (stat(host, 0, lb, b)?, stat(host, n - la, n, e)?)
            }
        };
        r = call_in(
            host,
            "numpy",
            "concatenate",
            vec![Value::list(vec![left, r, right])],
            &[("axis", axis)],
        )?;
    }
    Ok(r)
}

fn pad(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    // `pad_width` as a dict: `{axis: (before, after) or width}`, the
    // other axes unpadded.
    if let Value::Dict(d) = a.get(1) {
        let nd = as_array(a.get(0))?.ndim();
        let mut rows = vec![Value::list(vec![Value::Int(0), Value::Int(0)]); nd];
        for (k, v) in d.borrow().pairs() {
            let ax =
                xpush_npu::layout::normalize_axis(crate::py::num::index_i64(&k)? as isize, nd)?;
            rows[ax] = match &v {
                Value::List(_) | Value::Tuple(_) => Value::list(crate::py::iter::to_vec(&v)?),
                w => Value::list(vec![w.clone(), w.clone()]),
            };
        }
        a.values[1] = Value::list(rows);
    }
    let mode_name = match a.get(2) {
        Value::Str(s) => s.to_string(),
        _ => return pad_computed(host, a, None),
    };
    // Keywords another mode takes are NumPy's error here.
    let allowed: &[usize] = match mode_name.as_str() {
        "linear_ramp" => &[6],
        "maximum" | "minimum" | "mean" | "median" => &[5],
        "constant" => &[3],
        "reflect" | "symmetric" => &[4],
        _ => &[],
    };
    let names = [
        (3, "constant_values"),
        (4, "reflect_type"),
        (5, "stat_length"),
        (6, "end_values"),
    ];
    if let Some((_, k)) = names
        .iter()
        .find(|(i, _)| !a.get(*i).is_none() && !allowed.contains(i))
    {
        return Err(Error::value_error(format!(
            "unsupported keyword arguments for mode '{mode_name}': {{'{k}'}}"
        )));
    }
    if matches!(
        mode_name.as_str(),
        "linear_ramp" | "maximum" | "minimum" | "mean" | "median" | "empty"
    ) {
        return pad_computed(host, a, Some(&mode_name));
    }
    let x = as_array(a.get(0))?;
    let mode = PadMode::parse(&mode_name)?;
    let wp = pad_widths(a.get(1), x.ndim())?;
    // Any reflect_type but 'odd' is NumPy's default, 'even'.
    if matches!(a.get(4), Value::Str(r) if &**r == "odd")
        && matches!(mode, PadMode::Reflect | PadMode::Symmetric)
    {
        return Ok(wrap(m::pad_reflect_odd(
            &x,
            &wp,
            mode == PadMode::Symmetric,
        )?));
    }
    let cv = match a.get(3) {
        Value::None => Array::from_scalar(Scalar::Int64(0)),
        v => as_array(v)?,
    };
    let values = as_pairs(&cv, x.ndim())?;
    Ok(wrap(m::pad(&x, &wp, mode, &values)?))
}

fn opt_array(v: &Value) -> Result<Option<Array>> {
    match v {
        Value::None => Ok(None),
        other => Ok(Some(as_array(other)?)),
    }
}

fn diff(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let n = int_arg(a.get(1))?;
    let axis = int_arg(a.get(2))? as isize;
    let pre = opt_array(a.get(3))?;
    let app = opt_array(a.get(4))?;
    Ok(wrap(m::diff(&x, n, axis, pre.as_ref(), app.as_ref())?))
}

fn ediff1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let end = opt_array(a.get(1))?;
    let begin = opt_array(a.get(2))?;
    Ok(wrap(m::ediff1d(&x, end.as_ref(), begin.as_ref())?))
}

fn broadcast_arrays(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs: Vec<Array> = a.rest.iter().map(as_array).collect::<Result<_>>()?;
    let out = m::broadcast_arrays(&xs)?;
    Ok(Value::tuple(out.into_iter().map(wrap).collect()))
}

fn append(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let v = as_array(a.get(1))?;
    Ok(wrap(m::append(&x, &v, opt_axis(a.get(2))?)?))
}

/// The length of the axis `insert`/`delete` work on.
fn axis_len(x: &Array, axis: Option<isize>) -> Result<usize> {
    match axis {
        None => Ok(x.size()),
        Some(ax) => Ok(x.shape()[xpush_npu::layout::normalize_axis(ax, x.ndim())?]),
    }
}

/// The positions a slice object selects on an axis of length `n`.
fn slice_positions(s: &crate::value::SliceObj, n: usize) -> Result<Vec<i64>> {
    let b = |v: &Value| -> Result<Option<isize>> { Ok(opt_int(v)?.map(|i| i as isize)) };
    let (start, step, count) =
        adjust_slice(n, b(&s.start)?, b(&s.stop)?, b(&s.step)?.unwrap_or(1))?;
    Ok((0..count as isize)
        .map(|k| (start + k * step) as i64)
        .collect())
}

fn not_int_index() -> Error {
    Error::index_error("arrays used as indices must be of integer (or boolean) type")
}

fn insert(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axis = opt_axis(a.get(3))?;
    let at = match a.get(1) {
        Value::Slice(s) => InsertAt::Many(slice_positions(s, axis_len(&x, axis)?)?),
        Value::Int(i) => InsertAt::One(*i, true),
        v => {
            let o = match v {
                Value::List(l) if l.borrow().is_empty() => {
                    Array::zeros(&[0], xpush_npu::DType::Int64)
                }
                _ => as_array(v)?,
            };
            if o.ndim() > 1 {
                return Err(Error::value_error(
                    "index array argument obj to insert must be one dimensional or scalar",
                ));
            }
            if !(o.dtype().is_integer() || o.dtype().is_bool() || o.size() == 0) {
                return Err(not_int_index());
            }
            let idx = m::i64s(&o)?;
            if idx.len() == 1 {
                InsertAt::One(idx[0], o.ndim() == 0)
            } else {
                InsertAt::Many(idx)
            }
        }
    };
    let v = as_array(a.get(2))?;
    Ok(wrap(m::insert(&x, at, &v, axis)?))
}

fn delete(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axis = opt_axis(a.get(2))?;
    let at = match a.get(1) {
        Value::Slice(s) => DeleteAt::Many(slice_positions(s, axis_len(&x, axis)?)?),
        Value::Int(i) => DeleteAt::Scalar(*i),
        v => {
            let o = match v {
                Value::List(l) if l.borrow().is_empty() => {
                    Array::zeros(&[0], xpush_npu::DType::Int64)
                }
                _ => as_array(v)?,
            };
            if o.dtype().is_bool() {
                if o.ndim() != 1 {
                    let n = axis_len(&x, axis)?;
                    return Err(Error::value_error(format!(
                        "boolean array argument obj to delete must be one dimensional and match the axis length of {n}"
                    )));
                }
                DeleteAt::Mask(o.to_vec::<bool>()?)
            } else if !(o.dtype().is_integer() || o.size() == 0) {
                return Err(not_int_index());
            } else if o.size() == 1 {
                DeleteAt::Scalar(m::i64s(&o)?[0])
            } else {
                DeleteAt::Many(m::i64s(&o)?)
            }
        }
    };
    Ok(wrap(m::delete(&x, at, axis)?))
}

fn resize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    Ok(wrap(m::resize(&x, &ints(a.get(1))?)?))
}

/// `a.resize(...)` reached as a method call: the interpreter runs
/// `name.resize(...)` statements itself ([`resize_in_place`]), and an
/// array reached any other way cannot change in place here.
fn ndarray_resize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    // NumPy's errors for the arguments and the array come first.
    let kwargs = [(std::rc::Rc::from("refcheck"), a.get(1).clone())];
    resize_in_place(&x, &a.rest, &kwargs, true)?;
    Err(Error::value_error(
        "xpush resizes an array in place only as a statement on the name that holds it (`a.resize(shape)`); use np.resize for a resized copy",
    ))
}

/// The array `ndarray.resize(*args, **kwargs)` makes of `x` in place of
/// it: `x`'s elements in memory order, cut or padded with zeros, in the
/// new shape (Fortran order for a Fortran-ordered `x`). `only_ref`: no
/// other value refers to `x` (else NumPy's refcheck error unless
/// `refcheck=False`, which xpush cannot honour for a shared array).
pub fn resize_in_place(
    x: &Array,
    args: &[Value],
    kwargs: &[(std::rc::Rc<str>, Value)],
    only_ref: bool,
) -> Result<Array> {
    let mut refcheck = true;
    for (k, v) in kwargs {
        match &**k {
            "refcheck" => refcheck = crate::ops::truthy(v)?,
            other => {
                return Err(Error::type_error(format!(
                    "'{other}' is an invalid keyword argument for this function"
                )))
            }
        }
    }
    let shape: Vec<i64> = match args {
        [] => return Ok(x.clone()),
        [one] => ints(one)?,
        many => many
            .iter()
            .map(crate::py::num::index_i64)
            .collect::<Result<_>>()?,
    };
    let l = x.layout();
    if !l.is_c_contiguous() && !l.is_f_contiguous() {
        return Err(Error::value_error(
            "resize only works on single-segment arrays",
        ));
    }
    if x.is_view() {
        return Err(Error::value_error(
            "cannot resize this array: it does not own its data",
        ));
    }
    if !only_ref {
        return Err(Error::value_error(if refcheck {
            "cannot resize an array that references or is referenced\nby another object in this way.\nUse the np.resize function to get a new resized copy or\n set refcheck=False to disable this check"
        } else {
            "xpush cannot resize an array other values refer to (refcheck=False); use np.resize for a resized copy"
        }));
    }
    if shape.iter().any(|&d| d < 0) {
        return Err(Error::value_error("negative dimensions not allowed"));
    }
    let n: usize = shape.iter().map(|&d| d as usize).product();
    let flat = super::order::ravel(x, super::order::Order::K)?;
    let kept = flat.slice_axis(0, Some(0), Some(n.min(flat.size()) as isize), 1)?;
    let data = if n > kept.size() {
        let zeros = Array::try_zeros(&[n - kept.size()], x.dtype())?.to_device(x.device())?;
        xpush_npu::ops::concatenate(&[kept, zeros], Some(0))?
    } else {
        xpush_npu::ops::copy(&kept)?
    };
    let dims: Vec<isize> = shape.iter().map(|&d| d as isize).collect();
    let order = if super::order::fortran_only(l) {
        super::order::Order::F
    } else {
        super::order::Order::C
    };
    super::order::reshape(&data, &dims, order)
}

fn trim_zeros(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let filt = a.get(0);
    let x = as_array(filt)?;
    let trim = match a.get(1) {
        Value::Str(s) => s.to_lowercase(),
        other => {
            return Err(Error::type_error(format!(
                "trim must be a str, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    if !["fb", "bf", "f", "b"].contains(&trim.as_str()) {
        return Err(Error::value_error(format!(
            "unexpected character(s) in `trim`: {}",
            crate::ops::repr(a.get(1))
        )));
    }
    let nd = x.ndim();
    let axes: Vec<usize> = match axes_arg(a.get(2))? {
        None => (0..nd).collect(),
        Some(v) => v
            .into_iter()
            .map(|ax| xpush_npu::layout::normalize_axis(ax, nd))
            .collect::<Result<_>>()?,
    };
    if axes.is_empty() {
        return Ok(filt.clone());
    }
    let bounds = sel::nonzero_bounds(&x)?;
    let all_zero = bounds.iter().all(|&(lo, hi)| lo == 0 && hi == 0);
    let cut = |d: usize| -> (Option<isize>, Option<isize>) {
        let (lo, hi) = bounds[d];
        if all_zero {
            return (Some(0), Some(0));
        }
        (
            trim.contains('f').then_some(lo as isize),
            trim.contains('b').then_some(hi as isize),
        )
    };
    if nd == 1 {
        let (lo, hi) = cut(0);
        if let Value::List(_) | Value::Tuple(_) = filt {
            let items = to_vec(filt)?;
            let n = items.len() as isize;
            let lo = lo.unwrap_or(0).clamp(0, n) as usize;
            let hi = (hi.unwrap_or(n).clamp(0, n) as usize).max(lo);
            let part = items[lo..hi].to_vec();
            return Ok(match filt {
                Value::Tuple(_) => Value::tuple(part),
                _ => Value::list(part),
            });
        }
    }
    let mut r = x;
    for d in axes {
        let (lo, hi) = cut(d);
        r = r.slice_axis(d, lo, hi, 1)?;
    }
    Ok(wrap(r))
}

/// An index function's `order=`: whether it is Fortran ('C' or 'F' only).
fn fortran(v: &Value) -> Result<bool> {
    Ok(super::order::Order::creation(v)? == super::order::Order::F)
}

fn unravel_index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let idx = match a.get(0) {
        Value::Float(_) => return Err(Error::type_error("only int indices permitted")),
        v => as_array(v)?,
    };
    let shape = shape_arg(a.get(1))?;
    let f = fortran(a.get(2))?;
    let out = sel::unravel_index(&idx, &shape, f)?;
    Ok(Value::tuple(
        out.into_iter().map(wrap_result).collect::<Result<_>>()?,
    ))
}

fn clip_mode(v: &Value) -> Result<ClipMode> {
    match v {
        Value::Str(s) => ClipMode::parse(s),
        other => Err(Error::type_error(format!(
            "clipmode must be a str, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

fn ravel_multi_index(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let multi: Vec<Array> = to_vec(a.get(0))?
        .iter()
        .map(as_array)
        .collect::<Result<_>>()?;
    let dims = shape_arg(a.get(1))?;
    let modes: Vec<ClipMode> = match a.get(2) {
        Value::Tuple(_) | Value::List(_) => to_vec(a.get(2))?
            .iter()
            .map(clip_mode)
            .collect::<Result<_>>()?,
        v => vec![clip_mode(v)?],
    };
    let f = fortran(a.get(3))?;
    wrap_result(sel::ravel_multi_index(&multi, &dims, &modes, f)?)
}
