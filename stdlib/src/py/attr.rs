//! Attributes, calls, `type(v)` and `import`.

use std::rc::Rc;

use crate::host::{Host, Kwargs};
use crate::ops::type_name;
use crate::table::{self, FnId, Kind};
use crate::value::{BoundMethod, Value};
use crate::{Error, Result};

/// The table modules holding the methods of a value's type, most specific
/// first (a bool also has the int methods; NumPy scalars use `ndarray`'s).
pub fn method_modules(v: &Value) -> &'static [&'static str] {
    match v {
        Value::Bool(_) => &["bool", "int"],
        Value::Int(_) | Value::BigInt(_) => &["int"],
        Value::Float(_) => &["float"],
        Value::Complex(_) => &["complex"],
        Value::Str(_) => &["str"],
        Value::Bytes(_) => &["bytes"],
        // A bytearray has the bytes methods, and its own mutating ones.
        Value::ByteArray(_) => &["bytearray", "bytes"],
        Value::List(_) => &["list"],
        Value::Tuple(_) => &["tuple"],
        Value::Dict(d) => crate::collections::method_modules(d.borrow().kind()),
        Value::Set(_) => &["set"],
        Value::FrozenSet(_) => &["frozenset"],
        Value::Range(_) => &["range"],
        Value::Array(_) | Value::Scalar(_) | Value::HostArray(_) => &["ndarray"],
        Value::DType(_) | Value::HostDType(_) => &["dtype"],
        Value::Object(o) => o.methods_module(),
        Value::Iter(i) if i.type_name() == "generator" => &["generator"],
        Value::Iter(i) if i.type_name() == crate::numpy::broadcast::TYPE_NAME => &["broadcast"],
        Value::Iter(i) if i.type_name() == crate::numpy::nditer::TYPE_NAME => &["nditer"],
        _ => &[],
    }
}

fn find_method(v: &Value, name: &str) -> Option<FnId> {
    method_modules(v)
        .iter()
        .filter_map(|m| table::lookup(m, name))
        .find(|id| matches!(table::get(*id).kind, Kind::Method | Kind::Property))
}

/// A static or class method of a str, bytes or bytearray value's type.
fn static_method(v: &Value, name: &str) -> Option<FnId> {
    if !matches!(v, Value::Str(_) | Value::Bytes(_) | Value::ByteArray(_)) {
        return None;
    }
    method_modules(v)
        .first()
        .and_then(|m| table::lookup(m, name))
        .filter(|id| table::get(*id).kind == Kind::Function)
}

/// Data attributes of numbers (`real`, `imag`, `numerator`, `denominator`).
fn number_attr(v: &Value, name: &str) -> Option<Value> {
    let as_int = |v: &Value| match v {
        Value::Bool(b) => Value::Int(i64::from(*b)),
        other => other.clone(),
    };
    match (v, name) {
        (Value::Bool(_) | Value::Int(_) | Value::BigInt(_), "real" | "numerator") => {
            Some(as_int(v))
        }
        (Value::Bool(_) | Value::Int(_) | Value::BigInt(_), "imag") => Some(Value::Int(0)),
        (Value::Bool(_) | Value::Int(_) | Value::BigInt(_), "denominator") => Some(Value::Int(1)),
        (Value::Float(_), "real") => Some(v.clone()),
        (Value::Float(_), "imag") => Some(Value::Float(0.0)),
        (Value::Complex(c), "real") => Some(Value::Float(c.re)),
        (Value::Complex(c), "imag") => Some(Value::Float(c.im)),
        (Value::Range(r), "start") => Some(Value::Int(r.start)),
        (Value::Range(r), "stop") => Some(Value::Int(r.stop)),
        (Value::Range(r), "step") => Some(Value::Int(r.step)),
        (Value::Slice(s), "start") => Some(s.start.clone()),
        (Value::Slice(s), "stop") => Some(s.stop.clone()),
        (Value::Slice(s), "step") => Some(s.step.clone()),
        _ => None,
    }
}

