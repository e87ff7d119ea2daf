//! `ABCPolyBase` and its six classes (numpy/polynomial/_polybase.py).
//! As for `np.poly1d`, each is a [`Class`] like a user's whose methods are
//! the table entries of module `ABCPolyBase` below, so operators, calls,
//! `len`, `str`, `format` and `isinstance` go through the special-method
//! machinery as for any Python class. An instance holds `coef`, `_symbol`
//! and, when given, `domain` and `window` in its `__dict__`, as NumPy's do;
//! the class attributes hold the defaults.

use std::cell::RefCell;
use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use super::funcs::{self, op, Num, Series};
use super::Basis;
use crate::bind::Args;
use crate::host::Host;
use crate::numpy::compose::{call_in, cmp, item, np, np_kw, truth};
use crate::numpy::conv::as_array;
use crate::py::class::{Attrs, Class};
use crate::table;
use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// The classmethods among the entries of `ABCPolyBase`.
const CLASS_METHODS: [&str; 5] = ["fit", "fromroots", "identity", "basis", "cast"];

struct Classes {
    base: Rc<Class>,
    each: Vec<(Basis, Rc<Class>)>,
}

thread_local! {
    static CLASSES: RefCell<Option<Rc<Classes>>> = const { RefCell::new(None) };
}

fn domain_of(basis: Basis) -> Result<Value> {
    let (lo, hi) = basis.default_domain();
    Series::R(vec![lo, hi]).value()
}

