//! The methods of generator objects: `send`, `throw` and `close`, which
//! resume a generator function with a value, an exception, or
//! `GeneratorExit` at the `yield` it stopped at.

use crate::bind::Args;
use crate::entry;
use crate::host::{GenInput, Host};
use crate::py::lazy::IterObj;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, ExcKind, Result};

/// The generator methods.
pub const FUNCS: &[FuncDef] = &[
    entry!(Method, Builtin, "generator", "send", "(self, value, /)", send,
        "Resume the generator with value as the result of the yield it stopped at; its next value (StopIteration when it returns).",
        ["iter([1]).send(None)  # AttributeError: 'list_iterator' object has no attribute 'send'"]),
    entry!(Method, Builtin, "generator", "throw", "(self, typ, val=None, tb=None, /)", throw,
        "Raise an exception at the yield the generator stopped at; its next value if it catches it.",
        ["iter([1]).throw(ValueError)  # AttributeError: 'list_iterator' object has no attribute 'throw'"]),
    entry!(Method, Builtin, "generator", "close", "(self, /)", close,
        "Raise GeneratorExit at the yield the generator stopped at, so its finally blocks run; RuntimeError if it yields again.",
        ["iter([1]).close()  # AttributeError: 'list_iterator' object has no attribute 'close'"]),
];

fn generator(v: &Value) -> Result<&IterObj> {
    match v {
        Value::Iter(i) if i.type_name() == "generator" => Ok(i),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'generator' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// The `StopIteration` that ends a generator: it carries what the
/// generator returned (`return v`) as its `value`.
pub(crate) fn stop(host: &mut dyn Host) -> Error {
    match host.take_returned() {
        Some(v) if !v.is_none() => {
            host.raise_object(crate::py::exc::new(ExcKind::StopIteration, vec![v]))
        }
        _ => Error::new(ExcKind::StopIteration, ""),
    }
}

fn send(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let g = generator(a.get(0))?;
    match g.send(host, GenInput::Send(a.get(1).clone()))? {
        Some(v) => Ok(v),
        None => Err(stop(host)),
    }
}

fn throw(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let g = generator(a.get(0))?;
    // `throw(Class, value)`: the class called with the value (an
    // exception object as the value is raised as it is).
    let (typ, val) = (a.get(1), a.get(2));
    let exc = if val.is_none() {
        typ.clone()
    } else if crate::py::exc::object(val).is_some() || matches!(val, Value::Instance(_)) {
        val.clone()
    } else {
        crate::ops::call(host, typ, vec![val.clone()], Vec::new())?
    };
    match g.send(host, GenInput::Throw(exc))? {
        Some(v) => Ok(v),
        None => Err(stop(host)),
    }
}

fn close(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let g = generator(a.get(0))?;
    match g.send(
        host,
        GenInput::Throw(Value::ExcType(ExcKind::GeneratorExit)),
    ) {
        Ok(Some(_)) => Err(Error::new(
            ExcKind::RuntimeError,
            "generator ignored GeneratorExit",
        )),
        Ok(None) => Ok(Value::None),
        Err(e) if matches!(e.kind(), ExcKind::GeneratorExit | ExcKind::StopIteration) => {
            Ok(Value::None)
        }
        Err(e) => Err(e),
    }
}
