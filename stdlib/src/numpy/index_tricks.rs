//! NumPy's index tricks: the objects indexed to build arrays and index
//! tuples, `np.mgrid`, `np.ogrid`, `np.r_`, `np.c_`, `np.s_` and
//! `np.index_exp`. Each `obj[key]` follows NumPy's `nd_grid`,
//! `AxisConcatenator` and `IndexExpression` (numpy/lib/_index_tricks_impl.py)
//! step by step, composed of the entries they call there (`arange`,
//! `linspace`, `indices`, `concatenate`, ...).

use std::rc::Rc;

use xpush_lang::ast::BinOp;

use super::compose::{bin, item, method, np, np_kw};
use super::conv::as_array;
use crate::host::{Host, QuietHost};
use crate::value::{Object, SliceObj, Value};
use crate::{Error, ExcKind, Result};

/// Which index-trick object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexTrick {
    /// `np.mgrid`: a dense mesh grid.
    MGrid,
    /// `np.ogrid`: an open (sparse) mesh grid.
    OGrid,
    /// `np.r_`: concatenation along the first axis.
    R,
    /// `np.c_`: concatenation along the last axis, 1-d arrays as columns.
    C,
    /// `np.s_`: the index as written.
    S,
    /// `np.index_exp`: the index as a tuple.
    IndexExp,
}

impl IndexTrick {
    /// Every object with its name in `numpy`.
    pub const ALL: [(&'static str, IndexTrick); 6] = [
        ("mgrid", IndexTrick::MGrid),
        ("ogrid", IndexTrick::OGrid),
        ("r_", IndexTrick::R),
        ("c_", IndexTrick::C),
        ("s_", IndexTrick::S),
        ("index_exp", IndexTrick::IndexExp),
    ];

    /// NumPy's class of the object (`numpy.lib._index_tricks_impl.MGridClass`).
    pub fn type_name(self) -> &'static str {
        match self {
            IndexTrick::MGrid => "numpy.lib._index_tricks_impl.MGridClass",
            IndexTrick::OGrid => "numpy.lib._index_tricks_impl.OGridClass",
            IndexTrick::R => "numpy.lib._index_tricks_impl.RClass",
            IndexTrick::C => "numpy.lib._index_tricks_impl.CClass",
            IndexTrick::S | IndexTrick::IndexExp => "numpy.lib._index_tricks_impl.IndexExpression",
        }
    }

    /// What `:help np.NAME` says: the use and an example with NumPy's output.
    pub fn help(self) -> &'static str {
        match self {
            IndexTrick::MGrid => "np.mgrid[slices]\n    A dense mesh grid: one array per slice, stacked; a complex step \
(5j) counts points, ends included.\n    >>> np.mgrid[0:2, 0:3]\n    array([[[0, 0, 0],\n            [1, 1, 1]],\n\n           [[0, 1, 2],\n            [0, 1, 2]]])",
            IndexTrick::OGrid => "np.ogrid[slices]\n    An open mesh grid: one array per slice, each shaped to broadcast \
along its own axis.\n    >>> np.ogrid[0:2, 0:3]\n    (array([[0],\n           [1]]), array([[0, 1, 2]]))",
            IndexTrick::R => "np.r_[items]\n    Slices (as arange, or linspace for a complex step), scalars and \
arrays joined along the first axis; a leading 'axis,ndmin,trans1d' string changes how.\n    >>> np.r_[1:4, 0, [7, 8]]\n    array([1, 2, 3, 0, 7, 8])",
            IndexTrick::C => "np.c_[items]\n    As np.r_, joined along the last axis with 1-d items as columns.\n    \
>>> np.c_[[1, 2], [3, 4]]\n    array([[1, 3],\n           [2, 4]])",
            IndexTrick::S => "np.s_[index]\n    The index as written (slices, tuples), to keep or pass around.\n    \
>>> np.s_[2::2]\n    slice(2, None, 2)",
            IndexTrick::IndexExp => "np.index_exp[index]\n    The index as a tuple.\n    >>> np.index_exp[2::2]\n    \
(slice(2, None, 2),)",
        }
    }

    /// The object named `name` in `numpy`.
    pub fn named(name: &str) -> Option<IndexTrick> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }

    /// The object as a value.
    pub fn value(self) -> Value {
        Value::Object(Rc::new(Object::IndexTrick(self)))
    }
}

