//! `repr`, `str` and type names for every value, with CPython's formats:
//! shortest round-trip floats, complex `(1+2j)`, quote choice and escapes.

use std::fmt::Write;
use std::rc::Rc;

use crate::table::{self, Kind};
use crate::value::Value;

/// Python's type name of `v` (`"int"`, `"list"`, `"function"`).
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::None => "NoneType",
        Value::Bool(_) => "bool",
        Value::Int(_) | Value::BigInt(_) => "int",
        Value::Float(_) => "float",
        Value::Complex(_) => "complex",
        Value::Str(_) => "str",
        Value::Bytes(_) => "bytes",
        Value::ByteArray(_) => "bytearray",
        Value::List(_) => "list",
        Value::Tuple(_) => "tuple",
        Value::Dict(d) => d.borrow().kind().type_name(),
        Value::Set(_) => "set",
        Value::FrozenSet(_) => "frozenset",
        Value::DictView(v) => v.type_name(),
        Value::Iter(i) => i.type_name(),
        Value::Range(_) => "range",
        Value::Slice(_) => "slice",
        Value::Ellipsis => "ellipsis",
        Value::Builtin(id) if crate::numpy::ufuncs::is_ufunc(table::get(*id)) => "numpy.ufunc",
        Value::Builtin(id) => match table::get(*id).kind {
            Kind::Type => "type",
            Kind::Method | Kind::Property => "method_descriptor",
            Kind::Function => "builtin_function_or_method",
        },
        Value::Method(_) => "builtin_function_or_method",
        Value::Function(_) => "function",
        Value::Module(_) => "module",
        Value::HostArray(h) if crate::numpy::host::record::is_record_type(h.dtype()) => {
            if h.is_scalar() {
                "numpy.record"
            } else {
                "numpy.rec.recarray"
            }
        }
        v if crate::numpy::host::record::is_void(v) => "numpy.void",
        v @ Value::HostArray(_) => match crate::numpy::host::scalar_type(v) {
            Some("str_") => "numpy.str_",
            Some("bytes_") => "numpy.bytes_",
            Some("datetime64") => "numpy.datetime64",
            Some("timedelta64") => "numpy.timedelta64",
            _ => "numpy.ndarray",
        },
        Value::Array(_) => "numpy.ndarray",
        Value::HostDType(d) => match d.kind {
            crate::numpy::host::HostKind::Str => "numpy.dtypes.StrDType",
            crate::numpy::host::HostKind::Bytes => "numpy.dtypes.BytesDType",
            crate::numpy::host::HostKind::DateTime(_) => "numpy.dtypes.DateTime64DType",
            crate::numpy::host::HostKind::TimeDelta(_) => "numpy.dtypes.TimeDelta64DType",
            crate::numpy::host::HostKind::Object => "numpy.dtypes.ObjectDType",
            crate::numpy::host::HostKind::Record(_) => "numpy.dtypes.VoidDType",
        },
        Value::Scalar(s) => crate::numpy::types::scalar_type_name(s.dtype()),
        Value::DType(d) => crate::numpy::dtypes::class_name(*d),
        Value::ExcType(_) => "type",
        Value::Record(r) => r.type_name,
        Value::Object(o) => o.type_name(),
        Value::Class(_) => "type",
        Value::Instance(i) => i.class.name,
        Value::BoundMethod(_) => "method",
    }
}

fn split_sci(s: &str) -> (String, i32) {
    let (mant, exp) = s.split_once('e').unwrap_or((s, "0"));
    let digits: String = mant.chars().filter(|c| *c != '.').collect();
    (digits, exp.parse().unwrap_or(0))
}

