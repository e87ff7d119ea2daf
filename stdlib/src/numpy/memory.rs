//! Which memory an array uses, and the functions that read or write it in
//! place: `np.shares_memory`, `np.may_share_memory`, `np.isfortran`,
//! `np.require`, `np.putmask`, and the functional helpers NumPy writes in
//! Python, `np.fromfunction`, `np.apply_along_axis`, `np.apply_over_axes`,
//! `np.piecewise`, `np.mask_indices`.

use std::collections::HashSet;

use xpush_npu::Array;

use super::compose::{item, method, np, np_kw, truth};
use super::conv::{as_array, opt_int, wrap};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyManip, "numpy", "shares_memory", "(a, b, /, max_work=-1)", shares_memory,
        "Whether two arrays use some of the same elements of memory (exactly).",
        ["x = np.arange(6); np.shares_memory(x[::2], x[1::2])  # False", "x = np.arange(6); np.shares_memory(x[:3], x[2:])  # True"]),
    entry!(Function, NumpyManip, "numpy", "may_share_memory", "(a, b, /, max_work=0)", may_share_memory,
        "Whether the memory spans of two arrays overlap (they may share elements).",
        ["x = np.arange(6); np.may_share_memory(x[::2], x[1::2])  # True"]),
    entry!(Function, NumpyManip, "numpy", "isfortran", "(a)", isfortran,
        "Whether the array is Fortran-contiguous and not also C-contiguous.",
        ["np.isfortran(np.ones((2, 3)).T)  # True", "np.isfortran(np.ones(3))  # False"]),
    entry!(npu = crate::coverage::how::RELAYOUT, runs = Dispatch, Function, NumpyCreate, "numpy", "require", "(a, dtype=None, requirements=None, *, like=None)", require,
        "The array with the dtype and the requirements ('C', 'F', 'A', 'W', 'O', 'E' or their long names) met, copied only when needed.",
        ["np.require(np.ones((2, 3)).T, requirements='C').strides  # (16, 8)"]),
    entry!(npu = crate::coverage::how::COPYTO, runs = Dispatch, Function, NumpyManip, "numpy", "putmask", "(a, /, mask, values)", putmask,
        "Sets a.flat[n] = values[n % len(values)] where mask.flat[n] is True, in place.",
        ["x = np.arange(5); np.putmask(x, x > 2, [-1, -2]); x  # array([ 0,  1,  2, -2, -1])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Function, NumpyCreate, "numpy", "fromfunction", "(function, shape, *, dtype=None, like=None, **kwargs)", fromfunction,
        "function called once with one index array per axis (of dtype, float64 by default), as np.indices makes them.",
        ["np.fromfunction(np.add, (2, 2))  # array([[0., 1.],\n       [1., 2.]])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Type, NumpyManip, "numpy", "vectorize", "(pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None)", vectorize,
        "A callable that applies pyfunc to each element of its broadcast arguments (output dtypes from the first call, or otypes).",
        ["np.vectorize(abs)([-1, 2])  # array([1, 2])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Function, NumpyManip, "numpy", "apply_along_axis", "(func1d, axis, arr, *args, **kwargs)", apply_along_axis,
        "func1d applied to each 1-d slice along axis; its results stacked where that axis was.",
        ["np.apply_along_axis(np.sum, 1, [[1, 2], [3, 4]])  # array([3, 7])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Function, NumpyManip, "numpy", "apply_over_axes", "(func, a, axes)", apply_over_axes,
        "func(a, axis) applied over each axis in turn, the dimension kept.",
        ["np.apply_over_axes(np.sum, np.ones((2, 3)), [0, 1])  # array([[6.]])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Function, NumpyManip, "numpy", "piecewise", "(x, condlist, funclist, *args, **kw)", piecewise,
        "A function defined piece by piece: where condlist[i], funclist[i](x) (or the constant); one more function is the otherwise case.",
        ["np.piecewise(np.array([-1.0, 2.0]), [np.array([-1.0, 2.0]) < 0], [-1, 1])  # array([-1.,  1.])"]),
    entry!(npu = crate::coverage::how::CALLS_FUNCTION, runs = Dispatch, Function, NumpyManip, "numpy", "mask_indices", "(n, mask_func, k=0)", mask_indices,
        "The indices of an (n, n) array where mask_func(ones, k) is nonzero.",
        ["np.mask_indices(2, np.triu)  # (array([0, 0, 1]), array([0, 1, 1]))"]),
];

fn array_arg(v: &Value) -> Result<Array> {
    as_array(v)
}

/// The storage indices `x` touches, or `None` when it has too many to list.
fn touched(x: &Array) -> Option<HashSet<isize>> {
    const LIMIT: usize = 1 << 22;
    if x.size() > LIMIT {
        return None;
    }
    let lay = x.layout();
    let mut out = HashSet::with_capacity(x.size());
    let mut idx = vec![0usize; lay.shape.len()];
    if x.size() == 0 {
        return Some(out);
    }
    loop {
        let at = lay.offset as isize
            + idx
                .iter()
                .zip(&lay.strides)
                .map(|(&i, &s)| i as isize * s)
                .sum::<isize>();
        out.insert(at);
        let mut d = idx.len();
        loop {
            if d == 0 {
                return Some(out);
            }
            d -= 1;
            idx[d] += 1;
            if idx[d] < lay.shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// The span `[lo, hi]` of storage indices `x` touches (`None` when empty).
fn span(x: &Array) -> Option<(isize, isize)> {
    if x.size() == 0 {
        return None;
    }
    let lay = x.layout();
    let (mut lo, mut hi) = (lay.offset as isize, lay.offset as isize);
    for (&d, &s) in lay.shape.iter().zip(&lay.strides) {
        let reach = (d as isize - 1) * s;
        if reach < 0 {
            lo += reach;
        } else {
            hi += reach;
        }
    }
    Some((lo, hi))
}

fn spans_overlap(a: &Array, b: &Array) -> bool {
    match (span(a), span(b)) {
        (Some((l1, h1)), Some((l2, h2))) => a.shares_storage(b) && l1 <= h2 && l2 <= h1,
        _ => false,
    }
}

fn shares_memory(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (array_arg(a.get(0))?, array_arg(a.get(1))?);
    if !spans_overlap(&x, &y) {
        return Ok(Value::Bool(false));
    }
    // Exactly: the elements each touches (the smaller one listed).
    let (small, big) = if x.size() <= y.size() {
        (&x, &y)
    } else {
        (&y, &x)
    };
    match (touched(small), span(big)) {
        (Some(set), Some(_)) => {
            let other = touched(big);
            Ok(Value::Bool(match other {
                Some(o) => set.iter().any(|i| o.contains(i)),
                None => return Err(Error::new(ExcKind::TooHardError, "Exceeded max_work")),
            }))
        }
        _ => Err(Error::new(ExcKind::TooHardError, "Exceeded max_work")),
    }
}

fn may_share_memory(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, y) = (array_arg(a.get(0))?, array_arg(a.get(1))?);
    Ok(Value::Bool(spans_overlap(&x, &y)))
}

fn isfortran(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = match a.get(0) {
        Value::Array(x) => x.clone(),
        other => {
            return Err(Error::attribute_error(format!(
                "'{}' object has no attribute 'flags'",
                crate::ops::type_name(other)
            )))
        }
    };
    let lay = x.layout();
    Ok(Value::Bool(lay.is_f_contiguous() && !lay.is_c_contiguous()))
}

/// The requirement letters of NumPy's `require` (`C`, `F`, `A`, `W`, `O`, `E`).
fn requirements(v: &Value) -> Result<Vec<char>> {
    let names: Vec<String> = match v {
        Value::None => return Ok(Vec::new()),
        // A string is iterated, one requirement per character, as NumPy does.
        Value::Str(s) => s.chars().map(String::from).collect(),
        other => crate::py::iter::to_vec(other)?
            .iter()
            .map(crate::ops::to_str)
            .collect(),
    };
    names
        .iter()
        .map(|n| {
            Ok(match n.to_ascii_uppercase().as_str() {
                "C" | "C_CONTIGUOUS" | "CONTIGUOUS" => 'C',
                "F" | "F_CONTIGUOUS" | "FORTRAN" => 'F',
                "A" | "ALIGNED" => 'A',
                "W" | "WRITEABLE" => 'W',
                "O" | "OWNDATA" => 'O',
                "E" | "ENSUREARRAY" => 'E',
                _ => {
                    return Err(Error::new(
                        ExcKind::KeyError,
                        crate::ops::repr(&Value::str(n.as_str())),
                    ))
                }
            })
        })
        .collect()
}

fn require(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let reqs = requirements(a.get(2))?;
    let dtype = a.get(1).clone();
    if reqs.contains(&'C') && reqs.contains(&'F') {
        return Err(Error::value_error(
            "Cannot specify both \"C\" and \"F\" order",
        ));
    }
    let x = np_kw(host, "asarray", vec![a.get(0).clone()], &[("dtype", dtype)])?;
    let arr = as_array(&x)?;
    let lay = arr.layout();
    let order_ok = if reqs.contains(&'C') {
        lay.is_c_contiguous()
    } else if reqs.contains(&'F') {
        lay.is_f_contiguous()
    } else {
        true
    };
    if order_ok && !reqs.contains(&'O') {
        return Ok(x);
    }
    if reqs.contains(&'F') {
        return np(host, "asfortranarray", vec![x]);
    }
    method(host, &x, "copy", Vec::new())
}

fn putmask(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let Value::Array(x) = a.get(0) else {
        return Err(Error::type_error(
            "putmask: first argument must be an array",
        ));
    };
    (**x).check_writeable("putmask: output array")?;
    let (x, target) = ((**x).clone(), a.get(0).clone());
    let mask = as_array(a.get(1))?;
    if mask.size() != x.size() {
        return Err(Error::value_error(
            "putmask: mask and data must be the same size",
        ));
    }
    let values = as_array(a.get(2))?;
    if values.size() == 0 {
        return Ok(Value::None);
    }
    // values repeat over a's elements in flat order.
    let shape = super::compose::shape_value(x.shape());
    let vals = np(host, "resize", vec![wrap(values), shape.clone()])?;
    let vals = method(host, &vals, "astype", vec![Value::DType(x.dtype())])?;
    let m = method(host, &wrap(mask), "reshape", vec![shape])?;
    let m = method(
        host,
        &m,
        "astype",
        vec![Value::DType(xpush_npu::DType::Bool)],
    )?;
    let picked = np(host, "where", vec![m, vals, target.clone()])?;
    crate::ops::setitem(&target, &Value::Ellipsis, picked)?;
    Ok(Value::None)
}

fn fromfunction(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = match a.get(2) {
        Value::None => Value::DType(xpush_npu::DType::Float64),
        d => d.clone(),
    };
    let idx = np(host, "indices", vec![a.get(1).clone(), dtype])?;
    let args = crate::py::iter::to_vec(&idx)?;
    crate::ops::call(host, a.get(0), args, kwargs_of(a.get(4)))
}

/// The `**kwargs` of an entry as call keywords.
fn kwargs_of(v: &Value) -> Vec<(std::rc::Rc<str>, Value)> {
    match v {
        Value::Dict(d) => d
            .borrow()
            .pairs()
            .into_iter()
            .map(|(k, v)| (std::rc::Rc::from(crate::ops::to_str(&k).as_str()), v))
            .collect(),
        _ => Vec::new(),
    }
}

fn apply_along_axis(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    let arr = np(host, "asanyarray", vec![a.get(2).clone()])?;
    let nd = as_array(&arr)?.ndim();
    let axis = xpush_npu::layout::normalize_axis(opt_int(a.get(1))?.unwrap_or(0) as isize, nd)?;
    let extra = a.rest.clone();
    let kw = kwargs_of(a.get(3));
    // The axis moved last; every index over the others picks one 1-d slice.
    let mut dims: Vec<i64> = (0..nd as i64).filter(|&d| d != axis as i64).collect();
    dims.push(axis as i64);
    let view = np(
        host,
        "transpose",
        vec![
            arr,
            Value::tuple(dims.into_iter().map(Value::Int).collect()),
        ],
    )?;
    let outer: Vec<usize> = as_array(&view)?.shape()[..nd - 1].to_vec();
    if outer.contains(&0) {
        return Err(Error::value_error(
            "Cannot apply_along_axis when any iteration dimensions are 0",
        ));
    }
    let indices = super::compose::c_order_indices(&outer);
    let call = |host: &mut dyn Host, ind: &[usize]| -> Result<Value> {
        let mut key: Vec<Value> = ind.iter().map(|&i| Value::Int(i as i64)).collect();
        key.push(Value::Ellipsis);
        let piece = item(&view, Value::tuple(key))?;
        let mut args = vec![piece];
        args.extend(extra.iter().cloned());
        let r = crate::ops::call(host, &func, args, kw.clone())?;
        np(host, "asanyarray", vec![r])
    };
    let first = call(host, &indices[0])?;
    let fa = as_array(&first)?;
    let res_nd = fa.ndim();
    let mut bshape: Vec<Value> = outer.iter().map(|&n| Value::Int(n as i64)).collect();
    bshape.extend(fa.shape().iter().map(|&n| Value::Int(n as i64)));
    let buff = np_kw(
        host,
        "zeros",
        vec![Value::tuple(bshape)],
        &[("dtype", Value::DType(fa.dtype()))],
    )?;
    let key = |ind: &[usize]| {
        let mut k: Vec<Value> = ind.iter().map(|&i| Value::Int(i as i64)).collect();
        k.push(Value::Ellipsis);
        Value::tuple(k)
    };
    crate::ops::setitem(&buff, &key(&indices[0]), first)?;
    for ind in &indices[1..] {
        let r = call(host, ind)?;
        crate::ops::setitem(&buff, &key(ind), r)?;
    }
    // The result's own axes go where `axis` was.
    let bnd = outer.len() + res_nd;
    let mut perm: Vec<i64> = (0..axis as i64).collect();
    perm.extend((bnd - res_nd) as i64..bnd as i64);
    perm.extend(axis as i64..(bnd - res_nd) as i64);
    np(
        host,
        "transpose",
        vec![
            buff,
            Value::tuple(perm.into_iter().map(Value::Int).collect()),
        ],
    )
}

fn apply_over_axes(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let func = a.get(0).clone();
    let mut val = np(host, "asarray", vec![a.get(1).clone()])?;
    let n = as_array(&val)?.ndim() as i64;
    let axes = match a.get(2) {
        Value::List(_) | Value::Tuple(_) => crate::py::iter::to_vec(a.get(2))?,
        Value::Array(x) if x.ndim() > 0 => crate::py::iter::to_vec(a.get(2))?,
        other => vec![other.clone()],
    };
    for ax in axes {
        let mut axis = crate::py::num::index_i64(&ax)?;
        if axis < 0 {
            axis += n;
        }
        let res = crate::ops::call(host, &func, vec![val.clone(), Value::Int(axis)], Vec::new())?;
        let (rn, vn) = (as_array(&res)?.ndim(), as_array(&val)?.ndim());
        val = if rn == vn {
            res
        } else if rn + 1 == vn {
            np(host, "expand_dims", vec![res, Value::Int(axis)])?
        } else {
            return Err(Error::value_error(
                "function is not returning an array of the correct shape",
            ));
        };
    }
    Ok(val)
}

fn piecewise(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = np(host, "asanyarray", vec![a.get(0).clone()])?;
    let x_nd = as_array(&x)?.ndim();
    let funcs = crate::py::iter::to_vec(a.get(2))?;
    let n2 = funcs.len();
    // One condition, not a list of them: a scalar, or a list whose first
    // item is neither a list nor an array (for x of at least one dimension).
    let cond = a.get(1).clone();
    let scalar = matches!(
        cond,
        Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Complex(_) | Value::Scalar(_)
    );
    let first_is_seq = || -> Result<bool> {
        Ok(matches!(
            item(&cond, Value::Int(0))?,
            Value::List(_) | Value::Array(_)
        ))
    };
    let cond = if scalar || (x_nd != 0 && !first_is_seq()?) {
        Value::list(vec![cond])
    } else {
        cond
    };
    let mut conds = np_kw(
        host,
        "asarray",
        vec![cond],
        &[("dtype", Value::DType(xpush_npu::DType::Bool))],
    )?;
    let n = as_array(&conds)?.shape().first().copied().unwrap_or(0);
    if n + 1 == n2 {
        // The otherwise case: where no condition holds.
        let any = np_kw(
            host,
            "any",
            vec![conds.clone()],
            &[("axis", Value::Int(0)), ("keepdims", Value::Bool(true))],
        )?;
        let otherwise = np(host, "logical_not", vec![any])?;
        conds = np_kw(
            host,
            "concatenate",
            vec![Value::list(vec![conds, otherwise])],
            &[("axis", Value::Int(0))],
        )?;
    } else if n != n2 {
        return Err(Error::value_error(format!(
            "with {n} condition(s), either {n} or {} functions are expected",
            n + 1
        )));
    }
    let y = np(host, "zeros_like", vec![x.clone()])?;
    let extra = a.rest.clone();
    let kw = kwargs_of(a.get(3));
    let callable =
        crate::table::lookup_builtin("callable").ok_or_else(|| Error::type_error("callable"))?;
    for (c, f) in crate::py::iter::to_vec(&conds)?.into_iter().zip(funcs) {
        let is_fn = crate::table::call(host, callable, vec![f.clone()], Vec::new())?;
        if !truth(&is_fn)? {
            crate::ops::setitem(&y, &c, f)?;
            continue;
        }
        let vals = item(&x, c.clone())?;
        if as_array(&vals)?.size() > 0 {
            let mut args = vec![vals];
            args.extend(extra.iter().cloned());
            let r = crate::ops::call(host, &f, args, kw.clone())?;
            crate::ops::setitem(&y, &c, r)?;
        }
    }
    Ok(y)
}

fn mask_indices(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = a.get(0).clone();
    let m = np_kw(
        host,
        "ones",
        vec![Value::tuple(vec![n.clone(), n])],
        &[("dtype", Value::DType(xpush_npu::DType::Int64))],
    )?;
    let masked = crate::ops::call(host, a.get(1), vec![m, a.get(2).clone()], Vec::new())?;
    let nz = crate::ops::compare(xpush_lang::ast::CmpOp::NotEq, &masked, &Value::Int(0))?;
    np(host, "nonzero", vec![nz])
}

fn vectorize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    super::vectorize::new(
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(3).clone(),
        a.get(4).clone(),
        a.get(5).clone(),
    )
}
