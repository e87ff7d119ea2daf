//! Shape functions (`reshape`, `ravel`, `transpose`, `swapaxes`,
//! `squeeze`, `expand_dims`, `broadcast_to`, `shape`, `ndim`, `size`),
//! joining (`concatenate`, `stack`, `vstack`, `hstack`), selection
//! (`where`) and comparison helpers (`isclose`, `allclose`,
//! `array_equal`), composed from npu dispatch and layout views.

use xpush_npu::ops::{self as nops, BinaryOp, Operand, ReduceOp, ReduceOpts, UnaryOp};
use xpush_npu::Array;

use super::conv::{arg, as_array, opt_int, reshape_dims, wrap, wrap_result};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::iter::to_vec;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// Shape, joining, selection and comparison functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy", "flip", "(m, axis=None)", flip,
        "The elements reversed along the given axes (all by default), as a view.",
        ["np.flip([[1, 2], [3, 4]])  # array([[4, 3],\n       [2, 1]])", "np.flip([[1, 2], [3, 4]], axis=1)  # array([[2, 1],\n       [4, 3]])"]),
    entry!(Function, NumpyManip, "numpy", "fliplr", "(m)", fliplr,
        "Columns reversed (axis 1), as a view.", ["np.fliplr([[1, 2]])  # array([[2, 1]])"]),
    entry!(Function, NumpyManip, "numpy", "flipud", "(m)", flipud,
        "Rows reversed (axis 0), as a view.", ["np.flipud([1, 2])  # array([2, 1])"]),
    entry!(Function, NumpyManip, "numpy", "moveaxis", "(a, source, destination)", moveaxis,
        "An axis moved to a new position, as a view.", ["np.moveaxis(np.zeros((2, 3, 4)), 0, -1).shape  # (3, 4, 2)"]),
    entry!(Function, NumpyManip, "numpy", "atleast_1d", "(*arys)", atleast_1d,
        "The input as an array of at least 1 dimension.", ["np.atleast_1d(5)  # array([5])"]),
    entry!(Function, NumpyManip, "numpy", "atleast_2d", "(*arys)", atleast_2d,
        "The input as an array of at least 2 dimensions.", ["np.atleast_2d([1, 2])  # array([[1, 2]])"]),
    entry!(Function, NumpyManip, "numpy", "atleast_3d", "(*arys)", atleast_3d,
        "The input as an array of at least 3 dimensions.", ["np.atleast_3d([1, 2]).shape  # (1, 2, 1)"]),
    entry!(Function, NumpyTypes, "numpy", "isscalar", "(element)", isscalar,
        "Whether the value is a scalar (a Python number or str, or a NumPy scalar).",
        ["np.isscalar(1.5)  # True", "np.isscalar(np.array(1.5))  # False", "np.isscalar(np.int8(1))  # True"]),
    entry!(Function, NumpyTypes, "numpy", "iscomplexobj", "(x)", iscomplexobj,
        "Whether the input has a complex dtype.", ["np.iscomplexobj([1, 2j])  # True"]),
    entry!(Function, NumpyTypes, "numpy", "isrealobj", "(x)", isrealobj,
        "Whether the input does not have a complex dtype.", ["np.isrealobj([1.5])  # True"]),
    entry!(Function, NumpyManip, "numpy", "reshape", "(a, /, shape, order='C', *, copy=None)", reshape,
        "The same data in a new shape (one dimension may be -1), in C or Fortran order (order='F'); a view when possible (see ndarray.reshape).",
        ["np.reshape(np.arange(4), (2, 2))  # array([[0, 1],\n       [2, 3]])"]),
    entry!(Function, NumpyManip, "numpy", "ravel", "(a, order='C')", ravel,
        "The elements as a 1-d array (a view when possible), in C order or the `order=` of `ndarray.ravel`.",
        ["np.ravel([[1, 2], [3, 4]])  # array([1, 2, 3, 4])", "np.ravel([[1, 2], [3, 4]], 'F')  # array([1, 3, 2, 4])"]),
    entry!(Function, NumpyManip, "numpy", "transpose", "(a, axes=None)", transpose,
        "The axes permuted (reversed by default), as a view.", ["np.transpose([[1, 2]])  # array([[1],\n       [2]])"]),
    entry!(Function, NumpyManip, "numpy", "swapaxes", "(a, axis1, axis2)", swapaxes,
        "Two axes interchanged, as a view.", ["np.swapaxes(np.zeros((2, 3)), 0, 1).shape  # (3, 2)"]),
    entry!(Function, NumpyManip, "numpy", "squeeze", "(a, axis=None)", squeeze,
        "Length-1 axes removed, as a view.", ["np.squeeze([[1], [2]])  # array([1, 2])"]),
    entry!(Function, NumpyManip, "numpy", "expand_dims", "(a, axis)", expand_dims,
        "Length-1 axes inserted at the given position (or positions of the result), as a view.", ["np.expand_dims([1, 2], 0)  # array([[1, 2]])", "np.expand_dims([1, 2], (0, 2)).shape  # (1, 2, 1)"]),
    entry!(Function, NumpyManip, "numpy", "broadcast_to", "(array, shape)", broadcast_to,
        "A read-only view broadcast to a shape.", ["np.broadcast_to([1, 2], (2, 2))  # array([[1, 2],\n       [1, 2]])", "np.broadcast_to([1, 2], (3,))  # ValueError: operands could not be broadcast together with remapped shapes [original->remapped]: (2,)  and requested shape (3,)"]),
    entry!(Function, NumpyManip, "numpy", "shape", "(a)", shape,
        "The shape of an array or nested sequence.", ["np.shape([[1, 2, 3]])  # (1, 3)"]),
    entry!(Function, NumpyManip, "numpy", "ndim", "(a)", ndim,
        "The number of dimensions.", ["np.ndim(5)  # 0"]),
    entry!(Function, NumpyManip, "numpy", "size", "(a, axis=None)", size,
        "The number of elements (along the axes given).", ["np.size([[1, 2], [3, 4]])  # 4", "np.size(np.ones((2, 3, 4)), axis=(0, 2))  # 8"]),
    entry!(npu = crate::coverage::how::CONCAT, runs = Dispatch, Function, NumpyManip, "numpy", "concatenate", "(arrays, /, axis=0)", concatenate,
        "Join arrays along an existing axis (axis=None flattens them first).",
        ["np.concatenate(([1, 2], [3]))  # array([1, 2, 3])", "np.concatenate(([[1]], [[2]]), axis=1)  # array([[1, 2]])"]),
    entry!(npu = crate::coverage::how::CONCAT, runs = Dispatch, Function, NumpyManip, "numpy", "stack", "(arrays, axis=0)", stack,
        "Join arrays of one shape along a new axis.", ["np.stack(([1, 2], [3, 4]), axis=1)  # array([[1, 3],\n       [2, 4]])"]),
    entry!(npu = crate::coverage::how::CONCAT, runs = Dispatch, Function, NumpyManip, "numpy", "vstack", "(tup)", vstack,
        "Stack arrays vertically (rows; 1-d arrays become rows).", ["np.vstack(([1, 2], [3, 4]))  # array([[1, 2],\n       [3, 4]])"]),
    entry!(npu = crate::coverage::how::CONCAT, runs = Dispatch, Function, NumpyManip, "numpy", "hstack", "(tup)", hstack,
        "Stack arrays horizontally (columns; 1-d arrays are joined).", ["np.hstack(([1, 2], [3]))  # array([1, 2, 3])"]),
    entry!(npu = crate::coverage::how::WHERE, runs = Dispatch, Function, NumpyManip, "numpy", "where", "(condition, x=None, y=None)", where_,
        "Elements of x where condition is true, else of y (weak Python scalars allowed); with the condition alone, np.nonzero.",
        ["np.where([0, 1, 1])  # (array([1, 2]),)", "np.where([True, False], 1, 2.5)  # array([1. , 2.5])", "np.where([1, 2], 1)  # ValueError: either both or neither of x and y should be given"]),
    entry!(npu = crate::coverage::how::ISCLOSE, runs = Dispatch, Function, NumpyManip, "numpy", "isclose", "(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", isclose,
        "Whether |a - b| <= atol + rtol * |b|, elementwise (infinities must match).",
        ["np.isclose([1.0, 1.1], 1.0000001)  # array([ True, False])"]),
    entry!(npu = crate::coverage::how::ALLCLOSE, runs = Dispatch, Function, NumpyManip, "numpy", "allclose", "(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", allclose,
        "Whether every element is close (see np.isclose).", ["np.allclose([1e10, 1e-8], [1.00001e10, 1e-9])  # True"]),
    entry!(npu = crate::coverage::how::ARRAY_EQUAL, runs = Dispatch, Function, NumpyManip, "numpy", "array_equal", "(a1, a2, equal_nan=False)", array_equal,
        "Whether two arrays have the same shape and elements.",
        ["np.array_equal([1, 2], [1, 2])  # True", "np.array_equal([1, 2], [[1, 2]])  # False"]),
];