fn classes() -> Result<Rc<Classes>> {
    if let Some(c) = CLASSES.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let mut attrs = crate::numpy::poly1d::table_attrs("ABCPolyBase", &CLASS_METHODS);
    attrs.set("__hash__", Value::None);
    attrs.set("__array_ufunc__", Value::None);
    attrs.set("maxpower", Value::Int(100));
    attrs.set("_use_unicode", Value::Bool(true));
    let base = Rc::new(Class::new(
        "ABCPolyBase",
        "ABCPolyBase",
        "numpy.polynomial._polybase",
        Vec::new(),
        attrs,
    )?);
    let mut each = Vec::new();
    for b in Basis::ALL {
        let mut attrs = Attrs::default();
        attrs.set("domain", domain_of(b)?);
        attrs.set("window", domain_of(b)?);
        attrs.set("basis_name", b.basis_name().map_or(Value::None, Value::str));
        let c = Class::new(
            b.class_name(),
            b.class_name(),
            b.module(),
            vec![Value::Class(base.clone())],
            attrs,
        )?;
        each.push((b, Rc::new(c)));
    }
    let c = Rc::new(Classes { base, each });
    CLASSES.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

/// The class of `basis` (`Polynomial`, `Chebyshev`, ...).
pub fn class_value(basis: Basis) -> Result<Value> {
    let c = classes()?;
    let (_, cls) = c
        .each
        .iter()
        .find(|(b, _)| *b == basis)
        .ok_or_else(|| Error::type_error("unknown polynomial basis"))?;
    Ok(Value::Class(cls.clone()))
}

/// `ABCPolyBase` itself.
pub fn base_value() -> Result<Value> {
    Ok(Value::Class(classes()?.base.clone()))
}

/// The basis of a class derived from one of the six.
fn basis_of_class(cls: &Rc<Class>) -> Result<Basis> {
    let c = classes()?;
    c.each
        .iter()
        .find(|(_, k)| cls.is_subclass(k))
        .map(|(b, _)| *b)
        .ok_or_else(|| Error::type_error(format!("{} is not a polynomial class", cls.name)))
}

/// `isinstance(v, ABCPolyBase)`.
pub fn is_poly(v: &Value) -> bool {
    match v {
        Value::Instance(i) => classes().is_ok_and(|c| i.class.is_subclass(&c.base)),
        _ => false,
    }
}

fn class_of(v: &Value) -> Result<Rc<Class>> {
    match v {
        Value::Instance(i) if is_poly(v) => Ok(i.class.clone()),
        Value::Class(c) => Ok(c.clone()),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.polynomial._polybase.ABCPolyBase' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

fn basis(v: &Value) -> Result<Basis> {
    basis_of_class(&class_of(v)?)
}

/// `obj.name` with Python's lookup (the instance, then its class).
fn get(host: &mut dyn Host, v: &Value, name: &str) -> Result<Value> {
    match crate::py::class::getattr(host, v, name) {
        Some(r) => r,
        None => crate::ops::getattr(v, name),
    }
}

/// `cls(coef, domain, window, symbol)`.
fn make(
    host: &mut dyn Host,
    cls: &Rc<Class>,
    coef: Value,
    domain: Value,
    window: Value,
    symbol: Value,
) -> Result<Value> {
    crate::ops::call(
        host,
        &Value::Class(cls.clone()),
        vec![coef, domain, window, symbol],
        Vec::new(),
    )
}

/// `self.__class__(coef, self.domain, self.window, self.symbol)`.
fn like(host: &mut dyn Host, this: &Value, coef: Value) -> Result<Value> {
    let (d, w, s) = (
        get(host, this, "domain")?,
        get(host, this, "window")?,
        get(host, this, "symbol")?,
    );
    make(host, &class_of(this)?, coef, d, w, s)
}

fn coef(host: &mut dyn Host, v: &Value) -> Result<Value> {
    get(host, v, "coef")
}

/// `np.all(a == b)`.
fn all_equal(host: &mut dyn Host, a: &Value, b: &Value) -> Result<Value> {
    let e = cmp(CmpOp::Eq, a, b)?;
    np(host, "all", vec![e])
}

pub(crate) fn init(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let Value::Instance(inst) = &this else {
        return Err(Error::type_error("__init__ needs a polynomial instance"));
    };
    let dt = funcs::common_type(&[a.get(1)])?;
    let c = funcs::narrow(funcs::as_series(a.get(1), false)?.value()?, dt)?;
    let mut sets = vec![("coef", c)];
    for (i, name, what) in [(2, "domain", "Domain"), (3, "window", "Window")] {
        let v = a.get(i);
        if v.is_none() {
            continue;
        }
        let s = funcs::as_series(v, false)?;
        if s.len() != 2 {
            return Err(Error::value_error(format!(
                "{what} has wrong number of elements."
            )));
        }
        sets.push((name, funcs::narrow(s.value()?, funcs::common_type(&[v])?)?));
    }
    let symbol = a.get(4).clone();
    match &symbol {
        Value::Str(s) => {
            let ident = crate::collections::is_identifier(s);
            if !ident {
                return Err(Error::value_error(
                    "Symbol string must be a valid Python identifier",
                ));
            }
        }
        _ => return Err(Error::type_error("Symbol must be a non-empty string")),
    }
    sets.push(("_symbol", symbol));
    let mut attrs = inst.attrs.borrow_mut();
    for (k, v) in sets {
        attrs.set(k, v);
    }
    Ok(Value::None)
}

/// `repr(a)[6:-1]`: an array's repr without `array(` and `)`.
fn inner_repr(v: &Value) -> String {
    let r = crate::ops::repr(v);
    let chars: Vec<char> = r.chars().collect();
    if chars.len() < 7 {
        return String::new();
    }
    chars[6..chars.len() - 1].iter().collect()
}

pub(crate) fn repr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = inner_repr(&coef(host, &this)?);
    let d = inner_repr(&get(host, &this, "domain")?);
    let w = inner_repr(&get(host, &this, "window")?);
    let s = crate::ops::to_str(&get(host, &this, "symbol")?);
    let name = class_of(&this)?.name;
    Ok(Value::str(format!(
        "{name}({c}, domain={d}, window={w}, symbol='{s}')"
    )))
}

/// `pu.format_float(x, parens)`.
pub fn format_float(host: &mut dyn Host, x: &Value, parens: bool) -> Result<String> {
    let is_float =
        matches!(x, Value::Float(_)) || matches!(x, Value::Scalar(s) if s.dtype().is_float());
    if !is_float {
        return Ok(crate::ops::to_str(x));
    }
    let f = crate::py::num::to_f64(x)?;
    if f.is_nan() {
        return Ok("nan".into());
    }
    if f.is_infinite() {
        return Ok("inf".into());
    }
    let precision = crate::numpy::printopts::get().precision as i64;
    let limit = 10f64.powi((-(precision - 1)).div_euclid(2).min(0) as i32);
    let exp = f != 0.0 && (f.abs() >= 1e8 || f.abs() < limit);
    let kw = [
        ("precision", Value::Int(precision)),
        ("unique", Value::Bool(true)),
        ("trim", Value::str("0")),
    ];
    Ok(if exp {
        let s = np_kw(host, "format_float_scientific", vec![x.clone()], &kw)?;
        let s = crate::ops::to_str(&s);
        if parens {
            format!("({s})")
        } else {
            s
        }
    } else {
        let s = np_kw(host, "format_float_positional", vec![x.clone()], &kw)?;
        crate::ops::to_str(&s)
    })
}

fn translate(i: &str, digits: &[char; 10]) -> String {
    i.chars()
        .map(|c| c.to_digit(10).map_or(c, |d| digits[d as usize]))
        .collect()
}

const SUPERSCRIPTS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
const SUBSCRIPTS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];

/// `_str_term_unicode` / `_str_term_ascii` of the class.
fn term(basis: Basis, unicode: bool, i: &str, arg: &str) -> String {
    match (basis.basis_name(), unicode) {
        (None, true) if i == "1" => format!("·{arg}"),
        (None, true) => format!("·{arg}{}", translate(i, &SUPERSCRIPTS)),
        (None, false) if i == "1" => format!(" {arg}"),
        (None, false) => format!(" {arg}**{i}"),
        (Some(b), true) => format!("·{b}{}({arg})", translate(i, &SUBSCRIPTS)),
        (Some(b), false) => format!(" {b}_{i}({arg})"),
    }
}

/// A scalar formatter (`pu.format_float`, `_repr_latex_scalar`).
type ScalarFormat = fn(&mut dyn Host, &Value, bool) -> Result<String>;

/// `_format_term`: the symbol mapped from the domain to the window
/// (`-1.0 + 2.0x`), and whether it needs parentheses.
fn format_term(host: &mut dyn Host, this: &Value, fmt: ScalarFormat) -> Result<(String, bool)> {
    let (off, scale) = mapparms_of(host, this)?;
    let symbol = crate::ops::to_str(&get(host, this, "symbol")?);
    let is = |v: &Value, x: i64| -> Result<bool> { truth(&cmp(CmpOp::Eq, v, &Value::Int(x))?) };
    Ok(if is(&off, 0)? && is(&scale, 1)? {
        (symbol, false)
    } else if is(&scale, 1)? {
        (format!("{} + {symbol}", fmt(host, &off, false)?), true)
    } else if is(&off, 0)? {
        (format!("{}{symbol}", fmt(host, &scale, false)?), true)
    } else {
        let o = fmt(host, &off, false)?;
        (format!("{o} + {}{symbol}", fmt(host, &scale, false)?), true)
    })
}

/// `_generate_string`.
fn generate(host: &mut dyn Host, this: &Value, unicode: bool) -> Result<String> {
    let linewidth = crate::numpy::printopts::get().linewidth.max(1);
    let b = basis(this)?;
    let c = coef(host, this)?;
    let coefs = crate::py::iter::to_vec(&c)?;
    let first = coefs
        .first()
        .ok_or_else(|| Error::index_error("index 0 is out of bounds for axis 0 with size 0"))?;
    let mut out = format_float(host, first, false)?;
    let (mapped, needs_parens) = format_term(host, this, format_float)?;
    let scaled = if needs_parens {
        format!("({mapped})")
    } else {
        mapped
    };
    let rest = &coefs[1..];
    for (i, cf) in rest.iter().enumerate() {
        out.push(' ');
        let power = (i + 1).to_string();
        let mut next = match Num::of(cf)? {
            Num::C(_) => format!("+ {}", crate::ops::to_str(cf)),
            Num::R(x) if x >= 0.0 || x.is_nan() && !x.is_sign_negative() => {
                if x.is_nan() {
                    format!("- {}", format_float(host, cf, true)?)
                } else {
                    format!("+ {}", format_float(host, cf, true)?)
                }
            }
            Num::R(_) => {
                let neg = crate::ops::unary(UnaryOp::Neg, cf)?;
                format!("- {}", format_float(host, &neg, true)?)
            }
        };
        next.push_str(&term(b, unicode, &power, &scaled));
        let last_line = out.rsplit('\n').next().unwrap_or("");
        let mut line_len = last_line.chars().count() + next.chars().count();
        if i + 1 < rest.len() {
            line_len += 2;
        }
        if line_len >= linewidth {
            next = next.replacen(' ', "\n", 1);
        }
        out.push_str(&next);
    }
    Ok(out)
}

pub(crate) fn to_str(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let unicode = truth(&get(host, &this, "_use_unicode")?)?;
    Ok(Value::str(generate(host, &this, unicode)?))
}

pub(crate) fn format(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let spec = crate::ops::to_str(a.get(1));
    let unicode = match spec.as_str() {
        "" => return to_str(host, a),
        "ascii" => false,
        "unicode" => true,
        _ => {
            let cls = crate::ops::to_str(&Value::Class(class_of(&this)?));
            return Err(Error::value_error(format!(
                "Unsupported format string '{spec}' passed to {cls}.__format__. Valid options are 'ascii' and 'unicode'"
            )));
        }
    };
    Ok(Value::str(generate(host, &this, unicode)?))
}

/// `_repr_latex_scalar`: `\text{...}` around the formatted number.
fn latex_scalar(host: &mut dyn Host, x: &Value, parens: bool) -> Result<String> {
    Ok(format!("\\text{{{}}}", format_float(host, x, parens)?))
}

/// `_repr_latex_term` of the class.
fn latex_term(basis: Basis, i: usize, arg: &str, needs_parens: bool) -> String {
    match basis.basis_name() {
        Some(b) => format!("{{{b}}}_{{{i}}}({arg})"),
        None => {
            let arg = if needs_parens {
                format!("\\left({arg}\\right)")
            } else {
                arg.to_string()
            };
            match i {
                0 => "1".to_string(),
                1 => arg,
                _ => format!("{arg}^{{{i}}}"),
            }
        }
    }
}

/// `_repr_latex_`: the series as LaTeX, `$x \mapsto ...$`, zero terms greyed.
pub(crate) fn repr_latex(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let b = basis(&this)?;
    let (term, needs_parens) = format_term(host, &this, latex_scalar)?;
    let symbol = crate::ops::to_str(&get(host, &this, "symbol")?);
    let is = |v: &Value, x: i64| -> Result<bool> { truth(&cmp(CmpOp::Eq, v, &Value::Int(x))?) };
    let coefs = crate::py::iter::to_vec(&coef(host, &this)?)?;
    let mut body = String::new();
    for (i, c) in coefs.iter().enumerate() {
        let coef_str = match Num::of(c)? {
            _ if i == 0 => latex_scalar(host, c, false)?,
            Num::C(_) => format!(" + ({})", latex_scalar(host, c, false)?),
            Num::R(x) if x >= 0.0 => format!(" + {}", latex_scalar(host, c, true)?),
            Num::R(_) => {
                let neg = crate::ops::unary(UnaryOp::Neg, c)?;
                format!(" - {}", latex_scalar(host, &neg, true)?)
            }
        };
        let term_str = latex_term(b, i, &term, needs_parens);
        let part = if term_str == "1" {
            coef_str
        } else {
            format!("{coef_str}\\,{term_str}")
        };
        if is(c, 0)? {
            body.push_str(&format!("\\color{{LightGray}}{{{part}}}"));
        } else {
            body.push_str(&part);
        }
    }
    if body.is_empty() {
        body.push('0');
    }
    Ok(Value::str(format!("${symbol} \\mapsto {body}$")))
}

/// `self.mapparms()`.
fn mapparms_of(host: &mut dyn Host, this: &Value) -> Result<(Value, Value)> {
    let d = get(host, this, "domain")?;
    let w = get(host, this, "window")?;
    funcs::mapparms(host, &d, &w)
}

pub(crate) fn mapparms(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (off, scl) = mapparms_of(host, a.get(0))?;
    Ok(Value::tuple(vec![off, scl]))
}

/// `self(arg)`: the series at `arg` mapped from the domain to the window.
pub fn evaluate(host: &mut dyn Host, this: &Value, arg: &Value) -> Result<Value> {
    let d = get(host, this, "domain")?;
    let w = get(host, this, "window")?;
    let x = funcs::mapdomain(host, arg, &d, &w)?;
    let c = coef(host, this)?;
    funcs::val(host, basis(this)?, &x, &c, true)
}

pub(crate) fn call(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    evaluate(host, a.get(0), a.get(1))
}

pub(crate) fn iter(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coef(host, a.get(0))?;
    call_in(host, "builtins", "iter", vec![c], &[])
}

pub(crate) fn len(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coef(host, a.get(0))?;
    Ok(Value::Int(funcs::py_len(host, &c)?))
}

pub(crate) fn neg(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = crate::ops::unary(UnaryOp::Neg, &coef(host, &this)?)?;
    like(host, &this, c)
}

pub(crate) fn pos(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(a.get(0).clone())
}

/// `_get_coefficients(other)`: another polynomial's coefficients after the
/// checks that it is of the same kind, or `other` itself.
fn other_coefs(host: &mut dyn Host, this: &Value, other: &Value) -> Result<Value> {
    if !is_poly(other) {
        return Ok(other.clone());
    }
    if !class_of(other)?.is_subclass(&class_of(this)?) {
        return Err(Error::type_error("Polynomial types differ"));
    }
    for (name, msg) in [("domain", "Domains differ"), ("window", "Windows differ")] {
        let (x, y) = (get(host, this, name)?, get(host, other, name)?);
        if !truth(&all_equal(host, &x, &y)?)? {
            return Err(Error::type_error(msg));
        }
    }
    let (s1, s2) = (get(host, this, "symbol")?, get(host, other, "symbol")?);
    if !truth(&cmp(CmpOp::Eq, &s1, &s2)?)? {
        return Err(Error::value_error("Polynomial symbols differ"));
    }
    coef(host, other)
}

/// The three products of the base class.
#[derive(Clone, Copy)]
enum Arith {
    Add,
    Sub,
    Mul,
}

fn arith(host: &mut dyn Host, a: &Args, kind: Arith, reflected: bool) -> Result<Value> {
    let (this, other) = (a.get(0).clone(), a.get(1).clone());
    let mine = coef(host, &this)?;
    let theirs = if reflected {
        other
    } else {
        other_coefs(host, &this, &other)?
    };
    let (c1, c2) = if reflected {
        (&theirs, &mine)
    } else {
        (&mine, &theirs)
    };
    let b = basis(&this)?;
    let r = match kind {
        Arith::Add => funcs::add(c1, c2),
        Arith::Sub => funcs::sub(c1, c2),
        Arith::Mul => funcs::mul(b, c1, c2),
    };
    match r {
        Ok(c) => like(host, &this, c),
        Err(_) => Ok(Object::not_implemented()),
    }
}

pub(crate) fn add(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Add, false)
}
pub(crate) fn radd(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Add, true)
}
pub(crate) fn sub(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Sub, false)
}
pub(crate) fn rsub(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Sub, true)
}
pub(crate) fn mul(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Mul, false)
}
pub(crate) fn rmul(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    arith(host, a, Arith::Mul, true)
}