/// `obj[key]` for an index-trick object (any other object is not subscriptable).
pub fn getitem(obj: &Object, key: &Value) -> Result<Value> {
    let Object::IndexTrick(trick) = obj else {
        return Err(Error::type_error(format!(
            "'{}' object is not subscriptable",
            obj.type_name()
        )));
    };
    // The entries these objects call need a host only to print warnings.
    let host: &mut dyn Host = &mut QuietHost;
    match *trick {
        IndexTrick::S => Ok(key.clone()),
        IndexTrick::IndexExp => Ok(match key {
            Value::Tuple(_) => key.clone(),
            other => Value::tuple(vec![other.clone()]),
        }),
        IndexTrick::MGrid => grid(host, key, false),
        IndexTrick::OGrid => grid(host, key, true),
        IndexTrick::R => concatenator(host, key, Concat::R),
        IndexTrick::C => concatenator(host, key, Concat::C),
    }
}

/// Whether a step asks for a number of points (`5j`).
fn is_complex(v: &Value) -> bool {
    match v {
        Value::Complex(_) => true,
        Value::Scalar(s) => s.dtype().is_complex(),
        _ => false,
    }
}

/// `abs(v)` with Python's semantics.
fn py_abs(host: &mut dyn Host, v: &Value) -> Result<Value> {
    let id = crate::table::lookup_builtin("abs").ok_or_else(|| Error::type_error("abs"))?;
    crate::table::call(host, id, vec![v.clone()], Vec::new())
}

/// `int(v)` with Python's semantics (truncation of floats).
fn py_int(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let id = crate::table::lookup_builtin("int").ok_or_else(|| Error::type_error("int"))?;
    let i = crate::table::call(host, id, vec![v.clone()], Vec::new())?;
    crate::py::num::index_i64(&i)
}

/// `math.ceil(v)`.
fn ceil(host: &mut dyn Host, v: &Value) -> Result<i64> {
    let i = super::compose::call_in(host, "math", "ceil", vec![v.clone()], &[])?;
    crate::py::num::index_i64(&i)
}

/// A slice's `(start, stop, step)` with start defaulting to 0 and, when
/// `default_step`, step to 1.
fn parts(s: &SliceObj, default_step: bool) -> (Value, Value, Value) {
    let start = match &s.start {
        Value::None => Value::Int(0),
        v => v.clone(),
    };
    let step = match (&s.step, default_step) {
        (Value::None, true) => Value::Int(1),
        (v, _) => v.clone(),
    };
    (start, s.stop.clone(), step)
}

/// `nd_grid.__getitem__`: a mesh grid from slices (`5j` steps count points).
fn grid(host: &mut dyn Host, key: &Value, sparse: bool) -> Result<Value> {
    let Value::Tuple(keys) = key else {
        return grid_1d(host, key);
    };
    // NumPy falls back to the one-slice path on a TypeError or IndexError,
    // where a tuple has no `.step`.
    grid_nd(host, keys, sparse).map_err(|e| match e.kind() {
        ExcKind::TypeError | ExcKind::IndexError => {
            Error::attribute_error("'tuple' object has no attribute 'step'")
        }
        _ => e,
    })
}