fn reshape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let dims = reshape_dims(std::slice::from_ref(a.get(1)))?;
    Ok(wrap(super::attrs::reshaped(&x, &dims, a.get(2), a.get(3))?))
}

fn ravel(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(wrap(super::attrs::ravel_in(
        &as_array(a.get(0))?,
        a.get(1),
    )?))
}

fn transpose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let perm = super::attrs::perm_arg(std::slice::from_ref(a.get(1)))?;
    Ok(wrap(x.transpose(perm.as_deref())?))
}

fn swapaxes(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let i = opt_int(a.get(1))?.unwrap_or(0) as isize;
    let j = opt_int(a.get(2))?.unwrap_or(0) as isize;
    Ok(wrap(x.with_layout(x.layout().swapaxes(i, j)?)))
}

fn squeeze(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    Ok(wrap(super::attrs::squeeze_of(&x, a.get(1))?))
}

fn expand(x: &Array, axis: isize) -> Result<Array> {
    Ok(x.with_layout(x.layout().expand_dims(axis)?))
}

fn expand_dims(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if let Value::List(_) | Value::Tuple(_) = a.get(1) {
        // Several new axes, placed in the result's dimensions.
        let n = x.ndim() + crate::py::iter::to_vec(a.get(1))?.len();
        let axes = axis_tuple(a.get(1), n, None)?;
        let mut old = x.shape().iter();
        let shape: Vec<isize> = (0..n)
            .map(|d| match axes.contains(&d) {
                true => 1,
                false => old.next().map_or(1, |&s| s as isize),
            })
            .collect();
        return Ok(wrap(x.reshape(&shape)?));
    }
    let axis = opt_int(a.get(1))?.unwrap_or(0) as isize;
    Ok(wrap(expand(&x, axis)?))
}

