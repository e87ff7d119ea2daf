//! The bases' Gauss quadratures, weight functions and sample points
//! (`leggauss`, `hermweight`, `chebpts1`, `chebinterpolate`, ...), the
//! conversions to and from power series (`poly2cheb`, `cheb2poly`, ...)
//! and `polyvalfromroots`, composed of other entries as NumPy writes them.

use xpush_lang::ast::{BinOp, UnaryOp};

use super::funcs::{self, as_int, map_series, op, Series};
use super::{series, Basis};
use crate::host::Host;
use crate::numpy::compose::{call_in, item, method, np, np_kw, slice, truth};
use crate::numpy::conv::as_array;
use crate::value::Value;
use crate::{Error, Result};

/// `poly2<basis>(pol)`.
pub fn from_power(basis: Basis, pol: &Value) -> Result<Value> {
    let v =
        map_series!(funcs::as_series(pol, true)?, v => series::from_power(basis, &v)).value()?;
    funcs::narrow(v, funcs::common_type(&[pol])?)
}

/// `<basis>2poly(c)`.
pub fn to_power(basis: Basis, c: &Value) -> Result<Value> {
    let v = map_series!(funcs::as_series(c, true)?, v => series::to_power(basis, &v)).value()?;
    funcs::narrow(v, funcs::common_type(&[c])?)
}

fn float(x: f64) -> Value {
    Value::Float(x)
}

/// `<basis>weight(x)`.
pub fn weight(host: &mut dyn Host, basis: Basis, x: &Value) -> Result<Value> {
    use BinOp::{Add, Div, Mul, Pow, Sub};
    match basis {
        Basis::Cheb => {
            let a = op(host, Add, &float(1.0), x)?;
            let a = np(host, "sqrt", vec![a])?;
            let b = op(host, Sub, &float(1.0), x)?;
            let b = np(host, "sqrt", vec![b])?;
            let d = op(host, Mul, &a, &b)?;
            op(host, Div, &float(1.0), &d)
        }
        Basis::Leg => {
            let z = op(host, Mul, x, &float(0.0))?;
            op(host, Add, &z, &float(1.0))
        }
        Basis::Herm | Basis::HermE => {
            let sq = op(host, Pow, x, &Value::Int(2))?;
            let e = if basis == Basis::Herm {
                crate::ops::unary(UnaryOp::Neg, &sq)?
            } else {
                op(host, Mul, &float(-0.5), &sq)?
            };
            np(host, "exp", vec![e])
        }
        Basis::Lag | Basis::Poly => {
            let e = crate::ops::unary(UnaryOp::Neg, x)?;
            np(host, "exp", vec![e])
        }
    }
}

/// `_normed_hermite_n` / `_normed_hermite_e_n`: the normalised Hermite
/// function of degree `n` at `x`.
fn normed_hermite(host: &mut dyn Host, basis: Basis, x: &Value, n: i64) -> Result<Value> {
    use BinOp::{Add, Mul};
    let pi = std::f64::consts::PI;
    let norm = if basis == Basis::Herm { pi } else { 2.0 * pi };
    let first = 1.0 / norm.sqrt().sqrt();
    if n == 0 {
        let shape = crate::ops::getattr(x, "shape")?;
        return np(host, "full", vec![shape, float(first)]);
    }
    let (mut c0, mut c1) = (float(0.0), float(first));
    let mut nd = n as f64;
    for _ in 0..n - 1 {
        let tmp = c0;
        c0 = op(
            host,
            Mul,
            &crate::ops::unary(UnaryOp::Neg, &c1)?,
            &float(((nd - 1.0) / nd).sqrt()),
        )?;
        let s = if basis == Basis::Herm {
            2.0 / nd
        } else {
            1.0 / nd
        };
        let t = op(host, Mul, &c1, x)?;
        let t = op(host, Mul, &t, &float(s.sqrt()))?;
        c1 = op(host, Add, &tmp, &t)?;
        nd -= 1.0;
    }
    let t = op(host, Mul, &c1, x)?;
    let t = if basis == Basis::Herm {
        op(host, Mul, &t, &float(2f64.sqrt()))?
    } else {
        t
    };
    op(host, Add, &c0, &t)
}