/// `__divmod__` (`reflected`: `__rdivmod__`): `None` for NotImplemented.
fn divmod_of(
    host: &mut dyn Host,
    this: &Value,
    other: &Value,
    reflected: bool,
) -> Result<Option<(Value, Value)>> {
    let mine = coef(host, this)?;
    let theirs = if reflected {
        other.clone()
    } else {
        other_coefs(host, this, other)?
    };
    let (c1, c2) = if reflected {
        (&theirs, &mine)
    } else {
        (&mine, &theirs)
    };
    let (q, r) = match funcs::div_series(basis(this)?, c1, c2) {
        Ok(qr) => qr,
        Err(e) if e.kind() == ExcKind::ZeroDivisionError => return Err(e),
        Err(_) => return Ok(None),
    };
    let dt = funcs::common_type(&[c1, c2])?;
    let q = like(host, this, funcs::narrow(q.value()?, dt)?)?;
    let r = like(host, this, funcs::narrow(r.value()?, dt)?)?;
    Ok(Some((q, r)))
}

pub(crate) fn divmod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match divmod_of(host, a.get(0), a.get(1), false)? {
        Some((q, r)) => Value::tuple(vec![q, r]),
        None => Object::not_implemented(),
    })
}
pub(crate) fn rdivmod(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match divmod_of(host, a.get(0), a.get(1), true)? {
        Some((q, r)) => Value::tuple(vec![q, r]),
        None => Object::not_implemented(),
    })
}
pub(crate) fn floordiv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(divmod_of(host, a.get(0), a.get(1), false)?.map_or_else(Object::not_implemented, |p| p.0))
}
pub(crate) fn rfloordiv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(divmod_of(host, a.get(0), a.get(1), true)?.map_or_else(Object::not_implemented, |p| p.0))
}
pub(crate) fn modulo(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(divmod_of(host, a.get(0), a.get(1), false)?.map_or_else(Object::not_implemented, |p| p.1))
}
pub(crate) fn rmodulo(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(divmod_of(host, a.get(0), a.get(1), true)?.map_or_else(Object::not_implemented, |p| p.1))
}

