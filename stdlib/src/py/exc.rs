//! Exception classes and exception objects as values: what `raise` takes,
//! what `except ... as e` binds, `str(e)`, `e.args`, `repr(e)`, and the
//! class hierarchy `except` and `isinstance` follow ([`ExcKind::bases`]).

use std::cell::RefCell;
use std::rc::Rc;

use crate::value::{Object, Value};
use crate::{Error, ExcKind, Result};

/// An exception object: its class, the arguments it was made with, and
/// its `str` (`KeyError('k')` reads `'k'`).
pub struct ExcObj {
    /// The class.
    pub kind: ExcKind,
    /// `e.args`.
    pub args: Vec<Value>,
    /// `str(e)`.
    pub text: String,
    /// What `repr(e)` shows between the parentheses.
    pub args_repr: String,
    /// `e.__cause__`: what `raise ... from cause` named.
    pub cause: RefCell<Value>,
    /// `e.errno`, `e.strerror`, `e.filename` of an `OSError` (and its
    /// subclasses); `None` for other exceptions.
    pub os: Option<[Value; 3]>,
}

fn is_os_error(kind: ExcKind) -> bool {
    mro(kind).contains(&ExcKind::OSError)
}

/// `str(e)` of an exception made with `args`, as `BaseException.__str__`
/// (and `KeyError.__str__`, which shows its one key's repr) computes it.
fn text_of(kind: ExcKind, args: &[Value]) -> String {
    match args {
        [] => String::new(),
        [one] if kind == ExcKind::KeyError => crate::ops::repr(one),
        [one] => crate::ops::to_str(one),
        many => crate::ops::repr(&Value::tuple(many.to_vec())),
    }
}

/// `Kind(*args)`: a new exception object.
///
/// An `OSError` of two to five arguments is CPython's `OSError(errno,
/// strerror, filename)`: `args` keeps the first two, `str(e)` is
/// `[Errno 2] No such file or directory: 'x'`, and an errno with its own
/// subclass makes that class (`OSError(2, ...)` is a `FileNotFoundError`).
pub fn new(kind: ExcKind, mut args: Vec<Value>) -> Value {
    // `OSError(errno, ...)` is the subclass of that errno, as in CPython.
    let kind = match (kind, args.len(), args.first()) {
        (ExcKind::OSError, 2..=5, Some(Value::Int(n))) => match n {
            1 | 13 => ExcKind::PermissionError,
            2 => ExcKind::FileNotFoundError,
            17 => ExcKind::FileExistsError,
            20 => ExcKind::NotADirectoryError,
            21 => ExcKind::IsADirectoryError,
            _ => kind,
        },
        _ => kind,
    };
    let mut os = None;
    let mut text = None;
    if is_os_error(kind) {
        os = Some([Value::None, Value::None, Value::None]);
        if (2..=5).contains(&args.len()) {
            let filename = args.get(2).cloned().unwrap_or(Value::None);
            let t = format!(
                "[Errno {}] {}",
                crate::ops::to_str(&args[0]),
                crate::ops::to_str(&args[1])
            );
            text = Some(match &filename {
                Value::None => t,
                f => format!("{t}: {}", crate::ops::repr(f)),
            });
            args.truncate(2);
            os = Some([args[0].clone(), args[1].clone(), filename]);
        }
    }
    let text = text.unwrap_or_else(|| text_of(kind, &args));
    let args_repr: Vec<String> = args.iter().map(crate::ops::repr).collect();
    Value::Object(Rc::new(Object::Exception(ExcObj {
        kind,
        args,
        text,
        args_repr: args_repr.join(", "),
        cause: RefCell::new(Value::None),
        os,
    })))
}

/// The errno, strerror and filename in the message of an `OSError` the
/// runtime raised: `[Errno 2] No such file or directory: 'x'` (what
/// `files::os_error` and CPython write).
fn os_parts(msg: &str) -> Option<(i64, &str, Option<&str>)> {
    let rest = msg.strip_prefix("[Errno ")?;
    let (n, rest) = rest.split_once("] ")?;
    let errno = n.parse().ok()?;
    Some(match rest.split_once(": '") {
        Some((text, name)) if name.ends_with('\'') => (errno, text, Some(&name[..name.len() - 1])),
        _ => (errno, rest, None),
    })
}

