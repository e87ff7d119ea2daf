//! Calling other table entries from Rust, for the functions NumPy itself
//! writes in Python on top of its primitives (`np.vander` on
//! `multiply.accumulate`, `np.isposinf` on `isinf` and `signbit`). They are
//! composed here the same way, so that each runs on the session's device
//! through the dispatch of the entries it calls, and says nothing of its own
//! about devices.

use std::rc::Rc;

use xpush_lang::ast::{BinOp, CmpOp};

use crate::host::Host;
use crate::table;
use crate::value::Value;
use crate::{Error, Result};

/// `MODULE.NAME(*args, **kwargs)` for a table entry (`numpy`, `numpy.linalg`).
pub fn call_in(
    host: &mut dyn Host,
    module: &str,
    name: &str,
    args: Vec<Value>,
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    let id = table::lookup(module, name).ok_or_else(|| {
        Error::attribute_error(format!("module '{module}' has no attribute '{name}'"))
    })?;
    let kwargs = kwargs
        .iter()
        .map(|(k, v)| (Rc::from(*k), v.clone()))
        .collect();
    table::call(host, id, args, kwargs)
}

/// `np.NAME(*args)`.
pub fn np(host: &mut dyn Host, name: &str, args: Vec<Value>) -> Result<Value> {
    call_in(host, "numpy", name, args, &[])
}

/// `np.NAME(*args, **kwargs)`.
pub fn np_kw(
    host: &mut dyn Host,
    name: &str,
    args: Vec<Value>,
    kwargs: &[(&str, Value)],
) -> Result<Value> {
    call_in(host, "numpy", name, args, kwargs)
}

/// `a.NAME` (a property: `a.imag`).
pub fn attr(v: &Value, name: &str) -> Result<Value> {
    crate::ops::getattr(v, name)
}

/// `a.NAME(*args)` (a method).
pub fn method(host: &mut dyn Host, v: &Value, name: &str, args: Vec<Value>) -> Result<Value> {
    let m = crate::ops::getattr(v, name)?;
    crate::ops::call(host, &m, args, Vec::new())
}

/// `a op b` with Python's (and NumPy's) operator semantics.
pub fn bin(op: BinOp, a: &Value, b: &Value) -> Result<Value> {
    crate::ops::binary(op, a, b)
}

/// `a op b` for a comparison.
pub fn cmp(op: CmpOp, a: &Value, b: &Value) -> Result<Value> {
    crate::ops::compare(op, a, b)
}

/// `a[index]`.
pub fn item(a: &Value, index: Value) -> Result<Value> {
    crate::ops::getitem(a, &index)
}

/// `bool(v)`.
pub fn truth(v: &Value) -> Result<bool> {
    crate::ops::truthy(v)
}

/// A slice value `start:stop:step` (`None` for a missing bound).
pub fn slice(start: Option<i64>, stop: Option<i64>, step: Option<i64>) -> Value {
    let v = |x: Option<i64>| x.map_or(Value::None, Value::Int);
    Value::Slice(Rc::new(crate::value::SliceObj {
        start: v(start),
        stop: v(stop),
        step: v(step),
    }))
}

/// A shape as a Python tuple of ints (`(2, 3)`).
pub fn shape_value(shape: &[usize]) -> Value {
    Value::tuple(shape.iter().map(|&n| Value::Int(n as i64)).collect())
}

/// Every index of `shape` in C order (the last axis fastest).
pub fn c_order_indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let total: usize = shape.iter().product();
    let mut out = Vec::with_capacity(total);
    let mut idx = vec![0usize; shape.len()];
    for _ in 0..total {
        out.push(idx.clone());
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}
