//! NumPy's printing functions: `np.array2string`, `np.array_repr` and
//! `np.array_str` (the session's print options with the call's overrides,
//! through the same formatter as `repr(a)` and `print(a)`), and
//! `np.format_float_positional`/`np.format_float_scientific` (the same
//! Dragon4 digits).

use std::cell::RefCell;

use xpush_npu::float_fmt::{Dragon4, FloatKind, Trim};
use xpush_npu::print;
use xpush_npu::{DType, PrintOptions, Scalar};

use super::conv::{as_array, opt_int};
use super::host::{HostArray, HostKind};
use super::printopts::Formatter;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The entries (numpy module).
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyPrint, "numpy", "array2string", "(a, max_line_width=None, precision=None, suppress_small=None, separator=' ', prefix='', style=None, formatter=None, threshold=None, edgeitems=None, sign=None, floatmode=None, suffix='', *, legacy=None)", array2string,
        "The elements as print shows them, with a separator between them and line breaks indented for a prefix; formatter=, sign=, floatmode= and legacy= as np.set_printoptions takes them (style= is not supported).",
        ["np.array2string(np.array([1.5, 2.0]), separator=', ')  # '[1.5, 2. ]'", "np.array2string(np.array(5))  # '5'"]),
    entry!(Function, NumpyPrint, "numpy", "array_repr", "(arr, max_line_width=None, precision=None, suppress_small=None)", array_repr,
        "repr of an array with options of its own.",
        ["np.array_repr(np.array([1.123456, 2.0]), precision=2)  # 'array([1.12, 2.  ])'"]),
    entry!(Function, NumpyPrint, "numpy", "array_str", "(a, max_line_width=None, precision=None, suppress_small=None)", array_str,
        "str of an array with options of its own.",
        ["np.array_str(np.array([1.123456, 2.0]), precision=2)  # '[1.12 2.  ]'"]),
    entry!(Function, NumpyPrint, "numpy", "format_float_positional", "(x, precision=None, unique=True, fractional=True, trim='k', sign=False, pad_left=None, pad_right=None, min_digits=None)", format_float_positional,
        "A float in positional notation with Dragon4's shortest digits for its type (or precision digits; unique=False: the exact value's precision digits; fractional=False: precision counts significant digits), trimmed per trim.",
        ["np.format_float_positional(np.float32(0.1))  # '0.1'", "np.format_float_positional(1.0, trim='-')  # '1'"]),
    entry!(Function, NumpyPrint, "numpy", "format_float_scientific", "(x, precision=None, unique=True, trim='k', sign=False, pad_left=None, exp_digits=None, min_digits=None)", format_float_scientific,
        "A float in scientific notation with Dragon4's shortest digits for its type (or precision digits; unique=False: the exact value's precision digits).",
        ["np.format_float_scientific(123456.0, precision=2)  # '1.23e+05'"]),
];

/// The value and float type of `format_float_*`'s `x`.
fn float_arg(v: &Value) -> Result<(f64, FloatKind)> {
    let kind_of = |d: DType| match d {
        DType::Float16 => FloatKind::F16,
        DType::BFloat16 => FloatKind::BF16,
        DType::Float32 => FloatKind::F32,
        _ => FloatKind::F64,
    };
    match v {
        Value::Float(f) => Ok((*f, FloatKind::F64)),
        Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => {
            Ok((super::conv::to_scalar(v)?.as_f64(), FloatKind::F64))
        }
        Value::Scalar(s) if !s.dtype().is_complex() => Ok((s.as_f64(), kind_of(s.dtype()))),
        Value::Array(a) if a.ndim() == 0 && !a.dtype().is_complex() => {
            Ok((a.item()?.as_f64(), kind_of(a.dtype())))
        }
        other => Err(Error::type_error(format!(
            "must be real number, not {}",
            crate::ops::type_name(other)
        ))),
    }
}

/// The Dragon4 options of `format_float_*` (argument positions differ).
struct FloatOpts<'a> {
    precision: &'a Value,
    unique: &'a Value,
    trim: &'a Value,
    sign: &'a Value,
    pad_left: &'a Value,
    pad_right: &'a Value,
    exp_digits: &'a Value,
    min_digits: &'a Value,
    fractional: bool,
}

fn count(v: &Value, what: &str) -> Result<Option<usize>> {
    match opt_int(v)? {
        None => Ok(None),
        Some(n) => usize::try_from(n)
            .map(Some)
            .map_err(|_| Error::value_error(format!("{what} must be >= 0"))),
    }
}