/// The object of an error the runtime raised: its message is its one
/// argument (none when it has no message). A `KeyError`'s message is
/// already its key's repr, which `repr(e)` shows as it is.
pub fn from_error(e: &Error) -> Value {
    let msg = e.msg();
    if is_os_error(e.kind()) {
        if let Some((errno, text, name)) = os_parts(msg) {
            let mut args = vec![Value::Int(errno), Value::str(text)];
            if let Some(n) = name {
                args.push(Value::str(n));
            }
            return new(e.kind(), args);
        }
    }
    let args = if msg.is_empty() {
        Vec::new()
    } else {
        vec![Value::str(msg)]
    };
    let args_repr = match (e.kind(), args.first()) {
        (ExcKind::KeyError, _) => msg.to_string(),
        (_, Some(a)) => crate::ops::repr(a),
        (_, None) => String::new(),
    };
    Value::Object(Rc::new(Object::Exception(ExcObj {
        kind: e.kind(),
        args,
        text: msg.to_string(),
        args_repr,
        cause: RefCell::new(Value::None),
        os: is_os_error(e.kind()).then(|| [Value::None, Value::None, Value::None]),
    })))
}

/// The exception object inside `v`, if it is one.
pub fn object(v: &Value) -> Option<&ExcObj> {
    match v {
        Value::Object(o) => match &**o {
            Object::Exception(e) => Some(e),
            _ => None,
        },
        _ => None,
    }
}

/// What `raise v` raises: a class is instantiated without arguments, an
/// object raised as it is (the error with the object's class and `str`);
/// anything else is CPython's TypeError. Returns the error and the object.
pub fn to_raise(v: &Value) -> Result<(Error, Value)> {
    match v {
        Value::ExcType(kind) => {
            let obj = new(*kind, Vec::new());
            Ok((Error::new(*kind, ""), obj))
        }
        _ => match object(v) {
            Some(e) => Ok((Error::new(e.kind, e.text.clone()), v.clone())),
            None => Err(Error::type_error(
                "exceptions must derive from BaseException",
            )),
        },
    }
}