fn broadcast_to(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let shape = super::conv::shape_arg(a.get(1))?;
    // Read-only, as NumPy's: a write would land on many elements at once.
    Ok(wrap(x.broadcast_to(&shape)?.into_read_only()))
}

fn shape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    Ok(Value::tuple(
        x.shape().iter().map(|&d| Value::Int(d as i64)).collect(),
    ))
}

fn ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(as_array(a.get(0))?.ndim() as i64))
}

fn size(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if a.get(1).is_none() {
        return Ok(Value::Int(x.size() as i64));
    }
    // The product of the lengths of the axes given.
    let axes = axis_tuple(a.get(1), x.ndim(), None)?;
    Ok(Value::Int(
        axes.iter().map(|&d| x.shape()[d] as i64).product(),
    ))
}

/// The arrays of a sequence argument (the rows of an array).
pub(crate) fn arrays(v: &Value) -> Result<Vec<Array>> {
    if let Value::Array(x) = v {
        return (0..x.shape().first().copied().unwrap_or(0))
            .map(|i| x.index_axis(0, i as isize))
            .collect();
    }
    to_vec(v)?.iter().map(as_array).collect()
}

fn concatenate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs = arrays(a.get(0))?;
    let axis = opt_int(a.get(1))?.map(|i| i as isize);
    Ok(wrap(nops::concatenate(&xs, axis)?))
}

fn stack(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs = arrays(a.get(0))?;
    if xs.is_empty() {
        return Err(Error::value_error("need at least one array to stack"));
    }
    if xs.iter().any(|x| x.shape() != xs[0].shape()) {
        return Err(Error::value_error(
            "all input arrays must have the same shape",
        ));
    }
    let axis = opt_int(a.get(1))?.unwrap_or(0) as isize;
    let parts: Vec<Array> = xs.iter().map(|x| expand(x, axis)).collect::<Result<_>>()?;
    let nd = parts[0].ndim() as isize;
    let ax = if axis < 0 { axis + nd } else { axis };
    Ok(wrap(nops::concatenate(&parts, Some(ax))?))
}

fn at_least(x: Array, n: usize) -> Result<Array> {
    match (x.ndim(), n) {
        (0, _) => x.reshape(&vec![1; n]),
        (1, 2) => x.reshape(&[1, -1]),
        _ => Ok(x),
    }
}