/// `v.name`.
pub fn getattr(v: &Value, name: &str) -> Result<Value> {
    if let Some(a) = super::class::object_attr(v, name) {
        return Ok(a);
    }
    if let Some(a) = super::exc::getattr(v, name) {
        return Ok(a);
    }
    if let Value::Class(c) = v {
        return super::class::class_attr(c, name);
    }
    if let Some(a) = crate::files::file_of(v).and_then(|f| f.attr(name)) {
        return Ok(a);
    }
    if let Value::Object(o) = v {
        if let crate::value::Object::Callable(c) = &**o {
            if let Some(a) = c.attr(name) {
                return Ok(a);
            }
        }
        if let crate::value::Object::FlatIter(a) = &**o {
            if let Some(r) = crate::numpy::flatiter::attr(a, name) {
                return Ok(r);
            }
        }
        if let crate::value::Object::Flags(a) = &**o {
            return crate::numpy::flags::attr(a, name);
        }
    }
    match v {
        Value::Module(m) => {
            return m.get(name).ok_or_else(|| {
                Error::attribute_error(format!("module '{}' has no attribute '{name}'", m.name))
            });
        }
        Value::Builtin(id) if table::get(*id).kind == Kind::Type => {
            let d = table::get(*id);
            if name == "__name__" {
                return Ok(Value::str(d.name));
            }
            // `np.ndarray.__add__`: NumPy's special methods, unbound.
            if let Some(w) = crate::numpy::dunder::type_attr(*id, name) {
                return Ok(w);
            }
            // Methods, and the static methods declared as functions of the
            // type (`dict.fromkeys`).
            let methods = crate::datetime::class_module(d.module, d.name).unwrap_or(d.name);
            return table::lookup(methods, name)
                .filter(|m| matches!(table::get(*m).kind, Kind::Method | Kind::Function))
                .map(Value::Builtin)
                .ok_or_else(|| {
                    // NumPy's types are named with their module
                    // (`numpy.ndarray`), as their C type names are.
                    let shown = if d.module == "numpy" {
                        table::qualname(d)
                    } else {
                        d.name.to_string()
                    };
                    Error::attribute_error(format!(
                        "type object '{shown}' has no attribute '{name}'"
                    ))
                });
        }
        Value::Builtin(id) if name == "__name__" => return Ok(Value::str(table::get(*id).name)),
        Value::Builtin(id) if crate::numpy::ufuncs::is_ufunc(table::get(*id)) => {
            if let Some(m) = table::lookup("ufunc", name) {
                // `np.add.nin` is read at once; `np.add.reduce` is a bound method.
                if table::get(m).kind == Kind::Property {
                    let mut args = crate::bind::Args {
                        values: vec![v.clone()],
                        rest: Vec::new(),
                    };
                    return (table::get(m).imp)(&mut crate::host::QuietHost, &mut args);
                }
                return Ok(Value::Method(Rc::new(BoundMethod {
                    receiver: v.clone(),
                    func: m,
                })));
            }
        }
        Value::Function(f) if name == "__name__" => return Ok(Value::str(f.name())),
        Value::Function(f) if name == "__doc__" => {
            return Ok(f.doc().map_or(Value::None, Value::str));
        }
        // A method's docstring is its function's.
        Value::BoundMethod(m) if name == "__doc__" => return getattr(&m.func, name),
        _ => {}
    }
    if let Value::Record(r) = v {
        if let Some((_, a)) = r.attrs.iter().find(|(n, _)| *n == name) {
            return Ok(a.clone());
        }
    }
    if let Some(a) = number_attr(v, name) {
        return Ok(a);
    }
    // A NumPy text scalar has str's (bytes') methods first, then the
    // scalar's own (`np.str_('a').upper()`, `np.str_('a').dtype`).
    if let Some(text) = crate::numpy::host::python_text(v) {
        if find_method(&text, name).is_some() {
            return getattr(&text, name);
        }
    }
    // NumPy's special methods (`a.__add__`, `np.float64(1).__repr__`).
    if let Some(a) = crate::numpy::dunder::attr(v, name) {
        return Ok(a);
    }
    // The static and class methods of str and bytes, read from a value
    // (`b''.fromhex`, `''.maketrans`), are the type's own functions.
    if let Some(id) = static_method(v, name) {
        return Ok(Value::Builtin(id));
    }
    if let Some(id) = find_method(v, name) {
        if table::get(id).kind == Kind::Property {
            return table::call_property(&mut NoHost, id, v.clone());
        }
        return Ok(Value::Method(Rc::new(BoundMethod {
            receiver: v.clone(),
            func: id,
        })));
    }
    if let Value::HostArray(h) = v {
        if crate::numpy::host::record::is_record_type(h.dtype()) {
            return crate::numpy::host::record::rec_getattr(h, name);
        }
    }
    Err(Error::attribute_error(format!(
        "'{}' object has no attribute '{name}'",
        type_name(v)
    )))
}

/// `a.shape = value`: the view of `a` with that shape (one `-1` is
/// inferred), as NumPy's setter makes it without copying; when the data
/// would have to be copied, NumPy's AttributeError.
pub fn set_shape(a: &xpush_npu::Array, value: &Value) -> Result<xpush_npu::Array> {
    let dims = crate::numpy::conv::reshape_dims(std::slice::from_ref(value))?;
    match a.layout().reshape(&dims)? {
        Some(l) => Ok(a.with_layout(l)),
        None => Err(Error::attribute_error(
            "Incompatible shape for in-place modification. Use `.reshape()` to make a copy with the desired shape.",
        )),
    }
}