/// `type(v)` as `str` shows it (`<class 'list'>`).
fn type_str(host: &mut dyn Host, v: &Value) -> Result<String> {
    let ty = table::builtin("type").ok_or_else(|| Error::type_error("type is missing"))?;
    let t = crate::ops::call(host, &ty, vec![v.clone()], Vec::new())?;
    Ok(crate::ops::to_str(&t))
}

pub(crate) fn truediv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (this, other) = (a.get(0).clone(), a.get(1).clone());
    let number = match &other {
        Value::Int(_) | Value::Float(_) | Value::Complex(_) | Value::BigInt(_) => true,
        Value::Scalar(s) => !s.dtype().is_bool(),
        _ => false,
    };
    if !number {
        return Err(Error::type_error(format!(
            "unsupported types for true division: '{}', '{}'",
            type_str(host, &this)?,
            type_str(host, &other)?
        )));
    }
    floordiv(host, a)
}

pub(crate) fn rtruediv(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Object::not_implemented())
}

pub(crate) fn pow(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = coef(host, &this)?;
    let maxpower = get(host, &this, "maxpower")?;
    let p = funcs::pow(host, basis(&this)?, &c, a.get(1), &maxpower)?;
    like(host, &this, p)
}

/// `__eq__`: Python's `and` chain, so a failing array test gives `np.False_`.
fn eq_value(host: &mut dyn Host, this: &Value, other: &Value) -> Result<Value> {
    if !is_poly(other) || !class_of(other)?.is_subclass(&class_of(this)?) {
        return Ok(Value::Bool(false));
    }
    for name in ["domain", "window"] {
        let (x, y) = (get(host, this, name)?, get(host, other, name)?);
        let same = all_equal(host, &x, &y)?;
        if !truth(&same)? {
            return Ok(same);
        }
    }
    let (c1, c2) = (coef(host, this)?, coef(host, other)?);
    if as_array(&c1)?.shape() != as_array(&c2)?.shape() {
        return Ok(Value::Bool(false));
    }
    let same = all_equal(host, &c1, &c2)?;
    if !truth(&same)? {
        return Ok(same);
    }
    let (s1, s2) = (get(host, this, "symbol")?, get(host, other, "symbol")?);
    cmp(CmpOp::Eq, &s1, &s2)
}