/// `(a + a[::-1]) / 2` (`sign` 1) or `(a - a[::-1]) / 2` (`sign` -1).
fn symmetrise(host: &mut dyn Host, a: &Value, plus: bool) -> Result<Value> {
    let rev = item(a, slice(None, None, Some(-1)))?;
    let o = if plus { BinOp::Add } else { BinOp::Sub };
    let s = op(host, o, a, &rev)?;
    op(host, BinOp::Div, &s, &Value::Int(2))
}

/// `fm /= np.abs(fm).max()`.
fn normalise(host: &mut dyn Host, a: &Value) -> Result<Value> {
    let m = np(host, "abs", vec![a.clone()])?;
    let m = method(host, &m, "max", Vec::new())?;
    op(host, BinOp::Div, a, &m)
}

/// `<basis>gauss(deg)`: the sample points and weights of Gauss quadrature.
pub fn gauss(host: &mut dyn Host, basis: Basis, deg: &Value) -> Result<Value> {
    use BinOp::{Div, Mul, Sub};
    let ideg = as_int(deg, "deg")?;
    if ideg <= 0 {
        return Err(Error::value_error("deg must be a positive integer"));
    }
    let pi = std::f64::consts::PI;
    if basis == Basis::Cheb {
        let k = np(
            host,
            "arange",
            vec![Value::Int(1), Value::Int(2 * ideg), Value::Int(2)],
        )?;
        let t = op(host, Mul, &float(pi), &k)?;
        let t = op(host, Div, &t, &float(2.0 * ideg as f64))?;
        let x = np(host, "cos", vec![t])?;
        let ones = np(host, "ones", vec![Value::Int(ideg)])?;
        let w = op(host, Mul, &ones, &float(pi / ideg as f64))?;
        return Ok(Value::tuple(vec![x, w]));
    }
    let mut unit = vec![0.0; ideg as usize];
    unit.push(1.0);
    let (n, m) = series::companion(basis, &unit);
    let m = crate::numpy::conv::wrap(xpush_npu::device::place(xpush_npu::Array::from_vec(
        m,
        &[n, n],
    )?)?);
    let mut x = call_in(host, "numpy.linalg", "eigvalsh", vec![m], &[])?;
    let c = Series::R(unit.clone()).value()?;
    let (fm, df) = match basis {
        Basis::Herm | Basis::HermE => {
            let dy = normed_hermite(host, basis, &x, ideg)?;
            let f = if basis == Basis::Herm { 2 * ideg } else { ideg };
            let df = normed_hermite(host, basis, &x, ideg - 1)?;
            let df = op(host, Mul, &df, &float((f as f64).sqrt()))?;
            let step = op(host, Div, &dy, &df)?;
            x = op(host, Sub, &x, &step)?;
            let fm = normed_hermite(host, basis, &x, ideg - 1)?;
            (normalise(host, &fm)?, None)
        }
        _ => {
            let dy = funcs::val(host, basis, &x, &c, true)?;
            let one = Value::Int(1);
            let dc = funcs::der(host, basis, &c, &one, &one, &Value::Int(0))?;
            let df = funcs::val(host, basis, &x, &dc, true)?;
            let step = op(host, Div, &dy, &df)?;
            x = op(host, Sub, &x, &step)?;
            let rest = Series::R(unit[1..].to_vec()).value()?;
            let fm = funcs::val(host, basis, &x, &rest, true)?;
            (normalise(host, &fm)?, Some(normalise(host, &df)?))
        }
    };
    let prod = op(host, Mul, &fm, df.as_ref().unwrap_or(&fm))?;
    let mut w = op(host, Div, &Value::Int(1), &prod)?;
    if basis != Basis::Lag {
        w = symmetrise(host, &w, true)?;
        x = symmetrise(host, &x, false)?;
    }
    let total = match basis {
        Basis::Herm => pi.sqrt(),
        Basis::HermE => (2.0 * pi).sqrt(),
        Basis::Leg => 2.0,
        _ => 1.0,
    };
    let sum = method(host, &w, "sum", Vec::new())?;
    let w = if basis == Basis::Lag {
        op(host, Div, &w, &sum)?
    } else {
        let f = op(host, Div, &float(total), &sum)?;
        op(host, Mul, &w, &f)?
    };
    Ok(Value::tuple(vec![x, w]))
}

