//! Python's value semantics: operators, truthiness, indexing, attributes,
//! iteration, calls, repr/str. The interpreter calls these for every value
//! that its own fast paths (small ints, floats) do not handle.
//!
//! This file is the stable surface; the implementations live in
//! [`crate::py`], one file per concern.

use xpush_lang::ast::{BinOp, CmpOp, UnaryOp};

use crate::host::{Host, Kwargs};
use crate::py;
use crate::value::Value;
use crate::Result;

pub use crate::py::iter::ValueIter;

/// `a op b`.
#[inline]
pub fn binary(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    py::arith::binary(op, a, b)
}

/// `a op= b`: in place where the type mutates (list `+=`), else as [`binary`].
pub fn inplace(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    py::arith::inplace(op, a, b)
}

/// `-a`, `+a`, `~a`, `not a`.
pub fn unary(op: UnaryOp, a: &Value) -> Result<Value> {
    py::arith::unary(op, a)
}

/// One comparison `a op b` (chains are split by the interpreter).
pub fn compare(op: CmpOp, a: &Value, b: &Value) -> Result<Value> {
    py::compare::compare(op, a, b)
}

/// Python truthiness (`bool(v)`).
#[inline]
pub fn truthy(v: &Value) -> Result<bool> {
    py::compare::truthy(v)
}

/// `v[index]`.
pub fn getitem(v: &Value, index: &Value) -> Result<Value> {
    py::index::getitem(v, index)
}

/// `v[index] = value`.
pub fn setitem(v: &Value, index: &Value, value: Value) -> Result<()> {
    py::index::setitem(v, index, value)
}

/// `del v[index]`.
pub fn delitem(v: &Value, index: &Value) -> Result<()> {
    py::index::delitem(v, index)
}

/// `v.name`.
pub fn getattr(v: &Value, name: &str) -> Result<Value> {
    py::attr::getattr(v, name)
}

/// `v.name = value`.
pub fn setattr(v: &Value, name: &str, value: Value) -> Result<()> {
    py::attr::setattr(v, name, value)
}

/// The array `a.shape = value` makes of `a` (see [`py::attr::set_shape`]).
pub fn set_shape(a: &xpush_npu::Array, value: &Value) -> Result<xpush_npu::Array> {
    py::attr::set_shape(a, value)
}

/// `iter(v)`.
#[inline]
pub fn iterate(v: &Value) -> Result<ValueIter> {
    py::iter::iterate(v)
}

/// Calls a builtin, bound method or type; a `def` function goes back through [`Host::call`].
pub fn call(
    host: &mut dyn Host,
    callee: &Value,
    args: Vec<Value>,
    kwargs: Kwargs,
) -> Result<Value> {
    py::attr::call(host, callee, args, kwargs)
}

/// `repr(v)`.
pub fn repr(v: &Value) -> String {
    py::repr::repr(v)
}

/// `str(v)`.
pub fn to_str(v: &Value) -> String {
    py::repr::to_str(v)
}

/// Python's type name of `v` (`"int"`, `"list"`, `"function"`).
pub fn type_name(v: &Value) -> &'static str {
    py::repr::type_name(v)
}

/// The table module holding `v`'s methods and properties (`"str"`,
/// `"ndarray"` for arrays and NumPy scalars, `"dtype"`), for `:help` and
/// completion; `""` when it has none.
pub fn method_module(v: &Value) -> &'static str {
    py::attr::method_modules(v).first().copied().unwrap_or("")
}

/// `import name` for a dotted module name (`"math"`, `"numpy.linalg"`):
/// a fresh module value, or ModuleNotFoundError.
pub fn import(host: &mut dyn Host, name: &str) -> Result<Value> {
    crate::modules::import(host, name)
}
