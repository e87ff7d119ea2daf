//! The builtin types as callables (`int('12')`, `list(range(3))`), plus the
//! hidden types that `type(v)` can return (`function`, `NoneType`, ...), and
//! the few methods of numbers.

use std::rc::Rc;

use num_bigint::BigInt;
use num_complex::Complex64;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::ops::{self, type_name};
use crate::py::{attr, num};
use crate::table::FuncDef;
use crate::value::{RangeObj, SliceObj, Value};
use crate::{Error, Result};

/// The builtin types and number methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(
        Type,
        Builtin,
        "builtins",
        "int",
        "(x=0, /, base=None)",
        int,
        "Convert a number or string to an int (truncating floats); base 0 reads a prefix.",
        [
            "int(-2.7)  # -2",
            "int('  -1_000 ')  # -1000",
            "int('ff', 16)  # 255",
            "int('0b101', 0)  # 5",
            "int(1e20)  # 100000000000000000000",
            "int('abc')  # ValueError: invalid literal for int() with base 10: 'abc'",
            "int(float('inf'))  # OverflowError: cannot convert float infinity to integer",
            "int(float('nan'))  # ValueError: cannot convert float NaN to integer"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "float",
        "(x=0.0, /)",
        float,
        "Convert a number or string to a float.",
        [
            "float('1e3')  # 1000.0",
            "float(' -inf ')  # -inf",
            "float('nan')  # nan",
            "float(2**53 + 1)  # 9007199254740992.0",
            "float('x')  # ValueError: could not convert string to float: 'x'"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "complex",
        "(real=0, imag=0)",
        complex,
        "Create a complex number from a real and an imaginary part, or from a string.",
        [
            "complex(1, 2)  # (1+2j)",
            "complex('1-2j')  # (1-2j)",
            "complex(1j, 1j)  # (-1+1j)",
            "complex('x')  # ValueError: complex() arg is a malformed string"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "bool",
        "(x=False, /)",
        bool_,
        "Return the truth value of x.",
        ["bool([])  # False", "bool('a')  # True"]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "str",
        "(object='', /)",
        str_,
        "Return the string form of an object.",
        ["str(1.0)  # '1.0'", "str([1, 'a'])  # \"[1, 'a']\""]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "list",
        "(iterable=(), /)",
        list,
        "Build a list from an iterable.",
        [
            "list('ab')  # ['a', 'b']",
            "list(range(3))  # [0, 1, 2]",
            "list(1)  # TypeError: 'int' object is not iterable"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "tuple",
        "(iterable=(), /)",
        tuple,
        "Build a tuple from an iterable.",
        ["tuple([1])  # (1,)", "tuple()  # ()"]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "range",
        "(*args)",
        range,
        "range(stop) or range(start, stop[, step]): a lazy arithmetic sequence of ints.",
        [
            "range(5)  # range(0, 5)",
            "list(range(10, 0, -3))  # [10, 7, 4, 1]",
            "range(1, 2, 0)  # ValueError: range() arg 3 must not be zero",
            "range(1.5)  # TypeError: 'float' object cannot be interpreted as an integer"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "slice",
        "(*args)",
        slice,
        "slice(stop) or slice(start, stop[, step]), as built by a[start:stop:step].",
        [
            "slice(3)  # slice(None, 3, None)",
            "[0, 1, 2, 3][slice(1, None, 2)]  # [1, 3]"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "type",
        "(object, /)",
        type_,
        "Return the type of an object.",
        [
            "type(1)  # <class 'int'>",
            "type(None)  # <class 'NoneType'>",
            "type(len)  # <class 'builtin_function_or_method'>",
            "type(int)  # <class 'type'>"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "property",
        "(fget=None, fset=None, fdel=None, doc=None)",
        property,
        "An attribute computed by fget (set by fset, deleted by fdel); as a decorator, @property and @x.setter.",
        [
            "property().fget  # None",
            "type(property(len))  # <class 'property'>"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "staticmethod",
        "(function, /)",
        staticmethod,
        "A function in a class body that is not bound to the instance or class it is reached through.",
        ["staticmethod(len)  # <staticmethod(<built-in function len>)>"]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "classmethod",
        "(function, /)",
        classmethod,
        "A function in a class body bound to the class it is reached through (or the instance's class).",
        ["classmethod(len)  # <classmethod(<built-in function len>)>"]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "super",
        "(*args)",
        super_,
        "In a method, super() reaches the methods of the classes after the method's class in the instance's order.",
        ["super()  # RuntimeError: super(): no arguments"]
    ),
    entry!(
        Type,
        Builtin,
        "builtins",
        "object",
        "(*args, **kwargs)",
        object,
        "The base of every type: object() is a new featureless object, equal only to itself.",
        [
            "isinstance(1, object)  # True",
            "object(1)  # TypeError: object() takes no arguments"
        ]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "NotImplementedType",
        "()",
        not_implemented,
        "The type of NotImplemented.",
        ["type(NotImplemented)() is NotImplemented  # True"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "NoneType",
        "()",
        none_type,
        "The type of None.",
        ["type(None)()  # None"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "function",
        "(*args)",
        no_instances,
        "The type of functions defined with def.",
        ["type(type(len))  # <class 'type'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "method",
        "(*args)",
        no_instances,
        "The type of a function bound to an instance (obj.method).",
        ["type(len)  # <class 'builtin_function_or_method'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "builtin_function_or_method",
        "(*args)",
        no_instances,
        "The type of builtin functions and bound builtin methods.",
        ["type('a'.upper)  # <class 'builtin_function_or_method'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "method-wrapper",
        "(*args)",
        no_instances,
        "The type of a special method bound to a NumPy value (a.__add__).",
        ["type(np.arange(2).__add__)  # <class 'method-wrapper'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "wrapper_descriptor",
        "(*args)",
        no_instances,
        "The type of a special method of a NumPy type (np.ndarray.__add__).",
        ["type(np.ndarray.__add__)  # <class 'wrapper_descriptor'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "method_descriptor",
        "(*args)",
        no_instances,
        "The type of unbound builtin methods such as str.upper.",
        ["type(str.upper)  # <class 'method_descriptor'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "module",
        "(*args)",
        no_instances,
        "The type of modules.",
        ["type(type(len))  # <class 'type'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_keys",
        "(*args)",
        no_instances,
        "The type of d.keys().",
        ["type({}.keys())  # <class 'dict_keys'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_values",
        "(*args)",
        no_instances,
        "The type of d.values().",
        ["type({}.values())  # <class 'dict_values'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_items",
        "(*args)",
        no_instances,
        "The type of d.items().",
        ["type({}.items())  # <class 'dict_items'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "generator",
        "(*args)",
        no_instances,
        "The type of generator expressions.",
        ["type(type(len))  # <class 'type'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "list_iterator",
        "(*args)",
        no_instances,
        "The type of iter(list).",
        ["type(iter([]))  # <class 'list_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "tuple_iterator",
        "(*args)",
        no_instances,
        "The type of iter(tuple).",
        ["type(iter(()))  # <class 'tuple_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "str_ascii_iterator",
        "(*args)",
        no_instances,
        "The type of iter(str).",
        ["type(iter(''))  # <class 'str_ascii_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "range_iterator",
        "(*args)",
        no_instances,
        "The type of iter(range).",
        ["type(iter(range(1)))  # <class 'range_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_keyiterator",
        "(*args)",
        no_instances,
        "The type of iter(dict).",
        ["type(iter({}))  # <class 'dict_keyiterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "set_iterator",
        "(*args)",
        no_instances,
        "The type of iter(set).",
        ["type(iter(set()))  # <class 'set_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "list_reverseiterator",
        "(*args)",
        no_instances,
        "The type of reversed(list).",
        ["type(reversed([]))  # <class 'list_reverseiterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_reversekeyiterator",
        "(*args)",
        no_instances,
        "The type of reversed(dict).",
        ["type(reversed({}))  # <class 'dict_reversekeyiterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "str_iterator",
        "(*args)",
        no_instances,
        "The type of iter(str) for a non-ASCII str.",
        ["type(iter('é'))  # <class 'str_iterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_valueiterator",
        "(*args)",
        no_instances,
        "The type of iter(d.values()).",
        ["type(iter({}.values()))  # <class 'dict_valueiterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "dict_itemiterator",
        "(*args)",
        no_instances,
        "The type of iter(d.items()).",
        ["type(iter({}.items()))  # <class 'dict_itemiterator'>"]
    ),
    entry!(
        Type,
        Builtin,
        "_types",
        "ellipsis",
        "(*args)",
        no_instances,
        "The type of `...`.",
        ["type(type(len))  # <class 'type'>"]
    ),
    entry!(
        Method,
        Builtin,
        "int",
        "bit_length",
        "(self, /)",
        bit_length,
        "Number of bits needed to represent the absolute value.",
        ["(255).bit_length()  # 8", "(-256).bit_length()  # 9"]
    ),
    entry!(
        Method,
        Builtin,
        "int",
        "conjugate",
        "(self, /)",
        conjugate,
        "Return the int itself.",
        ["(3).conjugate()  # 3"]
    ),
    entry!(
        Method,
        Builtin,
        "float",
        "is_integer",
        "(self, /)",
        is_integer,
        "Return True if the float is integral.",
        ["(1.0).is_integer()  # True", "(1.5).is_integer()  # False"]
    ),
    entry!(
        Method,
        Builtin,
        "float",
        "conjugate",
        "(self, /)",
        conjugate,
        "Return the float itself.",
        ["(1.5).conjugate()  # 1.5"]
    ),
    entry!(
        Method,
        Builtin,
        "complex",
        "conjugate",
        "(self, /)",
        conjugate,
        "Return the complex conjugate.",
        ["(1+2j).conjugate()  # (1-2j)"]
    ),
];

fn py_strip(s: &str) -> &str {
    s.trim_matches(crate::strmethods::is_py_space)
}

/// Parses Python int syntax in `base` (0 = from the prefix); `None` if invalid.
pub fn parse_int(text: &str, base: u32) -> Option<BigInt> {
    let s = py_strip(text);
    let (neg, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    let prefixed = |b: u32| {
        matches!(
            (lower.as_deref(), b),
            (Some("0x"), 16) | (Some("0o"), 8) | (Some("0b"), 2)
        )
    };
    let (base, body, had_prefix) = if base == 0 {
        match lower.as_deref() {
            Some("0x") => (16, &s[2..], true),
            Some("0o") => (8, &s[2..], true),
            Some("0b") => (2, &s[2..], true),
            _ => {
                // Base 0: a decimal with leading zeros is only valid if it is all zeros.
                let digits: String = s.chars().filter(|c| *c != '_').collect();
                if digits.len() > 1 && digits.starts_with('0') && digits.chars().any(|c| c != '0') {
                    return None;
                }
                (10, s, false)
            }
        }
    } else if prefixed(base) {
        (base, &s[2..], true)
    } else {
        (base, s, false)
    };
    let body = if had_prefix {
        body.strip_prefix('_').unwrap_or(body)
    } else {
        body
    };
    if body.is_empty() || body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return None;
    }
    let digits: String = body.chars().filter(|c| *c != '_').collect();
    if !digits.chars().all(|c| c.is_digit(base)) {
        return None;
    }
    let n = BigInt::parse_bytes(digits.as_bytes(), base)?;
    Some(if neg { -n } else { n })
}

fn int(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let converted = crate::numpy::conv::py_number(a.get(0))?;
    let x = &converted;
    let base = a.get(1);
    if !base.is_none() {
        let b = num::index_i64(base)?;
        if b != 0 && !(2..=36).contains(&b) {
            return Err(Error::value_error(
                "int() base must be >= 2 and <= 36, or 0",
            ));
        }
        let Value::Str(s) = x else {
            return Err(Error::type_error(
                "int() can't convert non-string with explicit base",
            ));
        };
        return parse_int(s, b as u32)
            .map(Value::from_bigint)
            .ok_or_else(|| {
                Error::value_error(format!(
                    "invalid literal for int() with base {b}: {}",
                    ops::repr(x)
                ))
            });
    }
    match x {
        Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
        Value::Int(_) | Value::BigInt(_) => Ok(x.clone()),
        Value::Float(f) => num::f64_to_int(*f),
        Value::Str(s) => {
            if let Ok(i) = s.parse::<i64>() {
                return Ok(Value::Int(i));
            }
            parse_int(s, 10).map(Value::from_bigint).ok_or_else(|| {
                Error::value_error(format!(
                    "invalid literal for int() with base 10: {}",
                    ops::repr(x)
                ))
            })
        }
        _ => Err(Error::type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            type_name(x)
        ))),
    }
}

/// Parses Python float syntax (`'1e3'`, `' -inf '`, `'1_000.5'`, `'nan'`).
pub fn parse_float(text: &str) -> Option<f64> {
    let s = py_strip(text);
    if s.contains('_') {
        let b = s.as_bytes();
        for (i, c) in b.iter().enumerate() {
            if *c == b'_'
                && !(i > 0
                    && b[i - 1].is_ascii_digit()
                    && b.get(i + 1).is_some_and(u8::is_ascii_digit))
            {
                return None;
            }
        }
    }
    let clean: String = s.chars().filter(|c| *c != '_').collect();
    let body = clean.trim_start_matches(['+', '-']);
    let lower = body.to_ascii_lowercase();
    let special = matches!(lower.as_str(), "inf" | "infinity" | "nan");
    if !special
        && !body
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
    {
        return None;
    }
    if clean.len() - body.len() > 1 {
        return None;
    }
    clean.parse::<f64>().ok()
}

fn float(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let converted = crate::numpy::conv::py_number(a.get(0))?;
    let x = &converted;
    match x {
        Value::Float(_) => Ok(x.clone()),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => Ok(Value::Float(num::int_to_f64(x)?)),
        Value::Str(s) => parse_float(s).map(Value::Float).ok_or_else(|| {
            Error::value_error(format!(
                "could not convert string to float: {}",
                ops::repr(x)
            ))
        }),
        _ => Err(Error::type_error(format!(
            "float() argument must be a string or a real number, not '{}'",
            type_name(x)
        ))),
    }
}

/// Parses Python complex syntax (`'1+2j'`, `'-3j'`, `'(1-1j)'`, `'2'`).
pub fn parse_complex(text: &str) -> Option<Complex64> {
    let mut s = py_strip(text);
    if let Some(inner) = s.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        s = py_strip(inner);
    }
    let Some(body) = s.strip_suffix(['j', 'J']) else {
        return parse_float(s)
            .filter(|_| !s.is_empty())
            .map(|re| Complex64::new(re, 0.0));
    };
    let unit = |t: &str| -> Option<f64> {
        match t {
            "" | "+" => Some(1.0),
            "-" => Some(-1.0),
            _ => parse_float(t).filter(|_| !t.contains(char::is_whitespace)),
        }
    };
    let bytes = body.as_bytes();
    let split = (1..bytes.len())
        .rev()
        .find(|&i| (bytes[i] == b'+' || bytes[i] == b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
    match split {
        Some(k) => {
            let re = &body[..k];
            if re.contains(char::is_whitespace) {
                return None;
            }
            Some(Complex64::new(parse_float(re)?, unit(&body[k..])?))
        }
        None => Some(Complex64::new(0.0, unit(body)?)),
    }
}

fn to_complex(v: &Value, which: &str) -> Result<Complex64> {
    match v {
        Value::Complex(c) => Ok(*c),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_) => {
            Ok(Complex64::new(num::to_f64(v)?, 0.0))
        }
        _ => Err(Error::type_error(format!(
            "complex() {which} argument must be a number, not '{}'",
            type_name(v)
        ))),
    }
}

fn complex(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (re, im) = (
        crate::numpy::conv::py_number(a.get(0))?,
        crate::numpy::conv::py_number(a.get(1))?,
    );
    let (re, im) = (&re, &im);
    if let Value::Str(s) = re {
        if !matches!(im, Value::Int(0)) {
            return Err(Error::type_error(
                "complex() can't take second arg if first is a string",
            ));
        }
        return parse_complex(s)
            .map(Value::Complex)
            .ok_or_else(|| Error::value_error("complex() arg is a malformed string"));
    }
    if matches!(im, Value::Str(_)) {
        return Err(Error::type_error("complex() second arg can't be a string"));
    }
    let r = match re {
        Value::Complex(c) => *c,
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_) => {
            Complex64::new(num::to_f64(re)?, 0.0)
        }
        _ => {
            return Err(Error::type_error(format!(
                "complex() first argument must be a string or a number, not '{}'",
                type_name(re)
            )))
        }
    };
    let i = to_complex(im, "second")?;
    // CPython adds the other part only where an argument is complex, so
    // `complex(-2.0, -0.0)` keeps its `-0.0` (`0.0 + -0.0` would not).
    let mut out = Complex64::new(r.re, i.re);
    if matches!(im, Value::Complex(_)) {
        out.re -= i.im;
    }
    if matches!(re, Value::Complex(_)) {
        out.im += r.im;
    }
    Ok(Value::Complex(out))
}

fn bool_(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(crate::py::class::truthy(host, a.get(0))?))
}

fn str_(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        v @ Value::Str(_) => Ok(v.clone()),
        v => Ok(Value::str(crate::py::class::to_str(host, v)?)),
    }
}

fn list(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::list(crate::py::lazy::collect(host, a.get(0))?))
}

fn tuple(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match a.get(0) {
        v @ Value::Tuple(_) => Ok(v.clone()),
        v => Ok(Value::tuple(crate::py::lazy::collect(host, v)?)),
    }
}

fn range(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = a.rest.len();
    if n == 0 {
        return Err(Error::type_error(
            "range expected at least 1 argument, got 0",
        ));
    }
    if n > 3 {
        return Err(Error::type_error(format!(
            "range expected at most 3 arguments, got {n}"
        )));
    }
    let vals: Vec<i64> = a.rest.iter().map(num::index_i64).collect::<Result<_>>()?;
    let (start, stop, step) = match vals.as_slice() {
        [stop] => (0, *stop, 1),
        [start, stop] => (*start, *stop, 1),
        [start, stop, step] => (*start, *stop, *step),
        _ => (0, 0, 1),
    };
    if step == 0 {
        return Err(Error::value_error("range() arg 3 must not be zero"));
    }
    Ok(Value::Range(Rc::new(RangeObj { start, stop, step })))
}

fn slice(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let r = std::mem::take(&mut a.rest);
    let (start, stop, step) = match r.len() {
        0 => {
            return Err(Error::type_error(
                "slice expected at least 1 argument, got 0",
            ))
        }
        1 => (Value::None, r[0].clone(), Value::None),
        2 => (r[0].clone(), r[1].clone(), Value::None),
        3 => (r[0].clone(), r[1].clone(), r[2].clone()),
        n => {
            return Err(Error::type_error(format!(
                "slice expected at most 3 arguments, got {n}"
            )))
        }
    };
    Ok(Value::Slice(Rc::new(SliceObj { start, stop, step })))
}

fn type_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(attr::type_of(a.get(0)))
}

fn property(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::class::{descriptor, Descriptor};
    Ok(descriptor(Descriptor::Property {
        get: a.get(0).clone(),
        set: a.get(1).clone(),
        del: a.get(2).clone(),
    }))
}

fn staticmethod(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::class::{descriptor, Descriptor};
    Ok(descriptor(Descriptor::Static(a.get(0).clone())))
}

fn classmethod(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::class::{descriptor, Descriptor};
    Ok(descriptor(Descriptor::ClassMethod(a.get(0).clone())))
}

/// `super(cls, obj)`; a method's `super()` is compiled to
/// `super(__class__, self)`.
fn super_(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::py::class::{descriptor, Descriptor};
    match &a.rest[..] {
        [] => Err(Error::new(
            crate::ExcKind::RuntimeError,
            "super(): no arguments",
        )),
        [Value::Class(class), obj] => {
            let ok = match obj {
                Value::Class(c) => c.is_subclass(class),
                other => crate::py::class::class_of(other).is_some_and(|c| c.is_subclass(class)),
            };
            if !ok {
                return Err(Error::type_error(
                    "super(type, obj): obj must be an instance or subtype of type",
                ));
            }
            Ok(descriptor(Descriptor::Super {
                class: class.clone(),
                obj: obj.clone(),
            }))
        }
        [Value::None, _] => Err(Error::new(
            crate::ExcKind::RuntimeError,
            "super(): __class__ cell not found",
        )),
        [_, _] => Err(Error::type_error(
            "super() argument 1 must be a class defined with `class`",
        )),
        _ => Err(Error::type_error("super() takes one or two arguments")),
    }
}

fn object(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let kwargs = matches!(a.get(0), Value::Dict(d) if !d.borrow().is_empty());
    if !a.rest.is_empty() || kwargs {
        // A type's constructor words it without the count.
        return Err(Error::type_error("object() takes no arguments"));
    }
    Ok(Value::Object(Rc::new(crate::value::Object::Plain)))
}

fn not_implemented(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(crate::value::Object::not_implemented())
}

fn none_type(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Ok(Value::None)
}

fn no_instances(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(Error::type_error("cannot create instances of this type"))
}

fn bit_length(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let n = num::index_big(a.get(0))?;
    Ok(Value::Int(n.bits() as i64))
}

fn conjugate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match a.get(0) {
        Value::Complex(c) => Value::Complex(c.conj()),
        Value::Bool(b) => Value::Int(i64::from(*b)),
        v => v.clone(),
    })
}

fn is_integer(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = num::to_f64(a.get(0))?;
    Ok(Value::Bool(f.is_finite() && f.fract() == 0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_parsing() {
        let p = |s: &str, b: u32| parse_int(s, b).map(|n| n.to_string());
        assert_eq!(p("  42\n", 10).as_deref(), Some("42"));
        assert_eq!(p("-1_000", 10).as_deref(), Some("-1000"));
        assert_eq!(p("1__0", 10), None);
        assert_eq!(p("_1", 10), None);
        assert_eq!(p("0x_ff", 0).as_deref(), Some("255"));
        assert_eq!(p("0xff", 16).as_deref(), Some("255"));
        assert_eq!(p("010", 0), None);
        assert_eq!(p("000", 0).as_deref(), Some("0"));
        assert_eq!(p("z", 36).as_deref(), Some("35"));
        assert_eq!(
            p("99999999999999999999999", 10).as_deref(),
            Some("99999999999999999999999")
        );
    }

    #[test]
    fn float_and_complex_parsing() {
        assert_eq!(parse_float("1_000.5"), Some(1000.5));
        assert_eq!(parse_float("1__0"), None);
        assert_eq!(parse_float("-Infinity"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_float(".5"), Some(0.5));
        assert_eq!(parse_float("5."), Some(5.0));
        assert_eq!(parse_float("--5"), None);
        assert_eq!(parse_float(""), None);
        assert_eq!(parse_complex("1+2j"), Some(Complex64::new(1.0, 2.0)));
        assert_eq!(parse_complex("(1e-3-j)"), Some(Complex64::new(1e-3, -1.0)));
        assert_eq!(parse_complex("-2J"), Some(Complex64::new(0.0, -2.0)));
        assert_eq!(
            parse_complex("1e+2+3e-1j"),
            Some(Complex64::new(100.0, 0.3))
        );
        assert_eq!(parse_complex("j"), Some(Complex64::new(0.0, 1.0)));
        assert_eq!(parse_complex("1 + 2j"), None);
    }
}