/// The shortest round-trip digits of `|x|` and its decimal exponent, with
/// ties between two equally short candidates broken to the even digit as
/// CPython's dtoa does (Rust's shortest formatting may pick the odd one).
fn shortest_digits(x: f64) -> (String, i32) {
    let x = x.abs();
    let (digits, exp) = split_sci(&format!("{x:e}"));
    let n = digits.len();
    if n < 16 {
        return (digits, exp);
    }
    // A tie needs the exact value to have n + 1 significant digits ending in 5.
    let (longer, lexp) = split_sci(&format!("{:.*e}", n, x));
    let exact = split_sci(&format!("{:.*e}", n + 24, x)).0;
    if lexp != exp || !longer.ends_with('5') || exact[n + 1..].bytes().any(|b| b != b'0') {
        return (digits, exp);
    }
    let low = &longer[..n];
    let Ok(low_n) = low.parse::<u64>() else {
        return (digits, exp);
    };
    let even = if low_n % 2 == 0 { low_n } else { low_n + 1 };
    let cand = even.to_string();
    if cand.len() != n {
        return (digits, exp);
    }
    let back: Option<f64> = format!("{}.{}e{}", &cand[..1], &cand[1..], exp)
        .parse()
        .ok();
    if back == Some(x) {
        (cand, exp)
    } else {
        (digits, exp)
    }
}

/// Python's `repr(float)`: shortest round-trip digits, scientific notation
/// when the exponent is < -4 or >= 16 (`1e+16`, `1e-05`), `inf`, `nan`, `-0.0`.
pub fn float_repr(x: f64) -> String {
    format_float(x, true)
}

fn format_float(x: f64, force_dot: bool) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let mut out = String::new();
    if x.is_sign_negative() {
        out.push('-');
    }
    if x == 0.0 {
        out.push_str(if force_dot { "0.0" } else { "0" });
        return out;
    }
    let (digits, e) = shortest_digits(x);
    let n = digits.len() as i32;
    if (-4..16).contains(&e) {
        let decpt = e + 1;
        if decpt <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-decpt) as usize));
            out.push_str(&digits);
        } else if decpt >= n {
            out.push_str(&digits);
            out.extend(std::iter::repeat_n('0', (decpt - n) as usize));
            if force_dot {
                out.push_str(".0");
            }
        } else {
            out.push_str(&digits[..decpt as usize]);
            out.push('.');
            out.push_str(&digits[decpt as usize..]);
        }
    } else {
        out.push_str(&digits[..1]);
        if n > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let _ = write!(out, "e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
    out
}

/// Python's `repr(complex)`: `(1+2j)`, `2j`, `(-0-1j)`, `(nan+infj)`.
pub fn complex_repr(re: f64, im: f64) -> String {
    let imag = format_float(im, false);
    if re == 0.0 && re.is_sign_positive() {
        return format!("{imag}j");
    }
    let sign = if imag.starts_with('-') { "" } else { "+" };
    format!("({}{sign}{imag}j)", format_float(re, false))
}

/// Python's `repr(str)` (lives in the front end, which plots share).
pub use xpush_lang::repr::str_repr;

/// A stable fake address for a heap value (its `Rc` pointer).
fn addr<T: ?Sized>(rc: &Rc<T>) -> usize {
    Rc::as_ptr(rc) as *const () as usize
}

fn value_addr(v: &Value) -> usize {
    match v {
        Value::Str(s) => addr(s),
        Value::Bytes(b) => addr(b),
        Value::ByteArray(b) => addr(b),
        Value::List(l) => addr(l),
        Value::Tuple(t) => addr(t),
        Value::Dict(d) => addr(d),
        Value::Set(s) => addr(s),
        Value::FrozenSet(s) => addr(s),
        Value::DictView(v) => addr(v),
        Value::Iter(i) => addr(i),
        Value::BigInt(b) => addr(b),
        Value::Range(r) => addr(r),
        Value::Module(m) => addr(m),
        Value::Function(f) => addr(f),
        Value::Method(m) => addr(m),
        Value::Object(o) => addr(o),
        Value::Class(c) => addr(c),
        Value::Instance(i) => addr(i),
        Value::BoundMethod(m) => addr(m),
        // Immediate values have no heap address; any fixed fake one will do.
        _ => 0x7f00_0000_1000,
    }
}

/// `id(v)`: the heap address of a heap value; an immediate value (an
/// int, a float, None) has none, so its id is derived from its type and
/// value (equal immediates are the same object, as CPython's small ints
/// and singletons are).
pub fn object_id(v: &Value) -> i64 {
    let a = value_addr(v);
    if a != 0x7f00_0000_1000 {
        return a as i64;
    }
    let h = super::hash::hash(v).unwrap_or(0) as u64;
    let tag = type_name(v).len() as u64;
    // Below any heap address, kept apart by type.
    ((h % (1 << 40)) | (tag << 40)) as i64
}

/// The state of one repr: the containers being shown (a list inside
/// itself is `[...]`), and the host that runs user `__repr__` methods,
/// with the first error one raised.
struct Cx<'h> {
    seen: Vec<usize>,
    host: Option<&'h mut dyn crate::host::Host>,
    error: Option<crate::Error>,
}