/// Whether an exception of class `kind` is caught by `except class:`:
/// `class` is an exception class or a tuple of them (nested as Python allows).
pub fn caught_by(kind: ExcKind, class: &Value) -> Result<bool> {
    match class {
        Value::ExcType(k) => Ok(kind.is_subclass(*k)),
        Value::Tuple(items) => {
            for item in items.iter() {
                if caught_by(kind, item)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        _ => Err(Error::type_error(
            "catching classes that do not inherit from BaseException is not allowed",
        )),
    }
}

/// `repr(e)`: `ValueError('bad')`, `KeyError('k')`, `ValueError()`.
pub fn repr(e: &ExcObj) -> String {
    format!("{}({})", e.kind.name(), e.args_repr)
}

/// `Kind(*args)` called as a class: keyword arguments are CPython's TypeError.
pub fn call(kind: ExcKind, args: Vec<Value>, has_kwargs: bool) -> Result<Value> {
    if has_kwargs {
        return Err(Error::type_error(format!(
            "{}() takes no keyword arguments",
            kind.name()
        )));
    }
    Ok(new(kind, args))
}

/// The method resolution order of a builtin exception class, itself
/// first (C3, as CPython's: `AxisError, ValueError, IndexError,
/// LookupError, Exception, BaseException`).
pub fn mro(kind: ExcKind) -> Vec<ExcKind> {
    let bases = kind.bases();
    let mut seqs: Vec<Vec<ExcKind>> = bases.iter().map(|b| mro(*b)).collect();
    seqs.push(bases.to_vec());
    let mut out = vec![kind];
    loop {
        seqs.retain(|s| !s.is_empty());
        let Some(head) = seqs
            .iter()
            .map(|s| s[0])
            .find(|h| seqs.iter().all(|s| !s[1..].contains(h)))
        else {
            return out;
        };
        for s in &mut seqs {
            if s[0] == head {
                s.remove(0);
            }
        }
        out.push(head);
    }
}

/// The attributes of an exception object (`args`, `__cause__`,
/// `__class__`) and of a class (`__name__`, `__module__`).
pub fn getattr(v: &Value, name: &str) -> Option<Value> {
    if let Value::ExcType(kind) = v {
        return match name {
            "__name__" | "__qualname__" => Some(Value::str(kind.name())),
            "__module__" => Some(Value::str(kind.module())),
            "__bases__" => Some(Value::tuple(match kind.bases() {
                // `BaseException` derives from `object`.
                [] => crate::table::lookup("builtins", "object")
                    .map(Value::Builtin)
                    .into_iter()
                    .collect(),
                bases => bases.iter().map(|b| Value::ExcType(*b)).collect(),
            })),
            "__mro__" => {
                let mut order: Vec<Value> = mro(*kind).into_iter().map(Value::ExcType).collect();
                order.extend(crate::table::lookup("builtins", "object").map(Value::Builtin));
                Some(Value::tuple(order))
            }
            _ => None,
        };
    }
    let e = object(v)?;
    match name {
        "args" => Some(Value::tuple(e.args.clone())),
        "__cause__" => Some(e.cause.borrow().clone()),
        "__class__" => Some(Value::ExcType(e.kind)),
        "value" if e.kind == ExcKind::StopIteration => {
            Some(e.args.first().cloned().unwrap_or(Value::None))
        }
        "errno" | "strerror" | "filename" => {
            let os = e.os.as_ref()?;
            Some(
                os[["errno", "strerror", "filename"]
                    .iter()
                    .position(|n| *n == name)?]
                .clone(),
            )
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn str_and_repr_follow_cpython() {
        let e = new(ExcKind::ValueError, vec![Value::str("bad")]);
        let obj = object(&e).map(|o| (o.text.clone(), repr(o)));
        assert_eq!(
            obj,
            Some(("bad".to_string(), "ValueError('bad')".to_string()))
        );
        let k = new(ExcKind::KeyError, vec![Value::str("k")]);
        assert_eq!(object(&k).map(|o| o.text.clone()).as_deref(), Some("'k'"));
        let two = new(ExcKind::ValueError, vec![Value::Int(2), Value::str("x")]);
        assert_eq!(
            object(&two).map(|o| o.text.clone()).as_deref(),
            Some("(2, 'x')")
        );
        // OSError(errno, strerror): CPython's text, and errno 2's subclass.
        let os = new(ExcKind::OSError, vec![Value::Int(2), Value::str("x")]);
        assert_eq!(
            object(&os).map(|o| (o.kind, o.text.clone(), repr(o))),
            Some((
                ExcKind::FileNotFoundError,
                "[Errno 2] x".to_string(),
                "FileNotFoundError(2, 'x')".to_string()
            ))
        );
    }

    #[test]
    fn except_follows_the_hierarchy() {
        let t = |k| Value::ExcType(k);
        assert_eq!(
            caught_by(ExcKind::ZeroDivisionError, &t(ExcKind::ArithmeticError)).ok(),
            Some(true)
        );
        assert_eq!(
            caught_by(ExcKind::AxisError, &t(ExcKind::IndexError)).ok(),
            Some(true)
        );
        assert_eq!(
            caught_by(ExcKind::KeyboardInterrupt, &t(ExcKind::Exception)).ok(),
            Some(false)
        );
        let pair = Value::tuple(vec![t(ExcKind::TypeError), t(ExcKind::LookupError)]);
        assert_eq!(caught_by(ExcKind::KeyError, &pair).ok(), Some(true));
        assert!(caught_by(ExcKind::KeyError, &Value::Int(1)).is_err());
    }
}