fn dragon4(kind: FloatKind, o: &FloatOpts) -> Result<Dragon4> {
    let trim = match crate::ops::to_str(o.trim).as_str() {
        "k" => Trim::Keep,
        "." => Trim::Dot,
        "0" => Trim::Zero,
        "-" => Trim::Minus,
        other => {
            return Err(Error::type_error(format!(
                "if supplied, trim must be 'k', '.', '0' or '-' found `{other}`"
            )))
        }
    };
    let precision = count(o.precision, "precision")?;
    let min_digits = count(o.min_digits, "min_digits")?;
    if !o.fractional && precision == Some(0) {
        return Err(Error::value_error(
            "precision must be greater than 0 if fractional=False",
        ));
    }
    if let (Some(m), Some(p)) = (min_digits, precision) {
        if m > 0 && p > 0 && m > p {
            return Err(Error::value_error(
                "min_digits must be less than or equal to precision",
            ));
        }
    }
    let unique = crate::ops::truthy(o.unique)?;
    if !unique && precision.is_none() {
        return Err(Error::type_error(
            "in non-unique mode `precision` must be supplied",
        ));
    }
    let mut d = Dragon4::new(kind, trim);
    d.precision = precision;
    d.min_digits = min_digits;
    d.unique = unique;
    d.fractional = o.fractional;
    d.sign = crate::ops::truthy(o.sign)?;
    d.pad_left = count(o.pad_left, "pad_left")?;
    d.pad_right = count(o.pad_right, "pad_right")?;
    d.exp_digits = count(o.exp_digits, "exp_digits")?;
    Ok(d)
}

/// NumPy's text for infinities and NaN (`+inf` with sign=True).
fn nonfinite(x: f64, sign: bool) -> String {
    if x.is_nan() {
        return if sign { "+nan".into() } else { "nan".into() };
    }
    match (x > 0.0, sign) {
        (true, true) => "+inf".into(),
        (true, false) => "inf".into(),
        _ => "-inf".into(),
    }
}

fn format_float_positional(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, kind) = float_arg(a.get(0))?;
    let o = FloatOpts {
        precision: a.get(1),
        unique: a.get(2),
        trim: a.get(4),
        sign: a.get(5),
        pad_left: a.get(6),
        pad_right: a.get(7),
        exp_digits: &Value::None,
        min_digits: a.get(8),
        fractional: crate::ops::truthy(a.get(3))?,
    };
    let d = dragon4(kind, &o)?;
    if !x.is_finite() {
        return Ok(Value::str(nonfinite(x, d.sign)));
    }
    Ok(Value::str(d.positional(x)))
}

fn format_float_scientific(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let (x, kind) = float_arg(a.get(0))?;
    let o = FloatOpts {
        precision: a.get(1),
        unique: a.get(2),
        trim: a.get(3),
        sign: a.get(4),
        pad_left: a.get(5),
        pad_right: &Value::None,
        exp_digits: a.get(6),
        min_digits: a.get(7),
        fractional: true,
    };
    let d = dragon4(kind, &o)?;
    if !x.is_finite() {
        return Ok(Value::str(nonfinite(x, d.sign)));
    }
    Ok(Value::str(d.scientific(x)))
}

/// The session's options with a call's `max_line_width`, `precision` and
/// `suppress_small` (each `None` keeps the session's).
fn options(line: &Value, precision: &Value, suppress: &Value) -> Result<PrintOptions> {
    let mut o = super::printopts::get();
    if let Some(w) = opt_int(line)? {
        o.linewidth = usize::try_from(w).unwrap_or(0);
    }
    if let Some(p) = opt_int(precision)? {
        o.precision =
            usize::try_from(p).map_err(|_| Error::value_error("precision must be >= 0"))?;
    }
    if !matches!(suppress, Value::None) {
        o.suppress = crate::ops::truthy(suppress)?;
    }
    Ok(o)
}

/// NumPy's `_get_format_function` key for a numeric dtype.
pub(crate) fn format_key(dtype: DType) -> &'static str {
    match dtype.kind() {
        'b' => "bool",
        'i' | 'u' => "int",
        'f' => "float",
        _ => "complexfloat",
    }
}

/// Runs a formatter's callables on elements during printing, through the
/// host; the printing code wants a `String` per element, so the first
/// error a callable raises is kept for [`Caller::finish`].
pub struct Caller<'h> {
    host: RefCell<&'h mut dyn Host>,
    error: RefCell<Option<Error>>,
    /// An empty text is NumPy's `max()` of no lines (in an array of one
    /// or more dimensions, not under `legacy='1.13'`).
    empty_fails: bool,
}