pub(crate) fn eq(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    eq_value(host, a.get(0), a.get(1))
}

pub(crate) fn ne(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(!truth(&eq_value(host, a.get(0), a.get(1))?)?))
}

pub(crate) fn copy(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = coef(host, &this)?;
    like(host, &this, c)
}

pub(crate) fn degree(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = coef(host, a.get(0))?;
    Ok(Value::Int(funcs::py_len(host, &c)? - 1))
}

fn truncate_to(host: &mut dyn Host, this: &Value, size: &Value) -> Result<Value> {
    let bad = || Error::value_error("size must be a positive integer");
    let int = table::builtin("int").ok_or_else(bad)?;
    let isize = crate::ops::call(host, &int, vec![size.clone()], Vec::new())?;
    if !truth(&cmp(CmpOp::Eq, &isize, size)?)? || truth(&cmp(CmpOp::Lt, &isize, &Value::Int(1))?)? {
        return Err(bad());
    }
    let n = crate::py::num::index_i64(&isize)?;
    let c = coef(host, this)?;
    let len = funcs::py_len(host, &c)?;
    let c = if n >= len {
        c
    } else {
        item(&c, crate::numpy::compose::slice(None, Some(n), None))?
    };
    like(host, this, c)
}

pub(crate) fn truncate(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    truncate_to(host, a.get(0), a.get(1))
}

