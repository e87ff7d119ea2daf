//! Python's value semantics: operators, truthiness, indexing, attributes,
//! iteration, calls, repr/str. The interpreter calls these for every value
//! that its own fast paths (small ints, floats) do not handle.

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::host::{Host, Kwargs};
use crate::value::Value;
use crate::{Error, Result};

fn todo_err() -> Error {
    Error::not_implemented("not built yet")
}

/// `a op b`.
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    let _ = (op, a, b);
    Err(todo_err())
}

/// `a op= b`: in place where the type mutates (list `+=`), else as [`binary`].
pub fn inplace(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    binary(op, a, b)
}

/// `-a`, `+a`, `~a`, `not a`.
pub fn unary(op: UnaryOp, a: &Value) -> Result<Value> {
    let _ = (op, a);
    Err(todo_err())
}

/// One comparison `a op b` (chains are split by the interpreter).
pub fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<Value> {
    let _ = (op, a, b);
    Err(todo_err())
}

/// Python truthiness (`bool(v)`).
pub fn truthy(v: &Value) -> Result<bool> {
    let _ = v;
    Err(todo_err())
}

/// `v[index]`.
pub fn getitem(v: &Value, index: &Value) -> Result<Value> {
    let _ = (v, index);
    Err(todo_err())
}

/// `v[index] = value`.
pub fn setitem(v: &Value, index: &Value, value: Value) -> Result<()> {
    let _ = (v, index, value);
    Err(todo_err())
}

/// `del v[index]`.
pub fn delitem(v: &Value, index: &Value) -> Result<()> {
    let _ = (v, index);
    Err(todo_err())
}

/// `v.name`.
pub fn getattr(v: &Value, name: &str) -> Result<Value> {
    let _ = (v, name);
    Err(todo_err())
}

/// `v.name = value`.
pub fn setattr(v: &Value, name: &str, value: Value) -> Result<()> {
    let _ = (v, name, value);
    Err(todo_err())
}

/// An iterator over a value, as `for` and `list()` see it.
pub enum ValueIter {
    /// Nothing left.
    Empty,
}

impl Iterator for ValueIter {
    type Item = Value;
    fn next(&mut self) -> Option<Value> {
        None
    }
}

/// `iter(v)`.
pub fn iterate(v: &Value) -> Result<ValueIter> {
    let _ = v;
    Err(todo_err())
}

/// Calls a builtin, bound method or type; a `def` function goes back through [`Host::call`].
pub fn call(host: &mut dyn Host, callee: &Value, args: Vec<Value>, kwargs: Kwargs) -> Result<Value> {
    let _ = (host, callee, args, kwargs);
    Err(todo_err())
}

/// `repr(v)`.
pub fn repr(v: &Value) -> String {
    let _ = v;
    String::from("<?>")
}

/// `str(v)`.
pub fn to_str(v: &Value) -> String {
    repr(v)
}

/// Python's type name of `v` (`"int"`, `"list"`, `"function"`).
pub fn type_name(v: &Value) -> &'static str {
    let _ = v;
    "object"
}

/// `import name` for a dotted module name (`"math"`, `"numpy.linalg"`):
/// a fresh module value, or ModuleNotFoundError.
pub fn import(host: &mut dyn Host, name: &str) -> Result<Value> {
    let _ = (host, name);
    Err(Error::new(crate::ExcKind::ModuleNotFoundError, format!("No module named '{name}'")))
}