impl<'h> Caller<'h> {
    fn new(host: &'h mut dyn Host) -> Caller<'h> {
        Caller {
            host: RefCell::new(host),
            error: RefCell::new(None),
            empty_fails: false,
        }
    }

    /// A caller for the elements of an array of `ndim` dimensions.
    fn for_array(host: &'h mut dyn Host, ndim: usize, legacy: u32) -> Caller<'h> {
        Caller {
            empty_fails: ndim > 0 && legacy > 113,
            ..Caller::new(host)
        }
    }

    /// `func(element)`'s text (a str, else NumPy's error from using it as
    /// one).
    pub fn call(&self, func: &Value, element: Value) -> String {
        if self.error.borrow().is_some() {
            return String::new();
        }
        let r = self.host.borrow_mut().call(func, vec![element], Vec::new());
        match r {
            Ok(Value::Str(s)) if s.is_empty() && self.empty_fails => {
                *self.error.borrow_mut() =
                    Some(Error::value_error("max() arg is an empty sequence"));
                String::new()
            }
            Ok(Value::Str(s)) => s.to_string(),
            Ok(other) => {
                *self.error.borrow_mut() = Some(Error::attribute_error(format!(
                    "'{}' object has no attribute 'splitlines'",
                    crate::ops::type_name(&other)
                )));
                String::new()
            }
            Err(e) => {
                *self.error.borrow_mut() = Some(e);
                String::new()
            }
        }
    }

    fn finish(self, text: String) -> Result<String> {
        match self.error.into_inner() {
            Some(e) => Err(e),
            None => Ok(text),
        }
    }
}

/// `repr(a)` (`repr` true) or `str(a)` of a numeric array under the
/// formatter `f` and options `o`: the core's printing with the callable
/// NumPy picks for the dtype, if `f` has one. `name` is the class name of
/// the repr.
pub fn print_array(
    host: &mut dyn Host,
    a: &xpush_npu::Array,
    f: &Formatter,
    o: &PrintOptions,
    repr: bool,
    name: &str,
) -> Result<String> {
    let Some(func) = f.pick(format_key(a.dtype())) else {
        return Ok(if repr {
            print::array_repr_named(a, o, name)
        } else {
            print::array_str(a, o)
        });
    };
    let custom = Caller::for_array(host, a.ndim(), o.legacy);
    let text = |s: &Scalar| custom.call(&func, super::conv::scalar(*s));
    let out = if repr {
        print::array_repr_named_with(a, o, name, Some(&text))
    } else {
        print::array_str_with(a, o, Some(&text))
    };
    custom.finish(out)
}

/// [`print_array`] for a host array (strings, times, objects; records
/// print as they do without a formatter).
pub fn print_host_array(
    host: &mut dyn Host,
    a: &HostArray,
    f: &Formatter,
    repr: bool,
) -> Result<String> {
    if a.dtype().kind.is_record() {
        let caller = Caller::new(host);
        let out = if repr {
            super::host::record::repr_array(a, Some((f, &caller)))
        } else {
            super::host::record::str_array(a, Some((f, &caller)))
        };
        return caller.finish(out?);
    }
    let func = match a.format_key().and_then(|k| f.pick(k)) {
        Some(func) if !a.is_scalar() => func,
        _ if repr && a.dtype().kind == HostKind::Object => return Ok(a.repr_with(host)),
        _ if repr => return Ok(a.repr()),
        _ if a.dtype().kind == HostKind::Object => return Ok(a.str_with(host)),
        _ => return Ok(a.str()),
    };
    let custom = Caller::new(host);
    let out = a.print_custom(repr, &|c| custom.call(&func, a.format_arg(c)));
    custom.finish(out)
}

fn unsupported(name: &str) -> Error {
    Error::new(
        ExcKind::NotImplementedError,
        format!("array2string's {name}= is not supported yet"),
    )
}

pub(crate) fn array2string(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Value::HostArray(h) = a.get(0) {
        let h = h.clone();
        return host_array2string(host, &h, a);
    }
    let x = as_array(a.get(0))?;
    let c = Array2String::of(host, a)?;
    let (o, sep, prefix, width) = (&c.options, &c.separator, &c.prefix, c.width);
    let func = c
        .formatter
        .as_ref()
        .and_then(|f| f.pick(format_key(x.dtype())));
    let Some(func) = func else {
        return Ok(Value::str(print::array2string(&x, o, sep, prefix, width)));
    };
    let custom = Caller::for_array(host, x.ndim(), o.legacy);
    let text = |s: &Scalar| custom.call(&func, super::conv::scalar(*s));
    let out = print::array2string_with(&x, o, sep, prefix, width, Some(&text));
    Ok(Value::str(custom.finish(out)?))
}

/// `array2string`'s arguments but the array.
struct Array2String {
    options: PrintOptions,
    separator: String,
    prefix: String,
    /// The line width less the suffix.
    width: usize,
    /// The call's formatter, else the session's.
    formatter: Option<Formatter>,
}

impl Array2String {
    fn of(host: &mut dyn Host, a: &Args) -> Result<Array2String> {
        if !matches!(a.get(6), Value::None) {
            return Err(unsupported("style"));
        }
        let modes = super::types::mode_args(host, a.get(11), a.get(10), a.get(13))?;
        let mut o = options(a.get(1), a.get(2), a.get(3))?;
        modes.apply(&mut o);
        super::types::legacy_unique_check(&o)?;
        if let Some(t) = opt_int(a.get(8))? {
            o.threshold = usize::try_from(t).unwrap_or(0);
        }
        if let Some(e) = opt_int(a.get(9))? {
            o.edgeitems = usize::try_from(e).unwrap_or(0);
        }
        let suffix = crate::ops::to_str(a.get(12));
        let formatter = match Formatter::from_value(a.get(7))? {
            Some(f) => Some(f),
            None => super::printopts::formatter(),
        };
        let suffix_len = if o.legacy > 113 {
            suffix.chars().count()
        } else {
            0
        };
        Ok(Array2String {
            width: o.linewidth.saturating_sub(suffix_len),
            options: o,
            separator: crate::ops::to_str(a.get(4)),
            prefix: crate::ops::to_str(a.get(5)),
            formatter,
        })
    }
}

/// `np.array2string` of a string, time or object array: the elements as
/// its repr shows them (a formatter's text when it has one for the dtype).
fn host_array2string(host: &mut dyn Host, h: &HostArray, a: &Args) -> Result<Value> {
    let c = Array2String::of(host, a)?;
    let func = match (&c.formatter, h.format_key()) {
        (Some(f), Some(key)) => f.pick(key),
        _ => None,
    };
    let (sep, prefix) = (&c.separator, &c.prefix);
    if let Some(func) = func {
        let custom = Caller::new(host);
        let out = h.text_with(
            &c.options,
            sep,
            prefix,
            c.width,
            &|x| custom.call(&func, h.format_arg(x)),
            false,
        );
        return Ok(Value::str(custom.finish(out)?));
    }
    let host = RefCell::new(host);
    let text = |x: &super::host::Cell| match x {
        super::host::Cell::Obj(v) => {
            super::host::object::elem_repr(Some(&mut **host.borrow_mut()), v)
        }
        x => h.elem_text(x),
    };
    Ok(Value::str(
        h.text_with(&c.options, sep, prefix, c.width, &text, true),
    ))
}

fn array_repr(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(f) = super::printopts::override_repr() {
        return override_repr(host, &f, a.get(0)).map(Value::str);
    }
    let x = as_array(a.get(0))?;
    let o = options(a.get(1), a.get(2), a.get(3))?;
    match super::printopts::formatter() {
        Some(f) => print_array(host, &x, &f, &o, true, "array").map(Value::str),
        None => Ok(Value::str(print::array_repr(&x, &o))),
    }
}

fn array_str(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = as_array(a.get(0))?;
    let o = options(a.get(1), a.get(2), a.get(3))?;
    match super::printopts::formatter() {
        Some(f) => print_array(host, &x, &f, &o, false, "array").map(Value::str),
        None => Ok(Value::str(print::array_str(&x, &o))),
    }
}

/// `override_repr(a)`, the text `repr(a)` of an array is under
/// `np.set_printoptions(override_repr=...)`.
pub fn override_repr(host: &mut dyn Host, f: &Value, a: &Value) -> Result<String> {
    match host.call(f, vec![a.clone()], Vec::new())? {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(Error::type_error(format!(
            "__repr__ returned non-string (type {})",
            crate::ops::type_name(&other)
        ))),
    }
}

/// `repr` of a NumPy scalar under the session's `legacy=`: `1.5` rather
/// than `np.float64(1.5)` up to '1.25', NumPy 1.13's `%.17g` under '1.13'.
pub fn scalar_repr(s: &Scalar) -> String {
    match super::printopts::legacy() {
        l if l <= 113 => print::legacy113_scalar(s, true),
        l if l <= 125 => print::scalar_str(s),
        _ => print::scalar_repr(s),
    }
}

/// `str` of a NumPy scalar under the session's `legacy=` (NumPy 1.13's
/// `%.12g` under '1.13').
pub fn scalar_str(s: &Scalar) -> String {
    if super::printopts::legacy() <= 113 {
        print::legacy113_scalar(s, false)
    } else {
        print::scalar_str(s)
    }
}