fn vstack(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs: Vec<Array> = arrays(a.get(0))?
        .into_iter()
        .map(|x| at_least(x, 2))
        .collect::<Result<_>>()?;
    Ok(wrap(nops::concatenate(&xs, Some(0))?))
}

fn hstack(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let xs: Vec<Array> = arrays(a.get(0))?
        .into_iter()
        .map(|x| at_least(x, 1))
        .collect::<Result<_>>()?;
    let axis = if xs.first().is_some_and(|x| x.ndim() == 1) {
        0
    } else {
        1
    };
    Ok(wrap(nops::concatenate(&xs, Some(axis))?))
}

fn where_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cond = as_array(a.get(0))?;
    match (a.get(1), a.get(2)) {
        (Value::None, Value::None) => Ok(Value::tuple(
            xpush_npu::ops::select::nonzero(&cond)?
                .into_iter()
                .map(wrap)
                .collect(),
        )),
        (Value::None, _) | (_, Value::None) => Err(Error::value_error(
            "either both or neither of x and y should be given",
        )),
        (x, y) => {
            let (x, y) = (arg(x)?, arg(y)?);
            // NumPy's where returns an array, 0-d too (not a scalar).
            Ok(wrap(nops::where_(&cond, x.op(), y.op())?))
        }
    }
}

/// NumPy's isclose: `|x - y| <= atol + rtol * |y|` where `y` is finite,
/// or `x == y`; with `equal_nan`, NaNs in both count as close.
fn isclose_array(a: &Args) -> Result<Array> {
    let x = as_array(a.get(0))?;
    let y = as_array(a.get(1))?;
    let rtol = crate::py::num::to_f64(a.get(2))?;
    let atol = crate::py::num::to_f64(a.get(3))?;
    let dt = xpush_npu::promote::result_type(&[
        xpush_npu::promote::Operand::DType(y.dtype()),
        xpush_npu::promote::Operand::Weak(xpush_npu::promote::PyScalarKind::Float),
    ])?;
    let (x, y) = (nops::cast(&x, dt)?, nops::cast(&y, dt)?);
    let diff = nops::unary(
        UnaryOp::Absolute,
        &nops::binary(BinaryOp::Subtract, &x, &y)?,
    )?;
    let tol = nops::binary_op(
        BinaryOp::Multiply,
        Operand::PyFloat(rtol),
        Operand::Array(&nops::unary(UnaryOp::Absolute, &y)?),
    )?;
    let tol = nops::binary_op(BinaryOp::Add, Operand::PyFloat(atol), Operand::Array(&tol))?;
    let close = nops::binary(BinaryOp::LessEqual, &diff, &tol)?;
    let close = nops::binary(
        BinaryOp::LogicalAnd,
        &close,
        &nops::unary(UnaryOp::Isfinite, &y)?,
    )?;
    let mut r = nops::binary(
        BinaryOp::LogicalOr,
        &close,
        &nops::binary(BinaryOp::Equal, &x, &y)?,
    )?;
    if crate::ops::truthy(a.get(4))? {
        let both = nops::binary(
            BinaryOp::LogicalAnd,
            &nops::unary(UnaryOp::Isnan, &x)?,
            &nops::unary(UnaryOp::Isnan, &y)?,
        )?;
        r = nops::binary(BinaryOp::LogicalOr, &r, &both)?;
    }
    Ok(r)
}

fn isclose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    wrap_result(isclose_array(a)?)
}

fn all_of(x: &Array) -> Result<bool> {
    let r = nops::reduce(ReduceOp::All, x, &ReduceOpts::default())?;
    Ok(r.item()?.as_bool())
}

fn allclose(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(all_of(&isclose_array(a)?)?))
}

fn array_equal(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let y = as_array(a.get(1))?;
    Ok(Value::Bool(equal_arrays(
        &x,
        &y,
        crate::ops::truthy(a.get(2))?,
    )?))
}

/// Whether `x` and `y` have the same shape and elements (NaNs equal when
/// `equal_nan`), as `np.array_equal` tells.
pub(crate) fn equal_arrays(x: &Array, y: &Array, equal_nan: bool) -> Result<bool> {
    if x.shape() != y.shape() {
        return Ok(false);
    }
    let mut eq = nops::binary(BinaryOp::Equal, x, y)?;
    if equal_nan && x.dtype().is_inexact() {
        let both = nops::binary(
            BinaryOp::LogicalAnd,
            &nops::unary(UnaryOp::Isnan, x)?,
            &nops::unary(UnaryOp::Isnan, y)?,
        )?;
        eq = nops::binary(BinaryOp::LogicalOr, &eq, &both)?;
    }
    all_of(&eq)
}