/// `nd_grid.__getitem__` for a tuple of slices.
fn grid_nd(host: &mut dyn Host, keys: &[Value], sparse: bool) -> Result<Value> {
    let mut slices = Vec::with_capacity(keys.len());
    for k in keys.iter() {
        match k {
            Value::Slice(s) => slices.push(s.clone()),
            other => {
                return Err(Error::attribute_error(format!(
                    "'{}' object has no attribute 'step'",
                    crate::ops::type_name(other)
                )))
            }
        }
    }
    let mut size = Vec::with_capacity(slices.len());
    let mut nums = vec![Value::Int(0)];
    for s in &slices {
        let (start, stop, mut step) = parts(s, true);
        if is_complex(&step) {
            step = py_abs(host, &step)?;
            size.push(py_int(host, &step)?);
        } else {
            let span = bin(BinOp::Sub, &stop, &start)?;
            size.push(ceil(host, &bin(BinOp::Div, &span, &step)?)?);
        }
        nums.extend([start, stop, step]);
    }
    let typ = np(host, "result_type", nums)?;
    let size_v = Value::tuple(size.iter().map(|&n| Value::Int(n.max(0))).collect());
    let dense = if sparse {
        Value::None
    } else {
        np(host, "indices", vec![size_v, typ.clone()])?
    };
    let n = slices.len();
    let mut sparse_out = Vec::with_capacity(n);
    for (k, s) in slices.iter().enumerate() {
        let (start, stop, mut step) = parts(s, true);
        if is_complex(&step) {
            let magnitude = py_abs(host, &step)?;
            let points = py_int(host, &magnitude)?;
            step = Value::Int(points);
            if points != 1 {
                let span = bin(BinOp::Sub, &stop, &start)?;
                step = bin(BinOp::Div, &span, &Value::Float((points - 1) as f64))?;
            }
        }
        let axis = if sparse {
            np_kw(
                host,
                "arange",
                vec![Value::Int(size[k].max(0))],
                &[("dtype", typ.clone())],
            )?
        } else {
            item(&dense, Value::Int(k as i64))?
        };
        let scaled = bin(BinOp::Add, &bin(BinOp::Mul, &axis, &step)?, &start)?;
        if sparse {
            // Shaped to broadcast along its own axis only.
            let index: Vec<Value> = (0..n)
                .map(|j| {
                    if j == k {
                        super::compose::slice(None, None, None)
                    } else {
                        Value::None
                    }
                })
                .collect();
            sparse_out.push(item(&scaled, Value::tuple(index))?);
        } else {
            crate::ops::setitem(&dense, &Value::Int(k as i64), scaled)?;
        }
    }
    Ok(if sparse {
        Value::tuple(sparse_out)
    } else {
        dense
    })
}

/// One slice of `mgrid`/`ogrid`: `arange`, or `5j` points as `linspace` does.
fn grid_1d(host: &mut dyn Host, key: &Value) -> Result<Value> {
    let Value::Slice(s) = key else {
        return Err(Error::attribute_error(format!(
            "'{}' object has no attribute 'step'",
            crate::ops::type_name(key)
        )));
    };
    let (start, stop, step) = parts(s, false);
    if !is_complex(&step) {
        return np(host, "arange", vec![start, stop, step]);
    }
    let step_float = py_abs(host, &step)?;
    let length = py_int(host, &step_float)?;
    let mut step = Value::Int(length);
    if length != 1 {
        let span = bin(BinOp::Sub, &stop, &start)?;
        step = bin(BinOp::Div, &span, &Value::Float((length - 1) as f64))?;
    }
    let typ = np(host, "result_type", vec![start.clone(), stop, step_float])?;
    let base = np_kw(
        host,
        "arange",
        vec![Value::Int(0), Value::Int(length), Value::Int(1)],
        &[("dtype", typ)],
    )?;
    bin(BinOp::Add, &bin(BinOp::Mul, &base, &step)?, &start)
}

/// The two concatenators and their defaults.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Concat {
    R,
    C,
}

