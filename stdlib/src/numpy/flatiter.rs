//! `a.flat`: NumPy's `flatiter`, the array seen as one dimension in C
//! order. Indexing reads elements (`a.flat[4]`, `a.flat[1:4]`,
//! `a.flat[[0, 5]]`); assignment writes into the array, the values
//! repeated over the positions (`a.flat[::2] = 7`); iteration and `len`
//! walk every element.

use std::rc::Rc;

use super::compose::{item, np};
use super::conv::as_array;
use crate::host::QuietHost;
use crate::value::{Object, Value};
use crate::Result;

/// `a.flat` of the array value `a`.
pub fn new(a: Value) -> Value {
    Value::Object(Rc::new(Object::FlatIter(a)))
}

/// The elements in C order: `ravel(a)`.
fn flat(a: &Value) -> Result<Value> {
    np(&mut QuietHost, "ravel", vec![a.clone()])
}

/// `a.flat[index]`.
pub fn getitem(a: &Value, index: &Value) -> Result<Value> {
    if let Value::Int(i) = index {
        let size = as_array(a)?.size() as i64;
        if *i >= size || *i < -size {
            return Err(crate::Error::new(
                crate::ExcKind::IndexError,
                format!("index {i} is out of bounds for size {size}"),
            ));
        }
    }
    item(&flat(a)?, index.clone())
}

/// `a.flat[index] = value`: the flat positions `index` selects, written
/// with `value` repeated over them (NumPy's flatiter assignment).
pub fn setitem(a: &Value, index: &Value, value: Value) -> Result<()> {
    let host = &mut QuietHost;
    let x = as_array(a)?;
    let positions = np(host, "arange", vec![Value::Int(x.size() as i64)])?;
    let positions = np(host, "ravel", vec![item(&positions, index.clone())?])?;
    let n = as_array(&positions)?.size();
    if n == 0 {
        return Ok(());
    }
    let flat_values = np(host, "ravel", vec![value])?;
    let values = np(host, "resize", vec![flat_values, Value::Int(n as i64)])?;
    let shape = super::compose::shape_value(x.shape());
    let coords = np(host, "unravel_index", vec![positions, shape])?;
    crate::ops::setitem(a, &coords, values)
}

/// The elements, for iteration.
pub fn items(a: &Value) -> Result<Vec<Value>> {
    crate::py::iter::to_vec(&flat(a)?)
}

/// `len(a.flat)`.
pub fn len(a: &Value) -> Result<usize> {
    Ok(as_array(a)?.size())
}

/// `a.flat.base` (the array), `.index` and `.coords` (a new iterator's: 0
/// and the first position).
pub fn attr(a: &Value, name: &str) -> Option<Value> {
    match name {
        "base" => Some(a.clone()),
        "index" => Some(Value::Int(0)),
        "coords" => {
            let nd = as_array(a).ok()?.ndim();
            Some(Value::tuple(vec![Value::Int(0); nd]))
        }
        _ => None,
    }
}