fn flip_axes(x: &Array, axes: &[usize]) -> Result<Array> {
    let mut r = x.clone();
    for &ax in axes {
        r = r.slice_axis(ax, None, None, -1)?;
    }
    Ok(r)
}

fn flip(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let axes: Vec<usize> = match super::conv::axes_arg(a.get(1))? {
        None => (0..x.ndim()).collect(),
        Some(v) => v
            .iter()
            .map(|&ax| xpush_npu::layout::normalize_axis(ax, x.ndim()))
            .collect::<Result<_>>()?,
    };
    // `m[indexer]` in NumPy: a scalar for a 0-d array (an empty indexer).
    wrap_result(flip_axes(&x, &axes)?)
}

fn fliplr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() < 2 {
        return Err(Error::value_error("Input must be >= 2-d."));
    }
    Ok(wrap(flip_axes(&x, &[1])?))
}

fn flipud(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    if x.ndim() < 1 {
        return Err(Error::value_error("Input must be >= 1-d."));
    }
    Ok(wrap(flip_axes(&x, &[0])?))
}

fn moveaxis(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let nd = x.ndim();
    let src = axis_tuple(a.get(1), nd, Some("source"))?;
    let dst = axis_tuple(a.get(2), nd, Some("destination"))?;
    if src.len() != dst.len() {
        return Err(Error::value_error(
            "`source` and `destination` arguments must have the same number of elements",
        ));
    }
    let mut order: Vec<isize> = (0..nd)
        .filter(|i| !src.contains(i))
        .map(|i| i as isize)
        .collect();
    let mut pairs: Vec<(usize, usize)> = dst.into_iter().zip(src).collect();
    pairs.sort_unstable();
    for (d, s) in pairs {
        order.insert(d, s as isize);
    }
    Ok(wrap(x.transpose(Some(&order))?))
}

/// NumPy's `normalize_axis_tuple`: an int or a sequence of ints, each in
/// range (errors prefixed with `argname` when given), none repeated.
pub(crate) fn axis_tuple(v: &Value, nd: usize, argname: Option<&str>) -> Result<Vec<usize>> {
    let axes: Vec<i64> = match v {
        Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(v)?
            .iter()
            .map(crate::py::num::index_i64)
            .collect::<Result<_>>()?,
        other => vec![crate::py::num::index_i64(other)?],
    };
    let mut out = Vec::with_capacity(axes.len());
    for ax in axes {
        let n = xpush_npu::layout::normalize_axis_prefixed(ax as isize, nd, argname)?;
        if out.contains(&n) {
            return Err(Error::value_error(match argname {
                Some(name) => format!("repeated axis in `{name}` argument"),
                None => "repeated axis".to_string(),
            }));
        }
        out.push(n);
    }
    Ok(out)
}

fn atleast(a: &Args, n: usize) -> Result<Value> {
    let out: Vec<Value> = a
        .rest
        .iter()
        .map(|v| {
            // An array with dimensions enough is returned as it is
            // (`np.atleast_1d(x) is x`).
            if let Value::Array(x) = v {
                if x.ndim() >= n {
                    return Ok(v.clone());
                }
            }
            let x = as_array(v)?;
            let r = match (x.ndim(), n) {
                (0, _) => x.reshape(&vec![1; n])?,
                (1, 2) => x.reshape(&[1, -1])?,
                (1, 3) => x.reshape(&[1, -1, 1])?,
                (2, 3) => x.with_layout(x.layout().expand_dims(2)?),
                _ => x,
            };
            Ok(wrap(r))
        })
        .collect::<Result<_>>()?;
    if out.len() == 1 {
        return Ok(out.into_iter().next().unwrap_or(Value::None));
    }
    Ok(Value::tuple(out))
}

fn atleast_1d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    atleast(a, 1)
}

fn atleast_2d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    atleast(a, 2)
}

fn atleast_3d(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    atleast(a, 3)
}

fn isscalar(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(matches!(
        a.get(0),
        Value::Bool(_)
            | Value::Int(_)
            | Value::BigInt(_)
            | Value::Float(_)
            | Value::Complex(_)
            | Value::Str(_)
            | Value::Scalar(_)
    )))
}

fn iscomplexobj(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(as_array(a.get(0))?.dtype().is_complex()))
}

fn isrealobj(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(!as_array(a.get(0))?.dtype().is_complex()))
}