fn repr_into(v: &Value, out: &mut String, cx: &mut Cx<'_>) {
    match v {
        Value::None => out.push_str("None"),
        Value::Bool(b) => out.push_str(if *b { "True" } else { "False" }),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::BigInt(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Float(f) => out.push_str(&float_repr(*f)),
        Value::Complex(c) => out.push_str(&complex_repr(c.re, c.im)),
        Value::Str(s) => out.push_str(&str_repr(s)),
        Value::Bytes(_) | Value::ByteArray(_) => out.push_str(&super::bytes::value_repr(v)),
        Value::List(l) => {
            let a = addr(l);
            if cx.seen.contains(&a) {
                out.push_str("[...]");
                return;
            }
            cx.seen.push(a);
            out.push('[');
            let n = l.borrow().len();
            for i in 0..n {
                let Some(item) = l.borrow().get(i).cloned() else {
                    break;
                };
                if i > 0 {
                    out.push_str(", ");
                }
                repr_into(&item, out, cx);
            }
            out.push(']');
            cx.seen.pop();
        }
        Value::Tuple(t) => {
            out.push('(');
            for (i, item) in t.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                repr_into(item, out, cx);
            }
            if t.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        Value::Dict(d) => {
            let a = addr(d);
            if cx.seen.contains(&a) {
                out.push_str("{...}");
                return;
            }
            cx.seen.push(a);
            // A snapshot: a repr of a value could not change the dict, but
            // the borrow is not held across the nested reprs either way.
            let items = crate::collections::repr_pairs(&d.borrow());
            let mut body = String::new();
            if matches!(d.borrow().kind(), crate::value::DictKind::OrderedDict) {
                // `OrderedDict([('a', 1)])`, as 3.11 prints it.
                let pairs: Vec<Value> = items
                    .into_iter()
                    .map(|(k, v)| Value::tuple(vec![k, v]))
                    .collect();
                seq_repr(&pairs, "OrderedDict([", "])", &mut body, cx);
            } else {
                body.push('{');
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        body.push_str(", ");
                    }
                    repr_into(k, &mut body, cx);
                    body.push_str(": ");
                    repr_into(v, &mut body, cx);
                }
                body.push('}');
            }
            let wrapped = crate::collections::dict_repr(&d.borrow(), &body, |f| {
                let mut s = String::new();
                repr_into(f, &mut s, cx);
                s
            });
            out.push_str(wrapped.as_deref().unwrap_or(&body));
            cx.seen.pop();
        }
        Value::Set(s) => {
            let a = addr(s);
            if cx.seen.contains(&a) {
                out.push_str("set(...)");
                return;
            }
            let items = s.borrow().to_vec();
            if items.is_empty() {
                out.push_str("set()");
                return;
            }
            cx.seen.push(a);
            seq_repr(&items, "{", "}", out, cx);
            cx.seen.pop();
        }
        Value::FrozenSet(s) => {
            if s.is_empty() {
                out.push_str("frozenset()");
                return;
            }
            out.push_str("frozenset(");
            seq_repr(&s.to_vec(), "{", "}", out, cx);
            out.push(')');
        }
        Value::Iter(i) => {
            let _ = match i.type_name() {
                "generator" => write!(
                    out,
                    "<generator object {} at {:#x}>",
                    i.qualname().unwrap_or("<genexpr>"),
                    addr(i)
                ),
                name => write!(out, "<{name} object at {:#x}>", addr(i)),
            };
        }
        Value::DictView(v) => {
            out.push_str(v.type_name());
            out.push('(');
            seq_repr(&v.items(), "[", "]", out, cx);
            out.push(')');
        }
        Value::Range(r) => {
            let _ = if r.step == 1 {
                write!(out, "range({}, {})", r.start, r.stop)
            } else {
                write!(out, "range({}, {}, {})", r.start, r.stop, r.step)
            };
        }
        Value::Slice(s) => {
            out.push_str("slice(");
            repr_into(&s.start, out, cx);
            out.push_str(", ");
            repr_into(&s.stop, out, cx);
            out.push_str(", ");
            repr_into(&s.step, out, cx);
            out.push(')');
        }
        Value::Ellipsis => out.push_str("Ellipsis"),
        Value::Builtin(id) => {
            let d = table::get(*id);
            let _ = match d.kind {
                Kind::Type => write!(out, "<class '{}'>", crate::table::qualname(d)),
                Kind::Method | Kind::Property => {
                    write!(out, "<method '{}' of '{}' objects>", d.name, d.module)
                }
                Kind::Function if crate::numpy::ufuncs::is_ufunc(d) => {
                    write!(out, "<ufunc '{}'>", d.name)
                }
                Kind::Function => write!(out, "<built-in function {}>", d.name),
            };
        }
        Value::Method(m) => {
            let d = table::get(m.func);
            let _ = write!(
                out,
                "<built-in method {} of {} object at {:#x}>",
                d.name,
                type_name(&m.receiver),
                value_addr(&m.receiver)
            );
        }
        Value::Function(f) => {
            let _ = write!(out, "<function {} at {:#x}>", f.qualname(), addr(f));
        }
        Value::Module(m) => {
            let _ = write!(out, "<module '{}'>", m.name);
        }
        Value::Array(_) | Value::HostArray(_)
            if crate::numpy::printopts::override_repr().is_some() =>
        {
            match (
                crate::numpy::printopts::override_repr(),
                cx.host.as_deref_mut(),
            ) {
                (Some(f), Some(host)) if cx.error.is_none() => {
                    match crate::numpy::printing::override_repr(host, &f, v) {
                        Ok(s) => out.push_str(&s),
                        Err(e) => cx.error = Some(e),
                    }
                }
                // No interpreter to call it (or an error already): the
                // array's own repr.
                _ => match v {
                    Value::Array(a) => out.push_str(&xpush_npu::print::array_repr(
                        a,
                        &crate::numpy::printopts::get(),
                    )),
                    Value::HostArray(a) => out.push_str(&a.repr()),
                    _ => {}
                },
            }
        }
        Value::Array(a) => match (crate::numpy::printopts::formatter(), cx.host.as_deref_mut()) {
            (Some(f), Some(host)) if cx.error.is_none() => {
                let o = crate::numpy::printopts::get();
                match crate::numpy::printing::print_array(host, a, &f, &o, true, "array") {
                    Ok(s) => out.push_str(&s),
                    Err(e) => cx.error = Some(e),
                }
            }
            _ => out.push_str(&xpush_npu::print::array_repr(
                a,
                &crate::numpy::printopts::get(),
            )),
        },
        Value::Scalar(s) => out.push_str(&crate::numpy::printing::scalar_repr(s)),
        Value::DType(d) => out.push_str(&d.repr()),
        Value::HostArray(a) => match cx.host.as_deref_mut() {
            Some(host) if crate::numpy::printopts::formatter().is_some() => {
                let f = crate::numpy::printopts::formatter();
                let printed =
                    f.map(|f| crate::numpy::printing::print_host_array(host, a, &f, true));
                match printed {
                    Some(Ok(s)) => out.push_str(&s),
                    Some(Err(e)) => cx.error = Some(e),
                    None => {}
                }
            }
            Some(host) if a.dtype().kind == crate::numpy::host::HostKind::Object => {
                out.push_str(&a.repr_with(host))
            }
            _ => out.push_str(&a.repr()),
        },
        Value::HostDType(d) => out.push_str(&d.repr()),
        Value::ExcType(k) => out.push_str(&k.class_repr()),
        Value::Record(r) => out.push_str(&r.repr),
        Value::Object(o) => match crate::collections::deque_of(v) {
            Some(d) => {
                let a = addr(o);
                if cx.seen.contains(&a) {
                    out.push_str("[...]");
                    return;
                }
                cx.seen.push(a);
                let items: Vec<Value> = d.borrow().items.iter().cloned().collect();
                let mut body = String::new();
                seq_repr(&items, "[", "]", &mut body, cx);
                out.push_str(&d.borrow().repr(&body));
                cx.seen.pop();
            }
            None => out.push_str(&object_repr(o)),
        },
        Value::Class(_) | Value::Instance(_) => match cx.host.as_deref_mut() {
            Some(host) if cx.error.is_none() => match super::class::repr_one(host, v) {
                Ok(text) => out.push_str(&text),
                Err(e) => cx.error = Some(e),
            },
            _ => out.push_str(&super::class::plain_repr(v)),
        },
        Value::BoundMethod(m) => {
            let _ = write!(
                out,
                "<bound method {} of ",
                match &m.func {
                    Value::Function(f) => f.qualname().to_string(),
                    Value::Builtin(id) => crate::table::qualname(crate::table::get(*id)),
                    other => repr(other),
                }
            );
            repr_into(&m.receiver, out, cx);
            out.push('>');
        }
    }
}

