//! NumPy's legacy polynomial functions on coefficient arrays (highest power
//! first): `poly`, `roots`, `polyval`, `polyfit`, `polyadd`, `polysub`,
//! `polymul`, `polydiv`, `polyder`, `polyint`. Each is NumPy's definition
//! (numpy/lib/_polynomial_impl.py) over the entries it calls there, through
//! [`super::compose`].

use xpush_lang::ast::{BinOp, UnaryOp};

use super::compose::{bin, call_in, item, method, np, np_kw, slice, truth};
use super::conv::{as_array, opt_int};
use super::poly1d::{self, is_poly1d};
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy", "poly", "(seq_of_zeros)", poly,
        "The coefficients of the monic polynomial with the given roots (or a square matrix's characteristic polynomial).",
        ["np.poly([1, 2])  # array([ 1., -3.,  2.])"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy", "roots", "(p)", roots,
        "The roots of a polynomial: the eigenvalues of its companion matrix.",
        ["np.roots([1, -3, 2])  # array([2., 1.])"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polyval", "(p, x)", polyval,
        "The polynomial evaluated at x by Horner's scheme.",
        ["np.polyval([3, 0, 1], 5)  # np.int64(76)"]),
    entry!(npu = crate::coverage::how::HOST_NUMERIC, runs = Dispatch, Function, NumpyLinalg, "numpy", "polyfit", "(x, y, deg, rcond=None, full=False, w=None, cov=False)", polyfit,
        "The least-squares polynomial fit of degree deg (highest power first); full= adds the lstsq diagnostics, cov= the covariance.",
        ["np.polyfit([0, 1, 2], [1, 3, 5], 1).round(12)  # array([2., 1.])"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polyadd", "(a1, a2)", polyadd,
        "The sum of two polynomials.", ["np.polyadd([1, 2], [9, 5, 4])  # array([9, 6, 6])"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polysub", "(a1, a2)", polysub,
        "The difference of two polynomials.", ["np.polysub([2, 10, -2], [3, 10, -4])  # array([-1,  0,  2])"]),
    entry!(npu = crate::coverage::how::POLYMUL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polymul", "(a1, a2)", polymul,
        "The product of two polynomials.", ["np.polymul([1, 2, 3], [9, 5, 1])  # array([ 9, 23, 38, 17,  3])"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polydiv", "(u, v)", polydiv,
        "The quotient and remainder of polynomial division.",
        ["np.polydiv([3.0, 5.0, 2.0], [2.0, 1.0])  # (array([1.5 , 1.75]), array([0.25]))"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polyder", "(p, m=1)", polyder,
        "The m-th derivative of a polynomial.", ["np.polyder([1, 1, 1, 1])  # array([3, 2, 1])"]),
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "polyint", "(p, m=1, k=None)", polyint,
        "The m-th antiderivative of a polynomial, with integration constants k.",
        ["np.polyint([3, 2, 1])  # array([1., 1., 1., 0.])"]),
];

/// `len(v)` of an array (its first axis).
fn len_of(v: &Value) -> Result<usize> {
    let a = as_array(v)?;
    a.shape()
        .first()
        .copied()
        .ok_or_else(|| Error::type_error("len() of unsized object"))
}

fn atleast_1d(host: &mut dyn Host, v: &Value) -> Result<Value> {
    np(host, "atleast_1d", vec![v.clone()])
}

fn zeros(host: &mut dyn Host, n: usize, like: &Value) -> Result<Value> {
    let dt = Value::DType(as_array(like)?.dtype());
    np_kw(host, "zeros", vec![Value::Int(n as i64)], &[("dtype", dt)])
}

fn poly(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let mut z = atleast_1d(host, a.get(0))?;
    let za = as_array(&z)?;
    let sh = za.shape().to_vec();
    if sh.len() == 2 && sh[0] == sh[1] && sh[0] != 0 {
        z = call_in(host, "numpy.linalg", "eigvals", vec![z], &[])?;
    } else if sh.len() == 1 {
        let code = Value::str(za.dtype().char_code().to_string());
        let t = np(host, "mintypecode", vec![code])?;
        z = method(host, &z, "astype", vec![t])?;
    } else {
        return Err(Error::value_error(
            "input must be 1d or non-empty square 2d array.",
        ));
    }
    let zeros_ = crate::py::iter::to_vec(&z)?;
    if zeros_.is_empty() {
        return Ok(Value::Float(1.0));
    }
    let dt = Value::DType(as_array(&z)?.dtype());
    let mut p = np_kw(
        host,
        "ones",
        vec![Value::tuple(vec![Value::Int(1)])],
        &[("dtype", dt.clone())],
    )?;
    for zero in &zeros_ {
        let neg = crate::ops::unary(UnaryOp::Neg, zero)?;
        let factor = np_kw(
            host,
            "array",
            vec![Value::list(vec![Value::Int(1), neg])],
            &[("dtype", dt.clone())],
        )?;
        p = np_kw(
            host,
            "convolve",
            vec![p, factor],
            &[("mode", Value::str("full"))],
        )?;
    }
    if as_array(&p)?.dtype().is_complex() {
        // Roots in conjugate pairs give a real polynomial.
        let r = np_kw(
            host,
            "asarray",
            vec![z],
            &[("dtype", Value::DType(xpush_npu::DType::Complex128))],
        )?;
        let sorted = np(host, "sort", vec![r.clone()])?;
        let conj = method(host, &r, "conjugate", Vec::new())?;
        let conj = np(host, "sort", vec![conj])?;
        let same = crate::ops::compare(xpush_lang::ast::CmpOp::Eq, &sorted, &conj)?;
        if truth(&np(host, "all", vec![same])?)? {
            let re = crate::ops::getattr(&p, "real")?;
            p = method(host, &re, "copy", Vec::new())?;
        }
    }
    Ok(p)
}

fn roots(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = atleast_1d(host, a.get(0))?;
    if as_array(&p)?.ndim() != 1 {
        return Err(Error::value_error("Input must be a rank-1 array."));
    }
    let flat = np(host, "ravel", vec![p.clone()])?;
    let nz = np(host, "nonzero", vec![flat])?;
    let nz: Vec<i64> = crate::py::iter::to_vec(&item(&nz, Value::Int(0))?)?
        .iter()
        .map(crate::py::num::index_i64)
        .collect::<Result<_>>()?;
    let (Some(&first), Some(&last)) = (nz.first(), nz.last()) else {
        return np(host, "array", vec![Value::list(Vec::new())]);
    };
    let trailing = len_of(&p)? as i64 - last - 1;
    let mut p = item(&p, slice(Some(first), Some(last + 1), None))?;
    if !as_array(&p)?.dtype().is_inexact() {
        p = method(
            host,
            &p,
            "astype",
            vec![Value::DType(xpush_npu::DType::Float64)],
        )?;
    }
    let n = len_of(&p)?;
    let r = if n > 1 {
        let dt = Value::DType(as_array(&p)?.dtype());
        let ones = np_kw(
            host,
            "ones",
            vec![Value::tuple(vec![Value::Int(n as i64 - 2)])],
            &[("dtype", dt)],
        )?;
        let companion = np(host, "diag", vec![ones, Value::Int(-1)])?;
        let lead = item(&p, Value::Int(0))?;
        let tail = item(&p, slice(Some(1), None, None))?;
        let row = bin(BinOp::Div, &crate::ops::unary(UnaryOp::Neg, &tail)?, &lead)?;
        crate::ops::setitem(
            &companion,
            &Value::tuple(vec![Value::Int(0), slice(None, None, None)]),
            row,
        )?;
        call_in(host, "numpy.linalg", "eigvals", vec![companion], &[])?
    } else {
        np(host, "array", vec![Value::list(Vec::new())])?
    };
    let dt = Value::DType(as_array(&r)?.dtype());
    let z = np_kw(host, "zeros", vec![Value::Int(trailing)], &[("dtype", dt)])?;
    np(host, "hstack", vec![Value::tuple(vec![r, z])])
}

fn polyval(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let p = np(host, "asarray", vec![a.get(0).clone()])?;
    if is_poly1d(a.get(1)) {
        // The composition: Horner's scheme in poly1d arithmetic from `y = 0`.
        let x = a.get(1);
        let mut y = Value::Int(0);
        for pv in crate::py::iter::to_vec(&p)? {
            y = if is_poly1d(&y) {
                poly1d::times(host, &y, x, false)?
            } else {
                poly1d::times(host, x, &y, true)?
            };
            y = poly1d::plus(host, &y, &pv)?;
        }
        return Ok(y);
    }
    let x = np(host, "asarray", vec![a.get(1).clone()])?;
    let mut y = np(host, "zeros_like", vec![x.clone()])?;
    for pv in crate::py::iter::to_vec(&p)? {
        y = bin(BinOp::Add, &bin(BinOp::Mul, &y, &x)?, &pv)?;
    }
    Ok(y)
}

/// `polyadd` and `polysub`: the shorter padded with leading zeros.
fn add_or_sub(host: &mut dyn Host, a: &mut Args, op: BinOp) -> Result<Value> {
    let truepoly = is_poly1d(a.get(0)) || is_poly1d(a.get(1));
    let a1 = atleast_1d(host, a.get(0))?;
    let a2 = atleast_1d(host, a.get(1))?;
    let (n1, n2) = (len_of(&a1)?, len_of(&a2)?);
    let pad = |host: &mut dyn Host, v: Value, by: usize| -> Result<Value> {
        let z = zeros(host, by, &v)?;
        np(host, "concatenate", vec![Value::tuple(vec![z, v])])
    };
    let (a1, a2) = match n2.cmp(&n1) {
        std::cmp::Ordering::Equal => (a1, a2),
        std::cmp::Ordering::Greater => (pad(host, a1, n2 - n1)?, a2),
        std::cmp::Ordering::Less => {
            let a2 = pad(host, a2, n1 - n2)?;
            (a1, a2)
        }
    };
    wrap(host, bin(op, &a1, &a2)?, truepoly)
}

/// NumPy's `if truepoly: val = poly1d(val)`.
fn wrap(host: &mut dyn Host, val: Value, truepoly: bool) -> Result<Value> {
    if truepoly {
        poly1d::new(host, &val)
    } else {
        Ok(val)
    }
}

fn polyadd(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    add_or_sub(host, a, BinOp::Add)
}

fn polysub(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    add_or_sub(host, a, BinOp::Sub)
}

/// poly1d's coefficients of `v`: at least 1-d, leading zeros trimmed (`[0]`
/// when nothing is left).
pub(crate) fn coeffs(host: &mut dyn Host, v: &Value) -> Result<Value> {
    let c = atleast_1d(host, v)?;
    if as_array(&c)?.ndim() > 1 {
        return Err(Error::value_error("Polynomial must be 1d only."));
    }
    let t = np_kw(host, "trim_zeros", vec![c], &[("trim", Value::str("f"))])?;
    if len_of(&t)? == 0 {
        let dt = Value::DType(as_array(&t)?.dtype());
        return np_kw(
            host,
            "array",
            vec![Value::list(vec![Value::Int(0)])],
            &[("dtype", dt)],
        );
    }
    Ok(t)
}

fn polymul(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let truepoly = is_poly1d(a.get(0)) || is_poly1d(a.get(1));
    let a1 = coeffs(host, a.get(0))?;
    let a2 = coeffs(host, a.get(1))?;
    let val = np(host, "convolve", vec![a1, a2])?;
    wrap(host, val, truepoly)
}

fn polydiv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let truepoly = is_poly1d(a.get(0)) || is_poly1d(a.get(1));
    let u = bin(BinOp::Add, &atleast_1d(host, a.get(0))?, &Value::Float(0.0))?;
    let v = bin(BinOp::Add, &atleast_1d(host, a.get(1))?, &Value::Float(0.0))?;
    let v0 = item(&v, Value::Int(0))?;
    let w = bin(BinOp::Add, &item(&u, Value::Int(0))?, &v0)?;
    let m = len_of(&u)? as i64 - 1;
    let n = len_of(&v)? as i64 - 1;
    let scale = bin(BinOp::Div, &Value::Float(1.0), &v0)?;
    let wdt = Value::DType(as_array(&w)?.dtype());
    let q = np_kw(
        host,
        "zeros",
        vec![Value::tuple(vec![Value::Int((m - n + 1).max(1))])],
        &[("dtype", wdt.clone())],
    )?;
    let mut r = method(host, &u, "astype", vec![wdt])?;
    for k in 0..(m - n + 1).max(0) {
        let d = bin(BinOp::Mul, &scale, &item(&r, Value::Int(k))?)?;
        crate::ops::setitem(&q, &Value::Int(k), d.clone())?;
        let at = slice(Some(k), Some(k + n + 1), None);
        let cur = item(&r, at.clone())?;
        let new = bin(BinOp::Sub, &cur, &bin(BinOp::Mul, &d, &v)?)?;
        crate::ops::setitem(&r, &at, new)?;
    }
    loop {
        let first = item(&r, Value::Int(0))?;
        let close = np_kw(
            host,
            "allclose",
            vec![first, Value::Int(0)],
            &[("rtol", Value::Float(1e-14))],
        )?;
        if !(truth(&close)? && len_of(&r)? > 1) {
            break;
        }
        r = item(&r, slice(Some(1), None, None))?;
    }
    let (q, r) = (wrap(host, q, truepoly)?, wrap(host, r, truepoly)?);
    Ok(Value::tuple(vec![q, r]))
}

/// `int(m)` of an order argument.
fn order(v: &Value) -> Result<i64> {
    match v {
        Value::Float(f) => Ok(f.trunc() as i64),
        other => Ok(opt_int(other)?.unwrap_or(0)),
    }
}

fn polyder(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = order(a.get(1))?;
    if m < 0 {
        return Err(Error::value_error(
            "Order of derivative must be positive (see polyint)",
        ));
    }
    let truepoly = is_poly1d(a.get(0));
    let mut p = np(host, "asarray", vec![a.get(0).clone()])?;
    for _ in 0..m {
        let n = len_of(&p)? as i64 - 1;
        let powers = np(
            host,
            "arange",
            vec![Value::Int(n), Value::Int(0), Value::Int(-1)],
        )?;
        p = bin(BinOp::Mul, &item(&p, slice(None, Some(-1), None))?, &powers)?;
    }
    wrap(host, p, truepoly)
}

fn polyint(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let m = order(a.get(1))?;
    if m < 0 {
        return Err(Error::value_error(
            "Order of integral must be positive (see polyder)",
        ));
    }
    let f64v = Value::DType(xpush_npu::DType::Float64);
    let mut k = match a.get(2) {
        Value::None => np_kw(
            host,
            "zeros",
            vec![Value::Int(m)],
            &[("dtype", f64v.clone())],
        )?,
        v => v.clone(),
    };
    k = atleast_1d(host, &k)?;
    if len_of(&k)? == 1 && m > 1 {
        let ones = np_kw(host, "ones", vec![Value::Int(m)], &[("dtype", f64v)])?;
        k = bin(BinOp::Mul, &item(&k, Value::Int(0))?, &ones)?;
    }
    if (len_of(&k)? as i64) < m {
        return Err(Error::value_error(
            "k must be a scalar or a rank-1 array of length 1 or >m.",
        ));
    }
    let truepoly = is_poly1d(a.get(0));
    let mut p = np(host, "asarray", vec![a.get(0).clone()])?;
    for i in 0..m {
        let n = len_of(&p)? as i64;
        let powers = np(
            host,
            "arange",
            vec![Value::Int(n), Value::Int(0), Value::Int(-1)],
        )?;
        let divided = bin(BinOp::Div, &p, &powers)?;
        let constant = Value::list(vec![item(&k, Value::Int(i))?]);
        p = np(
            host,
            "concatenate",
            vec![Value::tuple(vec![divided, constant])],
        )?;
    }
    wrap(host, p, truepoly)
}

/// The checks of the sample points `x` and values `y` that `np.polyfit`
/// and `numpy.polynomial`'s fits share.
pub fn check_fit_data(xa: &xpush_npu::Array, ya: &xpush_npu::Array) -> Result<()> {
    if xa.ndim() != 1 {
        return Err(Error::type_error("expected 1D vector for x"));
    }
    if xa.size() == 0 {
        return Err(Error::type_error("expected non-empty vector for x"));
    }
    if ya.ndim() < 1 || ya.ndim() > 2 {
        return Err(Error::type_error("expected 1D or 2D array for y"));
    }
    if xa.shape()[0] != ya.shape()[0] {
        return Err(Error::type_error("expected x and y to have same length"));
    }
    Ok(())
}

fn polyfit(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let deg = order(a.get(2))?;
    let ord = deg + 1;
    let x = bin(
        BinOp::Add,
        &np(host, "asarray", vec![a.get(0).clone()])?,
        &Value::Float(0.0),
    )?;
    let y = bin(
        BinOp::Add,
        &np(host, "asarray", vec![a.get(1).clone()])?,
        &Value::Float(0.0),
    )?;
    if deg < 0 {
        return Err(Error::value_error("expected deg >= 0"));
    }
    let (xa, ya) = (as_array(&x)?, as_array(&y)?);
    check_fit_data(&xa, &ya)?;
    let npts = xa.shape()[0];
    let rcond = match a.get(3) {
        Value::None => Value::Float(npts as f64 * xa.dtype().finfo()?.eps.as_f64()),
        v => v.clone(),
    };
    let mut lhs = np(host, "vander", vec![x.clone(), Value::Int(ord)])?;
    let mut rhs = y.clone();
    if !matches!(a.get(5), Value::None) {
        let w = bin(
            BinOp::Add,
            &np(host, "asarray", vec![a.get(5).clone()])?,
            &Value::Float(0.0),
        )?;
        let wa = as_array(&w)?;
        if wa.ndim() != 1 {
            return Err(Error::type_error("expected a 1-d array for weights"));
        }
        if wa.shape()[0] != ya.shape()[0] {
            return Err(Error::type_error(
                "expected w and y to have the same length",
            ));
        }
        let col = item(&w, Value::tuple(vec![slice(None, None, None), Value::None]))?;
        lhs = bin(BinOp::Mul, &lhs, &col)?;
        rhs = bin(BinOp::Mul, &rhs, if ya.ndim() == 2 { &col } else { &w })?;
    }
    let sq = bin(BinOp::Mul, &lhs, &lhs)?;
    let sums = np_kw(host, "sum", vec![sq], &[("axis", Value::Int(0))])?;
    let scale = np(host, "sqrt", vec![sums])?;
    lhs = bin(BinOp::Div, &lhs, &scale)?;
    let fit = call_in(
        host,
        "numpy.linalg",
        "lstsq",
        vec![lhs.clone(), rhs, rcond.clone()],
        &[],
    )?;
    let parts = crate::py::iter::to_vec(&fit)?;
    let [c, resids, rank, s] = <[Value; 4]>::try_from(parts)
        .map_err(|_| Error::type_error("lstsq returned an unexpected value"))?;
    let ct = crate::ops::getattr(&c, "T")?;
    let c = crate::ops::getattr(&bin(BinOp::Div, &ct, &scale)?, "T")?;
    let full = truth(a.get(4))?;
    if crate::py::num::index_i64(&rank)? != ord && !full {
        crate::warnings::warn(
            host,
            crate::ExcKind::RankWarning,
            "Polyfit may be poorly conditioned",
        )?;
    }
    if full {
        return Ok(Value::tuple(vec![c, resids, rank, s, rcond]));
    }
    let cov = a.get(6);
    if !truth(cov)? {
        return Ok(c);
    }
    let gram = np(host, "dot", vec![crate::ops::getattr(&lhs, "T")?, lhs])?;
    let vbase = call_in(host, "numpy.linalg", "inv", vec![gram], &[])?;
    let vbase = bin(
        BinOp::Div,
        &vbase,
        &np(host, "outer", vec![scale.clone(), scale])?,
    )?;
    let fac = if matches!(cov, Value::Str(s) if &**s == "unscaled") {
        Value::Int(1)
    } else {
        if npts as i64 <= ord {
            return Err(Error::value_error(
                "the number of data points must exceed order to scale the covariance matrix",
            ));
        }
        bin(BinOp::Div, &resids, &Value::Int(npts as i64 - ord))?
    };
    let v = if ya.ndim() == 1 {
        bin(BinOp::Mul, &vbase, &fac)?
    } else {
        let idx = Value::tuple(vec![
            slice(None, None, None),
            slice(None, None, None),
            Value::None,
        ]);
        bin(BinOp::Mul, &item(&vbase, idx)?, &fac)?
    };
    Ok(Value::tuple(vec![c, v]))
}