pub(crate) fn cutdeg(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let size = op(host, BinOp::Add, a.get(1), &Value::Int(1))?;
    truncate_to(host, a.get(0), &size)
}

pub(crate) fn trim(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = coef(host, &this)?;
    let c = funcs::trimcoef(&c, a.get(1))?;
    like(host, &this, c)
}

pub(crate) fn convert(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let kind = match a.get(2) {
        Value::None => Value::Class(class_of(&this)?),
        k => k.clone(),
    };
    let domain = match a.get(1) {
        Value::None => get(host, &kind, "domain")?,
        d => d.clone(),
    };
    let window = match a.get(3) {
        Value::None => get(host, &kind, "window")?,
        w => w.clone(),
    };
    let identity = get(host, &kind, "identity")?;
    let symbol = get(host, &this, "symbol")?;
    let x = crate::ops::call(
        host,
        &identity,
        vec![domain],
        vec![(Rc::from("window"), window), (Rc::from("symbol"), symbol)],
    )?;
    evaluate(host, &this, &x)
}

pub(crate) fn integ(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let (off, scl) = mapparms_of(host, &this)?;
    let lbnd = match a.get(3) {
        Value::None => Value::Int(0),
        l => {
            let t = op(host, BinOp::Mul, &scl, l)?;
            op(host, BinOp::Add, &off, &t)?
        }
    };
    let inv = op(host, BinOp::Div, &Value::Float(1.0), &scl)?;
    let c = coef(host, &this)?;
    let (m, k, zero) = (a.get(1), a.get(2), Value::Int(0));
    let r = funcs::int(host, basis(&this)?, &c, m, k, &lbnd, &inv, &zero)?;
    like(host, &this, r)
}