/// The host given to property getters, which never print or call back.
struct NoHost;

impl Host for NoHost {
    fn write_out(&mut self, _: &str) {}
    fn call(&mut self, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
        call(self, callee, args, kwargs)
    }
    fn check_interrupt(&self) -> Result<()> {
        Ok(())
    }
    fn argv(&self) -> Vec<String> {
        Vec::new()
    }
    fn resume(&mut self, _: &mut dyn std::any::Any) -> Result<Option<Value>> {
        Err(Error::type_error(
            "a property getter cannot run a generator",
        ))
    }
}

/// `a.real = value` and `a.imag = value`: the part written in place
/// (broadcast, cast as assignment casts), the other part kept; a real
/// array has no imaginary part to set (NumPy's TypeError).
fn set_real_imag(v: &Value, a: &xpush_npu::Array, name: &str, value: Value) -> Result<()> {
    let complex = a.dtype().is_complex();
    let new = match (name, complex) {
        ("imag", false) => {
            return Err(Error::type_error(
                "array does not have imaginary part to set",
            ))
        }
        ("real", false) => value,
        _ => {
            use xpush_npu::ops::{unary, UnaryOp};
            let part = crate::numpy::conv::as_array(&value)?;
            let (re, im) = match name {
                "real" => (part, unary(UnaryOp::Imag, a)?),
                _ => (unary(UnaryOp::Real, a)?, part),
            };
            let z = crate::numpy::conv::complex_from_parts(&re, &im, a.dtype())?;
            crate::numpy::conv::wrap(z)
        }
    };
    super::index::setitem(v, &Value::Ellipsis, new)
}

/// `v.name = value`: modules accept new members; built-in values do not.
pub fn setattr(v: &Value, name: &str, value: Value) -> Result<()> {
    if let Value::Module(m) = v {
        m.set(name, value);
        return Ok(());
    }
    if let Value::Object(o) = v {
        if let crate::value::Object::Flags(a) = &**o {
            return crate::numpy::flags::setattr(a, name, &value);
        }
        if let crate::value::Object::BitGenerator(b) = &**o {
            if name == "state" {
                return crate::numpy::bitgen::set_state(b, &value);
            }
        }
    }
    if let Value::HostArray(h) = v {
        if crate::numpy::host::record::is_record_type(h.dtype())
            && crate::numpy::host::record::rec_setattr(h, name, &value)?
        {
            return Ok(());
        }
    }
    if let Value::Array(a) = v {
        if name == "shape" {
            // The interpreter rebinds `name.shape = s` when no other value
            // refers to the array; an aliased array cannot change shape
            // under its other names, so the assignment is refused.
            set_shape(a, &value)?;
            return Err(Error::attribute_error(
                "setting the shape of an array that other names also refer to is not supported in xpush; use a.reshape()",
            ));
        }
        if name == "flat" {
            // `a.flat = v`: NumPy's flat assignment, `v`'s values repeated
            // over every element in C order (`a.flat[:] = v`).
            let all = crate::numpy::compose::slice(None, None, None);
            return crate::numpy::flatiter::setitem(v, &all, value);
        }
        if name == "dtype" {
            return Err(Error::attribute_error(format!(
                "setting the {name} of an array is not supported in xpush"
            )));
        }
        if name == "real" || name == "imag" {
            return set_real_imag(v, a, name, value);
        }
    }
    if find_method(v, name).is_some()
        || static_method(v, name).is_some()
        || number_attr(v, name).is_some()
    {
        return Err(Error::attribute_error(format!(
            "'{}' object attribute '{name}' is read-only",
            type_name(v)
        )));
    }
    Err(Error::attribute_error(format!(
        "'{}' object has no attribute '{name}'",
        type_name(v)
    )))
}