/// `open`, the reprs of `items` joined by `, `, then `close`.
fn seq_repr(items: &[Value], open: &str, close: &str, out: &mut String, cx: &mut Cx<'_>) {
    out.push_str(open);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        repr_into(item, out, cx);
    }
    out.push_str(close);
}

/// The repr of a native object: NumPy's `Generator(PCG64) at 0x7F...` and
/// `NpzFile 'f.npz' with keys: a, b` (at most five keys, then `...`).
fn object_repr(o: &Rc<crate::value::Object>) -> String {
    use crate::value::Object;
    match &**o {
        Object::Plain => format!("<object object at {:#x}>", Rc::as_ptr(o) as usize),
        Object::NotImplemented => "NotImplemented".into(),
        Object::PyRandom(_) => format!("<random.Random object at {:#x}>", Rc::as_ptr(o) as usize),
        Object::Missing => format!(
            "<dataclasses._MISSING_TYPE object at {:#x}>",
            Rc::as_ptr(o) as usize
        ),
        Object::Field(f) => format!(
            "Field(default={},default_factory={})",
            f.default
                .as_ref()
                .map_or("<dataclasses._MISSING_TYPE object>".into(), repr),
            f.factory
                .as_ref()
                .map_or("<dataclasses._MISSING_TYPE object>".into(), repr),
        ),
        Object::Fields(fs) => {
            let names: Vec<String> = fs.iter().map(|f| str_repr(&f.name)).collect();
            format!("{{{}}}", names.join(", "))
        }
        Object::Exception(e) => super::exc::repr(e),
        Object::File(f) => f.repr(),
        Object::TempDir(t) => t.repr(),
        // Shown by `repr_into`, which reprs the items in its context.
        Object::Deque(_) => repr(&Value::Object(o.clone())),
        Object::CatchWarnings(c) => c.repr(),
        Object::DateTime(d) => d.repr(),
        Object::Plot(p) => p.repr(),
        Object::Callable(c) => c.repr(),
        Object::Descriptor(super::class::Descriptor::Static(f)) => {
            format!("<staticmethod({})>", repr(f))
        }
        Object::Descriptor(super::class::Descriptor::ClassMethod(f)) => {
            format!("<classmethod({})>", repr(f))
        }
        Object::Descriptor(super::class::Descriptor::Super { class, obj }) => format!(
            "<super: <class '{}'>, <{} object>>",
            class.name,
            type_name(obj)
        ),
        Object::Descriptor(d) => format!(
            "<{} object at {:#x}>",
            d.type_name(),
            Rc::as_ptr(o) as *const () as usize
        ),
        Object::StdStream(err) => format!(
            "<_io.TextIOWrapper name='<{}>' mode='w' encoding='utf-8'>",
            if *err { "stderr" } else { "stdout" }
        ),
        Object::Flags(a) => crate::numpy::flags::text(a).unwrap_or_default(),
        Object::PrintOptions { .. }
        | Object::ErrState(_)
        | Object::IndexTrick(_)
        | Object::Timer(_)
        | Object::FlatIter(_) => format!(
            "<{} object at {:#x}>",
            o.type_name(),
            Rc::as_ptr(o) as *const () as usize
        ),
        Object::Generator(bg) => format!(
            "{} at 0x{:X}",
            crate::numpy::random::generator_str(bg),
            Rc::as_ptr(o) as usize
        ),
        Object::BitGenerator(b) => format!(
            "<{} object at {:#x}>",
            b.type_name(),
            Rc::as_ptr(o) as *const () as usize
        ),
        Object::SeedSequence(s) => crate::numpy::bitgen::seed_sequence_repr(s),
        Object::RandomState(..) => {
            format!("RandomState(MT19937) at 0x{:X}", Rc::as_ptr(o) as usize)
        }
        Object::Npz { path, archive } => {
            let files = archive.files();
            let mut keys = files[..files.len().min(5)].join(", ");
            if files.len() > 5 {
                keys.push_str("...");
            }
            format!("NpzFile {} with keys: {keys}", str_repr(path))
        }
    }
}