pub(crate) fn deriv(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let (_, scl) = mapparms_of(host, &this)?;
    let c = coef(host, &this)?;
    let r = funcs::der(host, basis(&this)?, &c, a.get(1), &scl, &Value::Int(0))?;
    like(host, &this, r)
}

pub(crate) fn roots(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let c = coef(host, &this)?;
    let r = funcs::roots(host, basis(&this)?, &c)?;
    let d = get(host, &this, "domain")?;
    let w = get(host, &this, "window")?;
    funcs::mapdomain(host, &r, &w, &d)
}

pub(crate) fn linspace(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = a.get(0).clone();
    let domain = match a.get(2) {
        Value::None => get(host, &this, "domain")?,
        d => d.clone(),
    };
    let (lo, hi) = (item(&domain, Value::Int(0))?, item(&domain, Value::Int(1))?);
    let x = np(host, "linspace", vec![lo, hi, a.get(1).clone()])?;
    let y = evaluate(host, &this, &x)?;
    Ok(Value::tuple(vec![x, y]))
}

pub(crate) fn has_samecoef(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (c1, c2) = (coef(host, a.get(0))?, get(host, a.get(1), "coef")?);
    let n1 = funcs::py_len(host, &c1)?;
    let n2 = funcs::py_len(host, &c2)?;
    if n1 != n2 {
        return Ok(Value::Bool(false));
    }
    all_equal(host, &c1, &c2)
}

fn has_same(host: &mut dyn Host, a: &Args, name: &str) -> Result<Value> {
    let (x, y) = (get(host, a.get(0), name)?, get(host, a.get(1), name)?);
    all_equal(host, &x, &y)
}

pub(crate) fn has_samedomain(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    has_same(host, a, "domain")
}

pub(crate) fn has_samewindow(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    has_same(host, a, "window")
}

pub(crate) fn has_sametype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let this = class_of(a.get(0))?;
    Ok(Value::Bool(match a.get(1) {
        Value::Instance(i) => i.class.is_subclass(&this),
        _ => false,
    }))
}

pub(crate) fn symbol(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    get(host, a.get(0), "_symbol")
}

/// A class argument's default for `domain`/`window` when `None`.
fn or_class(host: &mut dyn Host, cls: &Value, v: &Value, name: &str) -> Result<Value> {
    match v {
        Value::None => get(host, cls, name),
        v => Ok(v.clone()),
    }
}

pub(crate) fn fit(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = a.get(0).clone();
    let b = basis(&cls)?;
    let (x, y, deg) = (a.get(1).clone(), a.get(2).clone(), a.get(3).clone());
    let domain = match a.get(4) {
        Value::None => {
            let d = funcs::getdomain(&x)?;
            let (lo, hi) = (item(&d, Value::Int(0))?, item(&d, Value::Int(1))?);
            if truth(&cmp(CmpOp::Eq, &lo, &hi)?)? {
                let lo = op(host, BinOp::Sub, &lo, &Value::Int(1))?;
                let hi = op(host, BinOp::Add, &hi, &Value::Int(1))?;
                crate::ops::setitem(&d, &Value::Int(0), lo)?;
                crate::ops::setitem(&d, &Value::Int(1), hi)?;
            }
            d
        }
        Value::List(l) if l.borrow().is_empty() => get(host, &cls, "domain")?,
        d => d.clone(),
    };
    let window = or_class(host, &cls, a.get(8), "window")?;
    let xnew = funcs::mapdomain(host, &x, &domain, &window)?;
    let full = truth(a.get(6))?;
    let res = funcs::fit(host, b, &xnew, &y, &deg, a.get(5), full, a.get(7))?;
    let symbol = a.get(9).clone();
    let build = |host: &mut dyn Host, c: Value| -> Result<Value> {
        crate::ops::call(
            host,
            &cls,
            vec![c],
            vec![
                (Rc::from("domain"), domain.clone()),
                (Rc::from("window"), window.clone()),
                (Rc::from("symbol"), symbol.clone()),
            ],
        )
    };
    if full {
        let parts = crate::py::iter::to_vec(&res)?;
        let p = build(host, parts[0].clone())?;
        return Ok(Value::tuple(vec![p, parts[1].clone()]));
    }
    build(host, res)
}