/// Calls a builtin, bound method or type; a `def` function goes back through [`Host::call`].
pub fn call(
    host: &mut dyn Host,
    callee: &Value,
    mut args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    match callee {
        Value::Builtin(id) => table::call(host, *id, args, kwargs),
        Value::Method(m) => {
            args.insert(0, m.receiver.clone());
            table::call(host, m.func, args, kwargs)
        }
        Value::Function(_) => host.call(callee, args, kwargs),
        Value::BoundMethod(m) => {
            args.insert(0, m.receiver.clone());
            host.call(&m.func, args, kwargs)
        }
        Value::Class(c) => super::class::instantiate(host, c, args, kwargs),
        Value::Instance(_) => {
            args.insert(0, callee.clone());
            let f = super::class::class_of(callee).and_then(|c| c.lookup("__call__"));
            match f {
                Some(f) => host.call(&f, args, kwargs),
                None => Err(not_callable(callee)),
            }
        }
        Value::ExcType(kind) => super::exc::call(*kind, args, !kwargs.is_empty()),
        Value::Object(o) => match &**o {
            crate::value::Object::Callable(c) => c.call(host, args, kwargs),
            crate::value::Object::Plot(crate::pyplot::PlotObj::Colormap(name)) => {
                crate::pyplot_cmap::call(name, args, kwargs)
            }
            crate::value::Object::Descriptor(super::class::Descriptor::Base { name, receiver }) => {
                super::class::call_base(host, name, receiver, args)
            }
            crate::value::Object::Descriptor(super::class::Descriptor::Dataclass {
                method,
                fields,
            }) => crate::dataclasses::call_method(host, method, fields, args, kwargs),
            crate::value::Object::Descriptor(super::class::Descriptor::NamedTuple {
                method,
                spec,
            }) => crate::collections::call_tuple_method(host, method, spec, args, kwargs),
            crate::value::Object::Descriptor(super::class::Descriptor::Refine {
                which,
                property,
            }) => super::class::refine_property(which, property, args),
            _ => Err(not_callable(callee)),
        },
        _ => Err(not_callable(callee)),
    }
}

/// `TypeError: 'int' object is not callable`.
fn not_callable(v: &Value) -> Error {
    Error::type_error(format!("'{}' object is not callable", type_name(v)))
}

/// Whether `v` can be called.
pub fn callable(v: &Value) -> bool {
    matches!(
        v,
        Value::Builtin(_)
            | Value::Method(_)
            | Value::Function(_)
            | Value::ExcType(_)
            | Value::Class(_)
            | Value::BoundMethod(_)
    ) || matches!(v, Value::Object(o) if matches!(**o, crate::value::Object::Callable(_)
            | crate::value::Object::Descriptor(super::class::Descriptor::Base { .. })
            | crate::value::Object::Plot(crate::pyplot::PlotObj::Colormap(_))))
        || super::class::special_of(v, "__call__")
}

/// The type entry of a type name (`"int"`, `"function"`).
pub fn type_id(name: &str) -> Option<FnId> {
    table::lookup("builtins", name)
        .or_else(|| table::lookup("_types", name))
        .filter(|id| table::get(*id).kind == Kind::Type)
}

/// `type(v)`: the type entry, printed `<class 'int'>`.
pub fn type_of(v: &Value) -> Value {
    if let Some(c) = super::class::class_of(v) {
        return Value::Class(c.clone());
    }
    if let Some(e) = super::exc::object(v) {
        return Value::ExcType(e.kind);
    }
    if let Value::Dict(d) = v {
        if let Some(t) = crate::collections::type_of(d.borrow().kind()) {
            return t;
        }
    }
    // A dotted type name is a module's type: `numpy.float64`, `_io.TextIOWrapper`.
    if let Some((module, t)) = type_name(v).rsplit_once('.') {
        if let Some(id) = table::lookup(module, t) {
            return Value::Builtin(id);
        }
    }
    match type_id(type_name(v)) {
        Some(id) => Value::Builtin(id),
        None => Value::None,
    }
}

/// `isinstance(v, t)` for one type entry (bool counts as int).
pub fn is_instance(v: &Value, t: FnId) -> bool {
    let d = table::get(t);
    let name = d.name;
    let actual = type_name(v);
    if d.module == "numpy" {
        return crate::numpy::types::is_instance(v, name);
    }
    if d.module == "numpy.dtypes" {
        return crate::numpy::dtypes::is_instance(v, name);
    }
    if d.module == "datetime" {
        return crate::datetime::is_instance(v, name);
    }
    if d.module == "collections.abc" {
        return crate::collections_abc::is_instance(v, name);
    }
    if d.module == "numpy.random.bit_generator" && name == "BitGenerator" {
        return matches!(v, Value::Object(o) if matches!(**o, crate::value::Object::BitGenerator(_)));
    }
    // NumPy's text scalars derive from `str` and `bytes`.
    if d.module == "builtins" {
        if let Some(t) = crate::numpy::host::scalar_type(v) {
            return name == "object"
                || (name == "str" && t == "str_")
                || (name == "bytes" && t == "bytes_");
        }
    }
    // Every value is an object; the `collections` dicts are dicts.
    let qualified = actual
        .strip_prefix(d.module)
        .and_then(|rest| rest.strip_prefix('.'));
    actual == name
        || qualified == Some(name)
        || (name == "int" && actual == "bool")
        || name == "object"
        || (name == "dict" && d.module == "builtins" && matches!(v, Value::Dict(_)))
}