/// Whether `v`'s type is in NumPy's `ScalarType` (Python and NumPy scalars, str, bytes).
fn is_scalar_type(v: &Value) -> bool {
    matches!(
        v,
        Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::Bytes(_)
            | Value::Scalar(_)
    )
}

/// `AxisConcatenator.__getitem__` (`np.r_`, `np.c_`).
fn concatenator(host: &mut dyn Host, key: &Value, which: Concat) -> Result<Value> {
    if matches!(key, Value::Str(_)) {
        return Err(not_available_matrix());
    }
    let items: Vec<Value> = match key {
        Value::Tuple(t) => t.to_vec(),
        other => vec![other.clone()],
    };
    let (mut axis, mut ndmin, mut trans1d) = match which {
        Concat::R => (0i64, 1i64, -1i64),
        Concat::C => (-1, 2, 0),
    };
    let mut objs: Vec<Value> = Vec::new();
    let mut kinds: Vec<Value> = Vec::new();
    for (k, it) in items.iter().enumerate() {
        let newobj = match it {
            Value::Slice(s) => {
                let (start, stop, step) = parts(s, true);
                let mut obj = if is_complex(&step) {
                    let magnitude = py_abs(host, &step)?;
                    let size = py_int(host, &magnitude)?;
                    np_kw(
                        host,
                        "linspace",
                        vec![start, stop],
                        &[("num", Value::Int(size))],
                    )?
                } else {
                    np(host, "arange", vec![start, stop, step])?
                };
                if ndmin > 1 {
                    obj = np_kw(host, "array", vec![obj], &[("ndmin", Value::Int(ndmin))])?;
                    if trans1d != -1 {
                        obj = method(
                            host,
                            &obj,
                            "swapaxes",
                            vec![Value::Int(-1), Value::Int(trans1d)],
                        )?;
                    }
                }
                obj
            }
            Value::Str(d) => {
                if k != 0 {
                    return Err(Error::value_error(
                        "special directives must be the first entry.",
                    ));
                }
                if &**d == "r" || &**d == "c" {
                    return Err(not_available_matrix());
                }
                if d.contains(',') {
                    // 'axis,ndmin[,trans1d]' (parts after the third are ignored).
                    let vec: Vec<&str> = d.split(',').collect();
                    let first = python_int(vec[0]).zip(vec.get(1).and_then(|x| python_int(x)));
                    let third = match vec.len() {
                        3 => python_int(vec[2]).map(Some),
                        _ => Some(None),
                    };
                    match (first, third) {
                        (Some((a, n)), Some(t)) => {
                            axis = a;
                            ndmin = n;
                            if let Some(t) = t {
                                trans1d = t;
                            }
                            continue;
                        }
                        _ => {
                            return Err(Error::value_error(format!(
                                "unknown special directive {}",
                                crate::ops::repr(it)
                            )))
                        }
                    }
                }
                match python_int(d) {
                    Some(a) => {
                        axis = a;
                        continue;
                    }
                    None => return Err(Error::value_error("unknown special directive")),
                }
            }
            v if is_scalar_type(v) => {
                objs.push(v.clone());
                kinds.push(v.clone());
                continue;
            }
            v => {
                let item_ndim = np(host, "ndim", vec![v.clone()])?;
                let item_ndim = crate::py::num::index_i64(&item_ndim)?;
                let mut obj = np_kw(
                    host,
                    "array",
                    vec![v.clone()],
                    &[("ndmin", Value::Int(ndmin))],
                )?;
                if trans1d != -1 && item_ndim < ndmin {
                    let k2 = ndmin - item_ndim;
                    let mut k1 = trans1d;
                    if k1 < 0 {
                        k1 += k2 + 1;
                    }
                    let (k1, k2) = (k1.clamp(0, ndmin) as usize, k2.clamp(0, ndmin) as usize);
                    let def: Vec<i64> = (0..ndmin).collect();
                    let mut axes: Vec<i64> = def[..k1.min(def.len())].to_vec();
                    axes.extend_from_slice(&def[k2..]);
                    if k1 < k2 {
                        axes.extend_from_slice(&def[k1..k2]);
                    }
                    let axes = Value::tuple(axes.into_iter().map(Value::Int).collect());
                    obj = method(host, &obj, "transpose", vec![axes])?;
                }
                obj
            }
        };
        kinds.push(Value::DType(as_array(&newobj)?.dtype()));
        objs.push(newobj);
    }
    if !kinds.is_empty() {
        let dt = np(host, "result_type", kinds)?;
        objs = objs
            .into_iter()
            .map(|o| {
                np_kw(
                    host,
                    "array",
                    vec![o],
                    &[("ndmin", Value::Int(ndmin)), ("dtype", dt.clone())],
                )
            })
            .collect::<Result<_>>()?;
    }
    np_kw(
        host,
        "concatenate",
        vec![Value::tuple(objs)],
        &[("axis", Value::Int(axis))],
    )
}

