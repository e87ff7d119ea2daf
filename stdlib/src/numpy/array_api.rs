//! The array API's linear algebra: `np.linalg.vector_norm`, `matrix_norm`,
//! `svdvals`, `diagonal`, `trace`, `cross`, `vecdot`, `tensordot`,
//! `tensorinv`, `tensorsolve`, and NumPy 2's `np.vecdot`, `np.matvec` and
//! `np.vecmat`. Each is NumPy's definition (numpy/linalg/_linalg.py,
//! numpy/_core/umath) over the entries it calls there, through
//! [`super::compose`].

use xpush_lang::ast::BinOp;

use super::compose::{bin, call_in, item, method, np, np_kw, shape_value, slice, truth};
use super::conv::{as_array, opt_int, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The entries (`numpy` and `numpy.linalg`).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::NORM, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "vector_norm", "(x, /, *, axis=None, keepdims=False, ord=2)", vector_norm,
        "The vector norm over axis (all elements for None; a tuple of axes counts as one vector).",
        ["np.linalg.vector_norm([3, 4])  # np.float64(5.0)", "np.linalg.vector_norm([[1, 2], [3, 4]], ord=1, axis=1)  # array([3., 7.])"]),
    entry!(npu = crate::coverage::how::NORM, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "matrix_norm", "(x, /, *, keepdims=False, ord='fro')", matrix_norm,
        "The matrix norm of the last two axes (Frobenius by default).",
        ["np.linalg.matrix_norm([[3, 0], [0, 4]])  # np.float64(5.0)"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "svdvals", "(x, /)", svdvals,
        "The singular values of the last two axes, largest first.",
        ["np.linalg.svdvals([[3, 0], [0, 4]])  # array([4., 3.])"]),
    entry!(npu = crate::coverage::how::COPY, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "diagonal", "(x, /, *, offset=0)", diagonal,
        "The diagonals of the last two axes, as a view.",
        ["np.linalg.diagonal([[1, 2], [3, 4]])  # array([1, 4])"]),
    entry!(npu = crate::coverage::how::TRACE, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "trace", "(x, /, *, offset=0, dtype=None)", trace,
        "The sums along the diagonals of the last two axes.",
        ["np.linalg.trace([[1, 2], [3, 4]])  # np.int64(5)"]),
    entry!(npu = crate::coverage::how::CROSS, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "cross", "(x1, x2, /, *, axis=-1)", cross,
        "The cross product of 3-element vectors along axis.",
        ["np.linalg.cross([1, 0, 0], [0, 1, 0])  # array([0, 0, 1])", "np.linalg.cross([1, 0], [0, 1])  # ValueError: Both input arrays must be (arrays of) 3-dimensional vectors, but they are 2 and 2 dimensional instead."]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "vecdot", "(x1, x2, /, *, axis=-1)", vecdot_linalg,
        "The dot product of vectors along axis (the first conjugated), broadcast over the rest.",
        ["np.linalg.vecdot([1, 2, 3], [4, 5, 6])  # np.int64(32)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "tensordot", "(x1, x2, /, *, axes=2)", tensordot,
        "np.tensordot with the array API's keyword-only axes.",
        ["np.linalg.tensordot(np.ones((2, 3)), np.ones((3, 2)), axes=1)  # array([[3., 3.],\n       [3., 3.]])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "tensorinv", "(a, ind=2)", tensorinv,
        "The inverse of a tensor over its first ind axes (tensordot(tensorinv(a), a, ind) is the identity).",
        ["np.linalg.tensorinv(np.eye(4).reshape(4, 2, 2), ind=1).shape  # (2, 2, 4)"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy.linalg", "tensorsolve", "(a, b, axes=None)", tensorsolve,
        "The x with tensordot(a, x, x.ndim) == b.",
        ["np.linalg.tensorsolve(np.eye(4).reshape(2, 2, 2, 2), np.ones((2, 2)))  # array([[1., 1.],\n       [1., 1.]])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "vecdot", "(x1, x2, /, out=None, *, axis=-1)", vecdot,
        "The dot product of vectors along the last axis (the first conjugated), broadcast over the rest.",
        ["np.vecdot([[1, 2], [3, 4]], [1, 1])  # array([3, 7])", "np.vecdot([1j], [1j])  # np.complex128(1+0j)"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "matvec", "(x1, x2, /, out=None)", matvec,
        "Matrix times vector over the last axes, broadcast over the rest.",
        ["np.matvec([[1, 2], [3, 4]], [1, 1])  # array([3, 7])"]),
    entry!(npu = crate::coverage::how::MATMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "vecmat", "(x1, x2, /, out=None)", vecmat,
        "Vector (conjugated) times matrix over the last axes, broadcast over the rest.",
        ["np.vecmat([1, 1], [[1, 2], [3, 4]])  # array([4, 6])"]),
];

fn linalg(
    host: &mut dyn Host,
    name: &str,
    args: Vec<Value>,
    kw: &[(&str, Value)],
) -> Result<Value> {
    call_in(host, "numpy.linalg", name, args, kw)
}

fn vector_norm(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let shape: Vec<usize> = x.shape().to_vec();
    let axis = a.get(1).clone();
    let ord = a.get(3).clone();
    let xv = wrap(x.clone());
    let (flat, along) = match &axis {
        Value::None => (method(host, &xv, "ravel", Vec::new())?, 0i64),
        Value::Tuple(_) => {
            // The axes moved to the front and merged into one.
            let axes = super::manip::axis_tuple(&axis, shape.len(), None)?;
            let rest: Vec<usize> = (0..shape.len()).filter(|i| !axes.contains(i)).collect();
            let order: Vec<Value> = axes
                .iter()
                .chain(&rest)
                .map(|&i| Value::Int(i as i64))
                .collect();
            let t = np(host, "transpose", vec![xv, Value::tuple(order)])?;
            let mut newshape = vec![axes.iter().map(|&i| shape[i]).product::<usize>()];
            newshape.extend(rest.iter().map(|&i| shape[i]));
            (
                method(host, &t, "reshape", vec![shape_value(&newshape)])?,
                0,
            )
        }
        other => (xv, crate::py::num::index_i64(other)?),
    };
    let res = linalg(
        host,
        "norm",
        vec![flat],
        &[("axis", Value::Int(along)), ("ord", ord)],
    )?;
    if !truth(a.get(2))? {
        return Ok(res);
    }
    let kept = match &axis {
        Value::None => (0..shape.len()).collect(),
        other => super::manip::axis_tuple(other, shape.len(), None)?,
    };
    let mut new_shape = shape;
    for i in kept {
        new_shape[i] = 1;
    }
    method(host, &res, "reshape", vec![shape_value(&new_shape)])
}

fn matrix_norm(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = wrap(as_array(a.get(0))?);
    let axes = Value::tuple(vec![Value::Int(-2), Value::Int(-1)]);
    linalg(
        host,
        "norm",
        vec![x],
        &[
            ("axis", axes),
            ("keepdims", a.get(1).clone()),
            ("ord", a.get(2).clone()),
        ],
    )
}

fn svdvals(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    linalg(
        host,
        "svd",
        vec![a.get(0).clone()],
        &[
            ("compute_uv", Value::Bool(false)),
            ("hermitian", Value::Bool(false)),
        ],
    )
}

fn diagonal(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(
        host,
        "diagonal",
        vec![
            a.get(0).clone(),
            a.get(1).clone(),
            Value::Int(-2),
            Value::Int(-1),
        ],
    )
}

fn trace(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(
        host,
        "trace",
        vec![
            a.get(0).clone(),
            a.get(1).clone(),
            Value::Int(-2),
            Value::Int(-1),
            a.get(2).clone(),
        ],
    )
}

/// The length of axis `axis` of `x` (NumPy's IndexError when out of range).
fn axis_len(x: &xpush_npu::Array, axis: i64) -> Result<usize> {
    let nd = x.ndim() as i64;
    let i = if axis < 0 { axis + nd } else { axis };
    if i < 0 || i >= nd {
        return Err(Error::new(ExcKind::IndexError, "tuple index out of range"));
    }
    Ok(x.shape()[i as usize])
}

fn cross(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x1, x2) = (as_array(a.get(0))?, as_array(a.get(1))?);
    let axis = opt_int(a.get(2))?.unwrap_or(-1);
    let (n1, n2) = (axis_len(&x1, axis)?, axis_len(&x2, axis)?);
    if n1 != 3 || n2 != 3 {
        return Err(Error::value_error(format!(
            "Both input arrays must be (arrays of) 3-dimensional vectors, but they are {n1} and {n2} dimensional instead."
        )));
    }
    np_kw(
        host,
        "cross",
        vec![wrap(x1), wrap(x2)],
        &[("axis", Value::Int(axis))],
    )
}

fn vecdot_linalg(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np_kw(
        host,
        "vecdot",
        vec![a.get(0).clone(), a.get(1).clone()],
        &[("axis", a.get(2).clone())],
    )
}

fn tensordot(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np_kw(
        host,
        "tensordot",
        vec![a.get(0).clone(), a.get(1).clone()],
        &[("axes", a.get(2).clone())],
    )
}

fn tensorinv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let ind = opt_int(a.get(1))?.unwrap_or(2);
    if ind <= 0 {
        return Err(Error::value_error("Invalid ind argument."));
    }
    let shape = x.shape().to_vec();
    let ind = (ind as usize).min(shape.len());
    let mut invshape: Vec<usize> = shape[ind..].to_vec();
    invshape.extend_from_slice(&shape[..ind]);
    let prod: usize = shape[ind..].iter().product();
    let flat = method(
        host,
        &wrap(x),
        "reshape",
        vec![Value::Int(prod as i64), Value::Int(-1)],
    )?;
    let inv = linalg(host, "inv", vec![flat], &[])?;
    method(host, &inv, "reshape", vec![shape_value(&invshape)])
}

fn tensorsolve(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut x = wrap(as_array(a.get(0))?);
    let b = as_array(a.get(1))?;
    let an = as_array(&x)?.ndim();
    if !matches!(a.get(2), Value::None) {
        let mut all: Vec<i64> = (0..an as i64).collect();
        for k in crate::py::iter::to_vec(a.get(2))? {
            let k = crate::py::num::index_i64(&k)?;
            let at = all
                .iter()
                .position(|&v| v == k)
                .ok_or_else(|| Error::value_error("list.remove(x): x not in list"))?;
            all.remove(at);
            all.push(k);
        }
        let order = Value::tuple(all.into_iter().map(Value::Int).collect());
        x = method(host, &x, "transpose", vec![order])?;
    }
    let xa = as_array(&x)?;
    let shape = xa.shape();
    // NumPy's `a.shape[-(an - b.ndim):]`: the whole shape when they are equal.
    let old = if an > b.ndim() {
        shape[b.ndim()..].to_vec()
    } else {
        shape.to_vec()
    };
    let prod: usize = old.iter().product();
    if xa.size() != prod * prod {
        return Err(Error::new(
            ExcKind::LinAlgError,
            "Input arrays must satisfy the requirement             prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])",
        ));
    }
    let square = method(
        host,
        &x,
        "reshape",
        vec![Value::Int(prod as i64), Value::Int(prod as i64)],
    )?;
    let rhs = method(host, &wrap(b), "ravel", Vec::new())?;
    let res = linalg(host, "solve", vec![square, rhs], &[])?;
    method(host, &res, "reshape", vec![shape_value(&old)])
}

/// `out` filled with `r` and returned, or `r` when there is no `out`.
fn deliver(host: &mut dyn Host, r: Value, out: &Value) -> Result<Value> {
    if matches!(out, Value::None) {
        return Ok(r);
    }
    np(host, "copyto", vec![out.clone(), r])?;
    Ok(out.clone())
}

/// `sum(conj(x1) * x2, axis)`, as NumPy's `vecdot` gufunc computes it.
fn vecdot(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x1 = np(host, "conjugate", vec![a.get(0).clone()])?;
    let axis = opt_int(a.get(3))?.unwrap_or(-1);
    let x2 = a.get(1).clone();
    check_core(&x1, &x2, axis, axis, "vecdot")?;
    let prod = bin(BinOp::Mul, &x1, &x2)?;
    let r = np_kw(host, "sum", vec![prod], &[("axis", Value::Int(axis))])?;
    deliver(host, r, a.get(2))
}

/// The core dimensions of a gufunc match (NumPy's message otherwise).
fn check_core(x1: &Value, x2: &Value, ax1: i64, ax2: i64, name: &str) -> Result<()> {
    let (a1, a2) = (as_array(x1)?, as_array(x2)?);
    if a1.ndim() == 0 || a2.ndim() == 0 {
        return Err(Error::value_error(format!(
            "{name}: Input operand {} does not have enough dimensions (has 0, gufunc core with signature {} requires {})",
            if a1.ndim() == 0 { 0 } else { 1 },
            signature(name),
            if name == "vecdot" { 1 } else { 2 }
        )));
    }
    let (n1, n2) = (axis_len(&a1, ax1)?, axis_len(&a2, ax2)?);
    if n1 != n2 {
        return Err(Error::value_error(format!(
            "{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature {} (size {n2} is different from {n1})",
            signature(name)
        )));
    }
    Ok(())
}

fn signature(name: &str) -> &'static str {
    match name {
        "matvec" => "(m,n),(n)->(m)",
        "vecmat" => "(n),(n,m)->(m)",
        _ => "(n),(n)->()",
    }
}

/// `sum(x1 * x2[..., None, :], -1)`.
fn matvec(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x1, x2) = (a.get(0).clone(), a.get(1).clone());
    check_core(&x1, &x2, -1, -1, "matvec")?;
    if as_array(&x1)?.ndim() < 2 {
        return Err(Error::value_error(
            "matvec: Input operand 0 does not have enough dimensions (has 1, gufunc core with signature (m,n),(n)->(m) requires 2)",
        ));
    }
    let v = item(
        &wrap(as_array(&x2)?),
        Value::tuple(vec![Value::Ellipsis, Value::None, slice(None, None, None)]),
    )?;
    let r = np_kw(
        host,
        "sum",
        vec![bin(BinOp::Mul, &x1, &v)?],
        &[("axis", Value::Int(-1))],
    )?;
    deliver(host, r, a.get(2))
}

/// `sum(conj(x1)[..., :, None] * x2, -2)`.
fn vecmat(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x1 = np(host, "conjugate", vec![a.get(0).clone()])?;
    let x2 = a.get(1).clone();
    check_core(&x1, &x2, -1, -2, "vecmat")?;
    let v = item(
        &x1,
        Value::tuple(vec![Value::Ellipsis, slice(None, None, None), Value::None]),
    )?;
    let r = np_kw(
        host,
        "sum",
        vec![bin(BinOp::Mul, &v, &x2)?],
        &[("axis", Value::Int(-2))],
    )?;
    deliver(host, r, a.get(2))
}