/// `repr(v)`.
pub fn repr(v: &Value) -> String {
    let mut out = String::new();
    let mut cx = Cx {
        seen: Vec::new(),
        host: None,
        error: None,
    };
    repr_into(v, &mut out, &mut cx);
    out
}

/// `repr(v)` running the `__repr__` of the user objects in it (at any
/// depth of containers); the first error one raises.
pub fn repr_with(host: &mut dyn crate::host::Host, v: &Value) -> crate::Result<String> {
    let mut out = String::new();
    let mut cx = Cx {
        seen: Vec::new(),
        host: Some(host),
        error: None,
    };
    repr_into(v, &mut out, &mut cx);
    match cx.error {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// `str(v)`: the text itself for a str, else the repr.
pub fn to_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        Value::Array(a) => xpush_npu::print::array_str(a, &crate::numpy::printopts::get()),
        Value::Scalar(s) => crate::numpy::printing::scalar_str(s),
        Value::DType(d) => d.name().to_string(),
        Value::HostArray(a) => a.str(),
        Value::HostDType(d) => d.display(),
        Value::Object(o) => match &**o {
            crate::value::Object::Exception(e) => e.text.clone(),
            crate::value::Object::Plot(p) => p.str(),
            crate::value::Object::Generator(bg) => crate::numpy::random::generator_str(bg),
            crate::value::Object::RandomState(..) => "RandomState(MT19937)".into(),
            crate::value::Object::DateTime(d) => d.str(),
            _ => repr(v),
        },
        // A record whose str differs from its repr (matplotlib's Annotation).
        Value::Record(r) => match r.attrs.iter().find(|(n, _)| *n == "__str__") {
            Some((_, Value::Str(s))) => s.to_string(),
            _ => repr(v),
        },
        _ => repr(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_repr_corners() {
        let cases: &[(f64, &str)] = &[
            (0.125, "0.125"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (1.5e300, "1.5e+300"),
            (123456789012345678.0, "1.2345678901234568e+17"),
            (9999999999999998.0, "9999999999999998.0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (-1e-7, "-1e-07"),
            (5e-324, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (1e22, "1e+22"),
            (12345.678, "12345.678"),
            (2.0, "2.0"),
            (1e15 + 0.3, "1000000000000000.2"),
        ];
        for (x, want) in cases {
            assert_eq!(float_repr(*x), *want, "{x:e}");
        }
    }

    #[test]
    fn complex_repr_corners() {
        assert_eq!(complex_repr(1.0, 2.0), "(1+2j)");
        assert_eq!(complex_repr(0.0, 2.0), "2j");
        assert_eq!(complex_repr(-0.0, -1.0), "(-0-1j)");
        assert_eq!(complex_repr(f64::NAN, f64::INFINITY), "(nan+infj)");
        assert_eq!(complex_repr(1e16, 1e-5), "(1e+16+1e-05j)");
        assert_eq!(complex_repr(0.0, -0.0), "-0j");
        assert_eq!(complex_repr(-0.0, 0.0), "(-0+0j)");
        assert_eq!(complex_repr(1.5, -2.25), "(1.5-2.25j)");
    }

    #[test]
    fn containers() {
        let t = Value::tuple(vec![Value::Int(1)]);
        assert_eq!(repr(&t), "(1,)");
        assert_eq!(repr(&Value::tuple(vec![])), "()");
        let l = Value::list(vec![Value::str("a"), Value::None, Value::Float(1.0)]);
        assert_eq!(repr(&l), "['a', None, 1.0]");
        if let Value::List(items) = &l {
            items.borrow_mut().push(l.clone());
        }
        assert_eq!(repr(&l), "['a', None, 1.0, [...]]");
        if let Value::List(items) = &l {
            items.borrow_mut().clear();
        }
        assert_eq!(to_str(&Value::str("x")), "x");
        assert_eq!(repr(&Value::Ellipsis), "Ellipsis");
    }
}
