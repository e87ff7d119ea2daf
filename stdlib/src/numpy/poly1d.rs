//! `np.poly1d`: NumPy's one-dimensional polynomial class
//! (numpy/lib/_polynomial_impl.py). NumPy writes it in Python, so here it
//! is a class like a user's ([`crate::py::class::Class`], module `numpy`)
//! whose methods are the table entries of the `poly1d` module below:
//! operators, `len`, `repr`, `str`, calls and `isinstance` go through the
//! same special-method machinery as for any Python class, and arrays meet
//! a poly1d through its `__array__` (its coefficients), as in NumPy. The
//! instance's `__dict__` holds `coeffs` and `_variable`, as NumPy's does.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use super::compose::{bin, call_in, cmp, item, method, np, np_kw, truth};
use super::conv::as_array;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::class::{Attrs, Class, Descriptor, Instance};
use crate::table::{self, FuncDef, Kind};
use crate::value::{Object, Value};
use crate::{Error, Result};

/// `np.poly1d` itself, for `:help` and the API listing (the module's
/// `poly1d` is the class, [`class_value`]).
pub const FUNCS: &[FuncDef] = &[
    entry!(npu = crate::coverage::how::POLYVAL, runs = Dispatch, Function, NumpyLinalg, "numpy", "poly1d", "(c_or_r, r=False, variable=None)", construct,
        "A one-dimensional polynomial (a class): coefficients highest power first, or its roots with r=True; arithmetic, calls, deriv and integ give poly1d.",
        ["np.poly1d([1, 2, 3])(2)  # np.int64(11)", "np.poly1d([1, 2], r=True)  # poly1d([ 1., -3.,  2.])", "np.poly1d([1, 2]) * np.poly1d([1, 3])  # poly1d([1, 5, 6])"]),
];