pub(crate) fn fromroots(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = a.get(0).clone();
    let b = basis(&cls)?;
    let roots = funcs::as_series(a.get(1), false)?.value()?;
    let domain = match a.get(2) {
        Value::None => funcs::getdomain(&roots)?,
        Value::List(l) if l.borrow().is_empty() => get(host, &cls, "domain")?,
        d => d.clone(),
    };
    let window = or_class(host, &cls, a.get(3), "window")?;
    let deg = as_array(&roots)?.shape()[0] as i64;
    let (off, scl) = funcs::mapparms(host, &domain, &window)?;
    let t = op(host, BinOp::Mul, &scl, &roots)?;
    let rnew = op(host, BinOp::Add, &off, &t)?;
    let c = funcs::fromroots(b, &rnew)?;
    let p = op(host, BinOp::Pow, &scl, &Value::Int(deg))?;
    let c = op(host, BinOp::Div, &c, &p)?;
    crate::ops::call(
        host,
        &cls,
        vec![c],
        vec![
            (Rc::from("domain"), domain),
            (Rc::from("window"), window),
            (Rc::from("symbol"), a.get(4).clone()),
        ],
    )
}

pub(crate) fn identity(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = a.get(0).clone();
    let domain = or_class(host, &cls, a.get(1), "domain")?;
    let window = or_class(host, &cls, a.get(2), "window")?;
    let (off, scl) = funcs::mapparms(host, &window, &domain)?;
    let c = funcs::line(host, basis(&cls)?, &off, &scl)?;
    make(host, &class_of(&cls)?, c, domain, window, a.get(3).clone())
}

pub(crate) fn basis_fn(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = a.get(0).clone();
    let domain = or_class(host, &cls, a.get(2), "domain")?;
    let window = or_class(host, &cls, a.get(3), "window")?;
    let deg = a.get(1).clone();
    let bad = || Error::value_error("deg must be non-negative integer");
    let int = table::builtin("int").ok_or_else(bad)?;
    let ideg = crate::ops::call(host, &int, vec![deg.clone()], Vec::new())?;
    if !truth(&cmp(CmpOp::Eq, &ideg, &deg)?)? || truth(&cmp(CmpOp::Lt, &ideg, &Value::Int(0))?)? {
        return Err(bad());
    }
    let n = crate::py::num::index_i64(&ideg)? as usize;
    let mut c = vec![Value::Int(0); n];
    c.push(Value::Int(1));
    make(
        host,
        &class_of(&cls)?,
        Value::list(c),
        domain,
        window,
        a.get(4).clone(),
    )
}

pub(crate) fn cast(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = a.get(0).clone();
    let domain = or_class(host, &cls, a.get(2), "domain")?;
    let window = or_class(host, &cls, a.get(3), "window")?;
    let conv = get(host, a.get(1), "convert")?;
    crate::ops::call(host, &conv, vec![domain, cls, window], Vec::new())
}

/// `np.polynomial.set_default_printstyle(style)`.
pub fn set_default_printstyle(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let style = a.get(0);
    let unicode = match style {
        Value::Str(s) if &**s == "unicode" => true,
        Value::Str(s) if &**s == "ascii" => false,
        other => {
            return Err(Error::value_error(format!(
                "Unsupported format string '{}'. Valid options are 'ascii' and 'unicode'",
                crate::ops::to_str(other)
            )))
        }
    };
    classes()?
        .base
        .attrs
        .borrow_mut()
        .set("_use_unicode", Value::Bool(unicode));
    Ok(Value::None)
}

/// A class's constructor as the table documents it (`np.polynomial.Polynomial`).
pub fn construct(basis: Basis, host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let cls = class_value(basis)?;
    crate::ops::call(host, &cls, a.values.clone(), Vec::new())
}

pub(crate) mod imp {
    //! The entries' implementations (table functions take no closure).
    pub(crate) use super::{
        add, basis_fn, call, cast, convert, copy, cutdeg, degree, deriv, divmod, eq, fit, floordiv,
        format, fromroots, has_samecoef, has_samedomain, has_sametype, has_samewindow, identity,
        init, integ, iter, len, linspace, mapparms, modulo, mul, ne, neg, pos, pow, radd, rdivmod,
        repr, repr_latex, rfloordiv, rmodulo, rmul, roots, rsub, rtruediv, sub, symbol, to_str,
        trim, truediv, truncate,
    };
}