/// `int(npts)` checked as `chebpts1`/`chebpts2` check it.
fn npts_arg(host: &mut dyn Host, npts: &Value, min: i64) -> Result<i64> {
    let int = crate::table::builtin("int").ok_or_else(|| Error::type_error("int is missing"))?;
    let n = crate::ops::call(host, &int, vec![npts.clone()], Vec::new())?;
    if !truth(&crate::ops::compare(xpush_lang::ast::CmpOp::Eq, &n, npts)?)? {
        return Err(Error::value_error("npts must be integer"));
    }
    let n = crate::py::num::index_i64(&n)?;
    if n < min {
        return Err(Error::value_error(format!("npts must be >= {min}")));
    }
    Ok(n)
}

/// `chebpts1(npts)`: the Chebyshev points of the first kind.
pub fn chebpts1(host: &mut dyn Host, npts: &Value) -> Result<Value> {
    let n = npts_arg(host, npts, 1)?;
    let k = np(
        host,
        "arange",
        vec![Value::Int(-n + 1), Value::Int(n + 1), Value::Int(2)],
    )?;
    let f = 0.5 * std::f64::consts::PI / n as f64;
    let x = op(host, BinOp::Mul, &float(f), &k)?;
    np(host, "sin", vec![x])
}

/// `chebpts2(npts)`: the Chebyshev points of the second kind.
pub fn chebpts2(host: &mut dyn Host, npts: &Value) -> Result<Value> {
    let n = npts_arg(host, npts, 2)?;
    let x = np(
        host,
        "linspace",
        vec![float(-std::f64::consts::PI), Value::Int(0), Value::Int(n)],
    )?;
    np(host, "cos", vec![x])
}

/// `chebinterpolate(func, deg, args)`: the Chebyshev series interpolating
/// `func` at the Chebyshev points of the first kind.
pub fn chebinterpolate(
    host: &mut dyn Host,
    func: &Value,
    deg: &Value,
    args: &Value,
) -> Result<Value> {
    let d = as_array(deg)?;
    if d.ndim() > 0 || !d.dtype().is_integer() || d.size() == 0 {
        return Err(Error::type_error("deg must be an int"));
    }
    let deg = d.astype(xpush_npu::DType::Int64).to_vec::<i64>()?[0];
    if deg < 0 {
        return Err(Error::value_error("expected deg >= 0"));
    }
    let order = deg + 1;
    let xcheb = chebpts1(host, &Value::Int(order))?;
    let mut call_args = vec![xcheb.clone()];
    call_args.extend(crate::py::iter::to_vec(args)?);
    let yfunc = crate::ops::call(host, func, call_args, Vec::new())?;
    let m = funcs::vander(host, Basis::Cheb, &xcheb, &Value::Int(deg))?;
    let c = np(host, "dot", vec![crate::ops::getattr(&m, "T")?, yfunc])?;
    let c0 = item(&c, Value::Int(0))?;
    crate::ops::setitem(
        &c,
        &Value::Int(0),
        op(host, BinOp::Div, &c0, &Value::Int(order))?,
    )?;
    let rest = slice(Some(1), None, None);
    let tail = item(&c, rest.clone())?;
    let scaled = op(host, BinOp::Div, &tail, &float(0.5 * order as f64))?;
    crate::ops::setitem(&c, &rest, scaled)?;
    Ok(c)
}

/// `polyvalfromroots(x, r, tensor)`: the product of `x - r` over the roots.
pub fn valfromroots(host: &mut dyn Host, x: &Value, r: &Value, tensor: bool) -> Result<Value> {
    let mut ra = crate::numpy::conv::array_from(r, None)?;
    if ra.ndim() == 0 {
        ra = ra.reshape(&[1])?;
    }
    if ra.dtype().is_integer() || ra.dtype().is_bool() {
        ra = ra.astype(xpush_npu::DType::Float64);
    }
    let x = match x {
        Value::List(_) | Value::Tuple(_) => np(host, "asarray", vec![x.clone()])?,
        _ => x.clone(),
    };
    if let Value::Array(xa) = &x {
        if tensor {
            let mut shape: Vec<isize> = ra.shape().iter().map(|&n| n as isize).collect();
            shape.extend(std::iter::repeat_n(1, xa.ndim()));
            ra = ra.reshape(&shape)?;
        } else if xa.ndim() >= ra.ndim() {
            return Err(Error::value_error(
                "x.ndim must be < r.ndim when tensor == False",
            ));
        }
    }
    let d = op(host, BinOp::Sub, &x, &crate::numpy::conv::wrap(ra))?;
    np_kw(host, "prod", vec![d], &[("axis", Value::Int(0))])
}
