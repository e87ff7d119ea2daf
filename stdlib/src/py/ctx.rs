//! The context-manager protocol for the values that have one: what
//! `with v as x:` calls on entry and on exit.

use crate::host::Host;
use crate::value::{Object, Value};
use crate::{Error, Result};

/// `v.__enter__()`: what `as` binds. A file is its own context manager.
/// `host` runs what an entry checks (`np.errstate(call=obj)` reads
/// `obj.write`).
pub fn enter(host: &mut dyn Host, v: &Value) -> Result<Value> {
    match v {
        Value::Object(o) => match &**o {
            Object::File(f) => {
                if f.attr("closed")
                    .is_some_and(|c| matches!(c, Value::Bool(true)))
                {
                    return Err(Error::value_error("I/O operation on closed file."));
                }
                Ok(v.clone())
            }
            Object::PrintOptions { options, saved } => {
                saved.borrow_mut().push(crate::numpy::printopts::state());
                crate::numpy::printopts::set_state(options.clone());
                crate::numpy::types::printoptions_record()
            }
            Object::ErrState(e) => e.enter(host).map(|()| Value::None),
            Object::CatchWarnings(c) => Ok(c.enter()),
            // `with TemporaryDirectory() as d:` binds the path.
            Object::TempDir(t) => Ok(Value::str(t.name.as_str())),
            _ => Err(not_a_manager(v)),
        },
        // `with np.nditer(...) as it:` (the iterator is its own manager).
        Value::Iter(i) if i.nditer().is_some() => Ok(v.clone()),
        _ => Err(not_a_manager(v)),
    }
}

/// `v.__exit__(...)` with the exception that left the block, if any:
/// whether to suppress it. Closing a file never suppresses.
pub fn exit(v: &Value, _exc: Option<&Value>) -> Result<bool> {
    match v {
        Value::Object(o) => match &**o {
            Object::File(f) => f.close().map(|()| false),
            Object::PrintOptions { saved, .. } => {
                if let Some(previous) = saved.borrow_mut().pop() {
                    crate::numpy::printopts::set_state(previous);
                }
                Ok(false)
            }
            Object::ErrState(e) => {
                e.exit();
                Ok(false)
            }
            Object::CatchWarnings(c) => {
                c.exit();
                Ok(false)
            }
            Object::TempDir(t) => t.cleanup().map(|()| false),
            _ => Err(not_a_manager(v)),
        },
        Value::Iter(i) if i.nditer().is_some() => Ok(false),
        _ => Err(not_a_manager(v)),
    }
}

/// CPython 3.11's TypeError for a `with` on a value without the protocol.
fn not_a_manager(v: &Value) -> Error {
    Error::type_error(format!(
        "'{}' object does not support the context manager protocol",
        crate::ops::type_name(v)
    ))
}