/// `int(s)` of a directive part as Python parses it (spaces and `_` allowed).
fn python_int(s: &str) -> Option<i64> {
    let t = s.trim();
    if t.starts_with('_') || t.ends_with('_') || t.contains("__") {
        return None;
    }
    t.replace('_', "").parse().ok()
}

fn not_available_matrix() -> Error {
    Error::new(
        ExcKind::NotImplementedError,
        "np.matrix is not available yet (the 'r'/'c' directives and string keys of np.r_ build one)",
    )
}

/// `np.ndindex` and `np.ndenumerate` (numpy module).
pub const FUNCS: &[crate::table::FuncDef] = &[
    crate::entry!(
        Function,
        NumpyManip,
        "numpy",
        "ndindex",
        "(*shape)",
        ndindex,
        "An iterator over every index tuple of a shape, in C order.",
        ["list(np.ndindex(2, 2))  # [(0, 0), (0, 1), (1, 0), (1, 1)]"]
    ),
    crate::entry!(
        Function,
        NumpyManip,
        "numpy",
        "ndenumerate",
        "(arr)",
        ndenumerate,
        "An iterator over (index tuple, element) pairs of an array, in C order.",
        ["list(np.ndenumerate([[5, 6]]))  # [((0, 0), np.int64(5)), ((0, 1), np.int64(6))]"]
    ),
];

/// Every index tuple of `shape` in C order.
fn index_tuples(shape: &[usize]) -> Vec<Value> {
    super::compose::c_order_indices(shape)
        .into_iter()
        .map(|idx| Value::tuple(idx.into_iter().map(|i| Value::Int(i as i64)).collect()))
        .collect()
}

/// An iterator object of NumPy type `name` over `items`.
fn iterator(name: &'static str, items: Vec<Value>) -> Result<Value> {
    let state = crate::py::lazy::IterState::Items(crate::py::iter::iterate(&Value::list(items))?);
    Ok(crate::py::lazy::IterObj::value(name, state))
}

fn ndindex(_: &mut dyn Host, a: &mut crate::bind::Args) -> Result<Value> {
    // One tuple argument is the shape itself.
    let shape_v = match a.rest.as_slice() {
        [one @ (Value::Tuple(_) | Value::List(_))] => one.clone(),
        rest => Value::tuple(rest.to_vec()),
    };
    let shape = super::conv::shape_arg(&shape_v)?;
    iterator("numpy.ndindex", index_tuples(&shape))
}

fn ndenumerate(_: &mut dyn Host, a: &mut crate::bind::Args) -> Result<Value> {
    let x = super::conv::wrap(as_array(a.get(0))?);
    let shape = as_array(&x)?.shape().to_vec();
    let pairs = index_tuples(&shape)
        .into_iter()
        .map(|idx| Ok(Value::tuple(vec![idx.clone(), item(&x, idx)?])))
        .collect::<Result<Vec<_>>>()?;
    iterator("numpy.ndenumerate", pairs)
}