/// The methods and properties of the class (module `poly1d`).
pub const METHODS: &[FuncDef] = &[
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__init__",
        "(self, c_or_r, r=False, variable=None)",
        init,
        "Initialises a poly1d from coefficients, roots (r=True) or another poly1d.",
        ["np.poly1d([0, 0, 1, 2])  # poly1d([1, 2])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__array__",
        "(self, t=None, copy=None)",
        array,
        "The coefficients as an array (optionally of dtype t).",
        ["np.asarray(np.poly1d([1, 2]))  # array([1, 2])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__repr__",
        "(self)",
        repr,
        "poly1d([...]): the coefficients' array repr.",
        ["repr(np.poly1d([1.0, 2]))  # 'poly1d([1., 2.])'"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__str__",
        "(self)",
        to_str,
        "The polynomial printed on two lines, the powers above the terms.",
        ["str(np.poly1d([1, 2]))  # ' \\n1 x + 2'"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__len__",
        "(self)",
        len,
        "The order of the polynomial.",
        ["len(np.poly1d([1, 2, 3]))  # 2"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__call__",
        "(self, val)",
        call,
        "The polynomial at val (a number, an array, or a poly1d: the composition).",
        ["np.poly1d([1, 2])(np.poly1d([1, 1]))  # poly1d([1, 3])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__neg__",
        "(self)",
        neg,
        "The polynomial negated.",
        ["-np.poly1d([1, 2])  # poly1d([-1, -2])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__pos__",
        "(self)",
        pos,
        "The polynomial itself.",
        ["np.poly1d([1, 2]).__pos__()  # poly1d([1, 2])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__mul__",
        "(self, other)",
        mul,
        "The product with a scalar or another polynomial.",
        ["np.poly1d([1, 2]) * 2  # poly1d([2, 4])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__rmul__",
        "(self, other)",
        rmul,
        "The product with a scalar or another polynomial.",
        ["2 * np.poly1d([1, 2])  # poly1d([2, 4])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__add__",
        "(self, other)",
        add,
        "The sum with another polynomial (a scalar is one of order 0).",
        ["np.poly1d([1, 2]) + 1  # poly1d([1, 3])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__radd__",
        "(self, other)",
        radd,
        "The sum with another polynomial.",
        ["1 + np.poly1d([1, 2])  # poly1d([1, 3])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__sub__",
        "(self, other)",
        sub,
        "The difference with another polynomial.",
        ["np.poly1d([1, 2]) - [1, 1]  # poly1d([1])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__rsub__",
        "(self, other)",
        rsub,
        "Another polynomial minus this one.",
        ["1 - np.poly1d([1, 2])  # poly1d([-1, -1])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__truediv__",
        "(self, other)",
        truediv,
        "Division by a scalar, or polynomial division: (quotient, remainder).",
        ["np.poly1d([2, 4]) / 2  # poly1d([1., 2.])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__rtruediv__",
        "(self, other)",
        rtruediv,
        "A scalar divided by the coefficients, or polynomial division.",
        ["[1, 2, 1] / np.poly1d([1, 1])  # (poly1d([1., 1.]), poly1d([0.]))"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__pow__",
        "(self, val)",
        pow,
        "The polynomial to a non-negative integer power.",
        ["np.poly1d([1, 1]) ** 2  # poly1d([1, 2, 1])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__eq__",
        "(self, other)",
        eq,
        "Whether two polynomials have the same coefficients.",
        ["np.poly1d([1, 2]) == np.poly1d([0, 1, 2])  # np.True_"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__ne__",
        "(self, other)",
        ne,
        "Whether two polynomials differ.",
        ["np.poly1d([1, 2]) != np.poly1d([1, 3])  # True"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__getitem__",
        "(self, val)",
        getitem,
        "The coefficient of x**val (0 beyond the order).",
        ["np.poly1d([1, 2, 3])[2]  # np.int64(1)"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__setitem__",
        "(self, key, val)",
        setitem,
        "Sets the coefficient of x**key, growing the polynomial if needed.",
        ["p = np.poly1d([1, 2]); p.__setitem__(2, 5); p  # poly1d([5, 1, 2])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "__iter__",
        "(self)",
        iter,
        "An iterator over the coefficients.",
        ["list(np.poly1d([1, 2]))  # [np.int64(1), np.int64(2)]"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "deriv",
        "(self, m=1)",
        deriv,
        "The m-th derivative.",
        ["np.poly1d([1, 1, 1]).deriv()  # poly1d([2, 1])"]
    ),
    entry!(
        Method,
        NumpyLinalg,
        "poly1d",
        "integ",
        "(self, m=1, k=0)",
        integ,
        "The m-th antiderivative, with integration constants k.",
        ["np.poly1d([3, 2, 1]).integ()  # poly1d([1., 1., 1., 0.])"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "coeffs",
        "(self, /)",
        coeffs_prop,
        "The coefficients, highest power first.",
        ["np.poly1d([1, 2]).coeffs  # array([1, 2])"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "c",
        "(self, /)",
        coeffs_prop,
        "The coefficients (coeffs).",
        ["np.poly1d([1, 2]).c  # array([1, 2])"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "coef",
        "(self, /)",
        coeffs_prop,
        "The coefficients (coeffs).",
        ["np.poly1d([1, 2]).coef  # array([1, 2])"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "coefficients",
        "(self, /)",
        coeffs_prop,
        "The coefficients (coeffs).",
        ["np.poly1d([1, 2]).coefficients  # array([1, 2])"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "variable",
        "(self, /)",
        variable_prop,
        "The name of the variable in the printed form.",
        ["np.poly1d([1, 2], variable='z').variable  # 'z'"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "order",
        "(self, /)",
        order_prop,
        "The order (degree) of the polynomial.",
        ["np.poly1d([1, 2, 3]).order  # 2"]
    ),
    entry!(
        Property,
        NumpyLinalg,
        "poly1d",
        "o",
        "(self, /)",
        order_prop,
        "The order (order).",
        ["np.poly1d([1, 2, 3]).o  # 2"]
    ),
    entry!(
        npu = crate::coverage::how::HOST_NUMERIC,
        runs = Dispatch,
        Property,
        NumpyLinalg,
        "poly1d",
        "roots",
        "(self, /)",
        roots_prop,
        "The roots of the polynomial.",
        ["np.poly1d([1, -3, 2]).roots  # array([2., 1.])"]
    ),
    entry!(
        npu = crate::coverage::how::HOST_NUMERIC,
        runs = Dispatch,
        Property,
        NumpyLinalg,
        "poly1d",
        "r",
        "(self, /)",
        roots_prop,
        "The roots (roots).",
        ["np.poly1d([1, -3, 2]).r  # array([2., 1.])"]
    ),
];

/// The numpy entries that take a poly1d as it is (NumPy's
/// `isinstance(p, poly1d)` tests in them), not as its `__array__`.
const SEES_POLY1D: [&str; 8] = [
    "poly1d", "polyval", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint",
];

/// Whether the entry `d` receives poly1d arguments unconverted.
pub fn sees_poly1d(d: &FuncDef) -> bool {
    d.module == "numpy" && SEES_POLY1D.contains(&d.name)
}

thread_local! {
    static CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
}

/// The namespace of a class whose methods are the table entries of
/// `module`: properties as property descriptors, the entries named in
/// `class_methods` as classmethods, the others as plain functions.
pub fn table_attrs(module: &str, class_methods: &[&str]) -> Attrs {
    let mut attrs = Attrs::default();
    for (id, d) in table::members(module) {
        let v = match d.kind {
            Kind::Property => crate::py::class::descriptor(Descriptor::Property {
                get: Value::Builtin(id),
                set: Value::None,
                del: Value::None,
            }),
            _ if class_methods.contains(&d.name) => {
                crate::py::class::descriptor(Descriptor::ClassMethod(Value::Builtin(id)))
            }
            _ => Value::Builtin(id),
        };
        attrs.set(d.name, v);
    }
    attrs
}

/// The class `numpy.poly1d` (one per thread, built on first use).
pub fn class() -> Result<Rc<Class>> {
    if let Some(c) = CLASS.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let mut attrs = table_attrs("poly1d", &[]);
    attrs.set("__hash__", Value::None);
    let c = Rc::new(Class::new("poly1d", "poly1d", "numpy", Vec::new(), attrs)?);
    CLASS.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

/// `np.poly1d` as the module holds it.
pub fn class_value() -> Result<Value> {
    Ok(Value::Class(class()?))
}

/// `isinstance(v, np.poly1d)`.
pub fn is_poly1d(v: &Value) -> bool {
    match v {
        Value::Instance(i) => class().is_ok_and(|c| i.class.is_subclass(&c)),
        _ => false,
    }
}

fn instance(v: &Value) -> Result<&Rc<Instance>> {
    match v {
        Value::Instance(i) if is_poly1d(v) => Ok(i),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.poly1d' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// `p.coeffs`.
pub fn coeffs_of(v: &Value) -> Result<Value> {
    instance(v)?
        .attrs
        .borrow()
        .get("coeffs")
        .cloned()
        .ok_or_else(|| Error::attribute_error("'poly1d' object has no attribute 'coeffs'"))
}

fn variable_of(v: &Value) -> Result<Value> {
    instance(v)?
        .attrs
        .borrow()
        .get("_variable")
        .cloned()
        .ok_or_else(|| Error::attribute_error("'poly1d' object has no attribute '_variable'"))
}

/// NumPy's `poly1d.__init__` on the instance `this`.
fn init_with(
    host: &mut dyn Host,
    this: &Value,
    c_or_r: &Value,
    r: &Value,
    variable: &Value,
) -> Result<()> {
    let inst = instance(this)?;
    if is_poly1d(c_or_r) {
        let (var, c) = (variable_of(c_or_r)?, coeffs_of(c_or_r)?);
        let mut attrs = inst.attrs.borrow_mut();
        attrs.set("_variable", var);
        attrs.set("coeffs", c);
        if !variable.is_none() {
            attrs.set("_variable", variable.clone());
        }
        return Ok(());
    }
    let c = if truth(r)? {
        np(host, "poly", vec![c_or_r.clone()])?
    } else {
        c_or_r.clone()
    };
    let c = super::poly::coeffs(host, &c)?;
    let var = if variable.is_none() {
        Value::str("x")
    } else {
        variable.clone()
    };
    let mut attrs = inst.attrs.borrow_mut();
    attrs.set("coeffs", c);
    attrs.set("_variable", var);
    Ok(())
}

/// `poly1d(c_or_r)`: a new (plain) poly1d.
pub fn new(host: &mut dyn Host, c_or_r: &Value) -> Result<Value> {
    let this = Value::Instance(Rc::new(Instance {
        class: class()?,
        attrs: RefCell::new(Attrs::default()),
        args: RefCell::new(Vec::new()),
    }));
    init_with(host, &this, c_or_r, &Value::Bool(false), &Value::None)?;
    Ok(this)
}

fn construct(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let kw = vec![
        (Rc::from("r"), a.get(1).clone()),
        (Rc::from("variable"), a.get(2).clone()),
    ];
    crate::ops::call(host, &class_value()?, vec![a.get(0).clone()], kw)
}

fn init(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, c, r, var) = (
        a.get(0).clone(),
        a.get(1).clone(),
        a.get(2).clone(),
        a.get(3).clone(),
    );
    init_with(host, &this, &c, &r, &var)?;
    Ok(Value::None)
}

fn array(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coeffs_of(a.get(0))?;
    let mut args = vec![c];
    if truth(a.get(1))? {
        args.push(a.get(1).clone());
    }
    match a.get(2) {
        Value::None => np(host, "asarray", args),
        copy => np_kw(host, "array", args, &[("copy", copy.clone())]),
    }
}

fn repr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = crate::ops::repr(&coeffs_of(a.get(0))?);
    let chars: Vec<char> = r.chars().collect();
    let inner: String = if chars.len() >= 7 {
        chars[6..chars.len() - 1].iter().collect()
    } else {
        String::new()
    };
    Ok(Value::str(format!("poly1d({inner})")))
}

/// Python's `f'{q:.4g}'` with a trailing `.0000` removed.
fn fmt_float(q: &Value) -> Result<String> {
    let f = crate::py::num::to_f64(q)?;
    let s = crate::py::format::format(&Value::Float(f), ".4g")?;
    Ok(s.strip_suffix(".0000").map(str::to_string).unwrap_or(s))
}

/// NumPy's `_raise_power`: the `**N` exponents moved to a line above,
/// wrapped at 70 columns.
fn raise_power(astr: &str, wrap: usize) -> String {
    let (mut line1, mut line2) = (String::new(), String::new());
    let mut output = String::from(" ");
    let mut n = 0;
    while let Some(off) = astr[n..].find("**") {
        let start = n + off;
        let digits_end = astr[start + 2..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(astr.len(), |e| start + 2 + e);
        let power = &astr[start + 2..digits_end];
        let partstr = &astr[n..start];
        n = digits_end;
        let pad = " ".repeat(power.len().saturating_sub(1));
        let toadd2 = format!("{partstr}{pad}");
        let toadd1 = format!(
            "{}{power}",
            " ".repeat(partstr.chars().count().saturating_sub(1))
        );
        if line2.chars().count() + toadd2.chars().count() > wrap
            || line1.chars().count() + toadd1.chars().count() > wrap
        {
            output.push_str(&format!("{line1}\n{line2}\n "));
            line1 = toadd1;
            line2 = toadd2;
        } else {
            line2.push_str(&toadd2);
            line1.push_str(&toadd1);
        }
    }
    output.push_str(&format!("{line1}\n{line2}"));
    output + &astr[n..]
}

fn to_str(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0);
    let var = crate::ops::to_str(&variable_of(this)?);
    let all = coeffs_of(this)?;
    let nonzero = cmp(CmpOp::NotEq, &all, &Value::Int(0))?;
    // `coeffs[logical_or.accumulate(coeffs != 0)]`: leading zeros dropped.
    let seen = np(host, "cumsum", vec![nonzero])?;
    let keep = cmp(CmpOp::Gt, &seen, &Value::Int(0))?;
    let coeffs = crate::py::iter::to_vec(&item(&all, keep)?)?;
    let n = coeffs.len() as i64 - 1;
    let mut thestr = String::from("0");
    for (k, coeff) in coeffs.iter().enumerate() {
        let re = np(host, "real", vec![coeff.clone()])?;
        let im = np(host, "imag", vec![coeff.clone()])?;
        let coefstr = if !truth(&np(host, "iscomplex", vec![coeff.clone()])?)? {
            fmt_float(&re)?
        } else if truth(&cmp(CmpOp::Eq, &re, &Value::Int(0))?)? {
            format!("{}j", fmt_float(&im)?)
        } else {
            format!("({} + {}j)", fmt_float(&re)?, fmt_float(&im)?)
        };
        let power = n - k as i64;
        let newstr = match power {
            0 if coefstr != "0" => coefstr,
            0 if k == 0 => "0".to_string(),
            0 => String::new(),
            _ if coefstr == "0" => String::new(),
            1 => format!("{coefstr} {var}"),
            _ => format!("{coefstr} {var}**{power}"),
        };
        if k > 0 {
            if !newstr.is_empty() {
                thestr = match newstr.strip_prefix('-') {
                    Some(rest) => format!("{thestr} - {rest}"),
                    None => format!("{thestr} + {newstr}"),
                };
            }
        } else {
            thestr = newstr;
        }
    }
    Ok(Value::str(raise_power(&thestr, 70)))
}

fn order(this: &Value) -> Result<i64> {
    let c = as_array(&coeffs_of(this)?)?;
    Ok(c.shape().first().copied().unwrap_or(1) as i64 - 1)
}

fn len(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(order(a.get(0))?))
}

fn call(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coeffs_of(a.get(0))?;
    np(host, "polyval", vec![c, a.get(1).clone()])
}

fn neg(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = crate::ops::unary(UnaryOp::Neg, &coeffs_of(a.get(0))?)?;
    new(host, &c)
}

fn pos(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(a.get(0).clone())
}

fn isscalar(host: &mut dyn Host, v: &Value) -> Result<bool> {
    truth(&np(host, "isscalar", vec![v.clone()])?)
}

/// `self * other` (`reflected`: `other * self`).
pub fn times(host: &mut dyn Host, this: &Value, other: &Value, reflected: bool) -> Result<Value> {
    let c = coeffs_of(this)?;
    if isscalar(host, other)? {
        let p = if reflected {
            bin(BinOp::Mul, other, &c)?
        } else {
            bin(BinOp::Mul, &c, other)?
        };
        return new(host, &p);
    }
    let o = coeffs_of(&new(host, other)?)?;
    let p = np(host, "polymul", vec![c, o])?;
    new(host, &p)
}

fn mul(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    times(host, a.get(0), a.get(1), false)
}

fn rmul(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    times(host, a.get(0), a.get(1), true)
}

/// `self + other`.
pub fn plus(host: &mut dyn Host, this: &Value, other: &Value) -> Result<Value> {
    let o = coeffs_of(&new(host, other)?)?;
    let p = np(host, "polyadd", vec![coeffs_of(this)?, o])?;
    new(host, &p)
}

fn add(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    plus(host, a.get(0), a.get(1))
}

fn radd(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    plus(host, a.get(0), a.get(1))
}

fn sub(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let o = coeffs_of(&new(host, a.get(1))?)?;
    let p = np(host, "polysub", vec![coeffs_of(a.get(0))?, o])?;
    new(host, &p)
}

fn rsub(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let o = coeffs_of(&new(host, a.get(1))?)?;
    let p = np(host, "polysub", vec![o, coeffs_of(a.get(0))?])?;
    new(host, &p)
}

fn truediv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, other) = (a.get(0).clone(), a.get(1).clone());
    if isscalar(host, &other)? {
        let p = bin(BinOp::Div, &coeffs_of(&this)?, &other)?;
        return new(host, &p);
    }
    let other = new(host, &other)?;
    np(host, "polydiv", vec![this, other])
}

fn rtruediv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, other) = (a.get(0).clone(), a.get(1).clone());
    if isscalar(host, &other)? {
        let p = bin(BinOp::Div, &other, &coeffs_of(&this)?)?;
        return new(host, &p);
    }
    let other = new(host, &other)?;
    np(host, "polydiv", vec![other, this])
}

fn pow(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, val) = (a.get(0).clone(), a.get(1).clone());
    let bad = || Error::value_error("Power to non-negative integers only.");
    if !isscalar(host, &val)? {
        return Err(bad());
    }
    let as_int = crate::ops::call(
        host,
        &Value::Builtin(table::lookup_builtin("int").ok_or_else(bad)?),
        vec![val.clone()],
        Vec::new(),
    )?;
    if !truth(&cmp(CmpOp::Eq, &as_int, &val)?)? || truth(&cmp(CmpOp::Lt, &val, &Value::Int(0))?)? {
        return Err(bad());
    }
    // `range(val)`: an integer, not a float equal to one.
    let n = crate::py::num::index_i64(&val)?;
    let c = coeffs_of(&this)?;
    let mut res = Value::list(vec![Value::Int(1)]);
    for _ in 0..n {
        res = np(host, "polymul", vec![c.clone(), res])?;
    }
    new(host, &res)
}

/// `self == other` for two poly1d; `None` (NotImplemented) otherwise.
fn equal(host: &mut dyn Host, this: &Value, other: &Value) -> Result<Option<Value>> {
    if !is_poly1d(other) {
        return Ok(None);
    }
    let (x, y) = (coeffs_of(this)?, coeffs_of(other)?);
    if as_array(&x)?.shape() != as_array(&y)?.shape() {
        return Ok(Some(Value::Bool(false)));
    }
    let same = cmp(CmpOp::Eq, &x, &y)?;
    Ok(Some(method(host, &same, "all", Vec::new())?))
}

fn eq(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(equal(host, a.get(0), a.get(1))?.unwrap_or_else(Object::not_implemented))
}

fn ne(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match equal(host, a.get(0), a.get(1))? {
        Some(v) => Value::Bool(!truth(&v)?),
        None => Object::not_implemented(),
    })
}

/// `self.coeffs.dtype.type(0)`.
fn zero_of(host: &mut dyn Host, c: &Value) -> Result<Value> {
    let dt = Value::DType(as_array(c)?.dtype());
    let z = np_kw(host, "array", vec![Value::Int(0)], &[("dtype", dt)])?;
    item(&z, Value::tuple(Vec::new()))
}

fn getitem(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let val = a.get(1).clone();
    let ord = Value::Int(order(&this)?);
    let ind = bin(BinOp::Sub, &ord, &val)?;
    let c = coeffs_of(&this)?;
    if truth(&cmp(CmpOp::Gt, &val, &ord)?)? || truth(&cmp(CmpOp::Lt, &val, &Value::Int(0))?)? {
        return zero_of(host, &c);
    }
    item(&c, ind)
}

fn setitem(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, key, val) = (a.get(0).clone(), a.get(1).clone(), a.get(2).clone());
    let ord = order(&this)?;
    let key_i = crate::py::num::index_i64(&key)?;
    if key_i < 0 {
        return Err(Error::value_error("Does not support negative powers."));
    }
    let mut ind = ord - key_i;
    if key_i > ord {
        let c = coeffs_of(&this)?;
        let dt = Value::DType(as_array(&c)?.dtype());
        let zr = np(host, "zeros", vec![Value::Int(key_i - ord), dt])?;
        let grown = np(host, "concatenate", vec![Value::tuple(vec![zr, c])])?;
        instance(&this)?.attrs.borrow_mut().set("coeffs", grown);
        ind = 0;
    }
    crate::ops::setitem(&coeffs_of(&this)?, &Value::Int(ind), val)?;
    Ok(Value::None)
}

fn iter(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coeffs_of(a.get(0))?;
    call_in(host, "builtins", "iter", vec![c], &[])
}

fn deriv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coeffs_of(a.get(0))?;
    let d = np(host, "polyder", vec![c, a.get(1).clone()])?;
    new(host, &d)
}

fn integ(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coeffs_of(a.get(0))?;
    let i = np_kw(
        host,
        "polyint",
        vec![c],
        &[("m", a.get(1).clone()), ("k", a.get(2).clone())],
    )?;
    new(host, &i)
}

fn coeffs_prop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    coeffs_of(a.get(0))
}

fn variable_prop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    variable_of(a.get(0))
}

fn order_prop(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(order(a.get(0))?))
}

fn roots_prop(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    np(host, "roots", vec![coeffs_of(a.get(0))?])
}
