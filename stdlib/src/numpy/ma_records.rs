//! The structured names of `numpy.ma`: `flatten_structured_array`,
//! `fromflex` and `mvoid`, a masked record (numpy/ma/core.py). An `mvoid`
//! is a class (module `numpy.ma.core`) whose instances hold `_data`, a
//! record (`np.void`), and `_mask`, one bool a field (`None` for
//! `nomask`); its methods are the table entries of the `mvoid` module
//! below.

use std::cell::RefCell;
use std::rc::Rc;

use super::compose::np;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::py::class::{Attrs, Class, Instance};
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::{Error, Result};

/// The functions.
pub const FUNCS: &[FuncDef] = &[
    entry!(Function, NumpyRecord, "numpy.ma", "flatten_structured_array", "(a)", flatten_structured_array,
        "A structured array (or masked array) as a plain array of its fields' values, one row a record (nested and subarray fields flattened), masks flattened alike.",
        ["np.ma.flatten_structured_array(np.array([(1, 2.0), (3, 4.0)], dtype='i4,f8'))  # array([[1., 2.],\n       [3., 4.]])"]),
    entry!(Function, NumpyRecord, "numpy.ma", "fromflex", "(fxarray)", fromflex,
        "A masked array from a structured array with fields '_data' and '_mask' (what MaskedArray.toflex gives).",
        ["np.ma.fromflex(np.array([(1, False), (2, True)], dtype=[('_data', 'i4'), ('_mask', '?')]))  # masked_array(data=[1, --],\n             mask=[False,  True],\n       fill_value=np.int64(999999),\n            dtype=int32)"]),
    entry!(Type, NumpyRecord, "numpy.ma", "mvoid", "(data, mask=None, dtype=None, fill_value=None, hardmask=False, copy=False)", construct,
        "A masked record: a record (np.void) with one mask bit a field; a masked field reads as np.ma.masked and prints as --.",
        ["np.ma.mvoid((1, 2.0), mask=(False, True), dtype=[('a', 'i4'), ('b', 'f8')])  # (1, --)", "np.ma.mvoid((1, 2.0), mask=(False, True), dtype=[('a', 'i4'), ('b', 'f8')]).tolist()  # (1, None)"]),
];

/// The methods and properties of the class (module `mvoid`).
pub const METHODS: &[FuncDef] = &[
    entry!(Method, NumpyRecord, "mvoid", "__init__", "(self, data, mask=None, dtype=None, fill_value=None, hardmask=False, copy=False)", init,
        "Initialises a masked record from a record or a tuple (with dtype=) and a mask (a bool or one a field).",
        ["np.ma.mvoid((1, 2.0), dtype='i4,f8').data.shape  # ()"]),
    entry!(Method, NumpyRecord, "mvoid", "__repr__", "(self)", text_m,
        "The record with -- for its masked fields: (1, --).",
        ["repr(np.ma.mvoid((1, 2.0), mask=(True, False), dtype='i4,f8'))  # '(--, 2.0)'"]),
    entry!(Method, NumpyRecord, "mvoid", "__str__", "(self)", text_m,
        "As repr.",
        ["str(np.ma.mvoid((1, 2.0), dtype='i4,f8'))  # '(1, 2.0)'"]),
    entry!(Method, NumpyRecord, "mvoid", "__getitem__", "(self, indx)", getitem_m,
        "A field by name or position; np.ma.masked when it is masked.",
        ["np.ma.mvoid((1, 2.0), mask=(False, True), dtype=[('a', 'i4'), ('b', 'f8')])['a']  # np.int32(1)"]),
    entry!(Method, NumpyRecord, "mvoid", "__setitem__", "(self, indx, value)", setitem_m,
        "Assigns a field (np.ma.masked masks it; a value unmasks it).",
        ["np.ma.mvoid((1, 2.0), dtype='i4,f8').__setitem__(0, 5)  # None"]),
    entry!(Method, NumpyRecord, "mvoid", "__len__", "(self)", len_m,
        "The number of fields.",
        ["len(np.ma.mvoid((1, 2.0), dtype='i4,f8'))  # 2"]),
    entry!(Method, NumpyRecord, "mvoid", "__iter__", "(self)", iter_m,
        "The fields' values, np.ma.masked for the masked ones.",
        ["list(np.ma.mvoid((1, 2.0), mask=(True, False), dtype='i4,f8'))[1]  # np.float64(2.0)"]),
    entry!(Method, NumpyRecord, "mvoid", "tolist", "(self)", tolist_m,
        "The fields as a tuple of Python values, None for the masked ones.",
        ["np.ma.mvoid((1, 2.0), mask=(True, False), dtype='i4,f8').tolist()  # (None, 2.0)"]),
    entry!(Method, NumpyRecord, "mvoid", "filled", "(self, fill_value=None)", filled_m,
        "The record with its masked fields replaced by fill_value (by default each field's default fill value).",
        ["np.ma.mvoid((1, 2.0), mask=(True, False), dtype='i4,f8').filled()  # np.void((999999, 2.0), dtype=[('f0', '<i4'), ('f1', '<f8')])"]),
    entry!(Property, NumpyRecord, "mvoid", "data", "(self, /)", data_p,
        "The record as a 0-d structured array.",
        ["np.ma.mvoid((1, 2.0), dtype='i4,f8').data  # array((1, 2.), dtype=[('f0', '<i4'), ('f1', '<f8')])"]),
    entry!(Property, NumpyRecord, "mvoid", "mask", "(self, /)", mask_p,
        "The mask: a record of one bool a field.",
        ["np.ma.mvoid((1, 2.0), mask=(False, True), dtype='i4,f8').mask  # np.void((False, True), dtype=[('f0', '?'), ('f1', '?')])"]),
];

thread_local! {
    static CLASS: RefCell<Option<Rc<Class>>> = const { RefCell::new(None) };
}

/// The class `numpy.ma.core.mvoid` (one per thread, built on first use);
/// a subclass of `MaskedArray`, as NumPy's.
pub fn class() -> Result<Rc<Class>> {
    if let Some(c) = CLASS.with(|c| c.borrow().clone()) {
        return Ok(c);
    }
    let attrs = super::poly1d::table_attrs("mvoid", &[]);
    let bases = vec![Value::Class(super::ma::class()?)];
    let c = Rc::new(Class::new("mvoid", "mvoid", "numpy.ma.core", bases, attrs)?);
    CLASS.with(|slot| *slot.borrow_mut() = Some(c.clone()));
    Ok(c)
}

fn construct(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let c = class()?;
    host.call(&Value::Class(c), a.values.clone(), Vec::new())
}

/// The instance of a method's receiver.
fn me(v: &Value) -> Result<&Rc<Instance>> {
    match v {
        Value::Instance(i) if class().is_ok_and(|c| i.class.is_subclass(&c)) => Ok(i),
        other => Err(Error::type_error(format!(
            "descriptor requires a 'numpy.ma.core.mvoid' object but received a '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

fn attr(v: &Value, name: &str) -> Result<Value> {
    me(v)?
        .attrs
        .borrow()
        .get(name)
        .cloned()
        .ok_or_else(|| Error::value_error("mvoid is not initialized"))
}

/// The record of an instance.
fn record(v: &Value) -> Result<Rc<crate::numpy::host::HostArray>> {
    match attr(v, "_data")? {
        Value::HostArray(h) => Ok(h),
        _ => Err(Error::value_error("mvoid is not initialized")),
    }
}

/// The mask bits of an instance, one a field (all false for `nomask`).
fn bits(v: &Value) -> Result<Vec<bool>> {
    let n = record(v)?
        .dtype()
        .kind
        .is_record()
        .then(|| fields(v))
        .transpose()?
        .unwrap_or(0);
    match attr(v, "_mask")? {
        Value::None => Ok(vec![false; n]),
        Value::List(l) => l.borrow().iter().map(crate::ops::truthy).collect(),
        other => Err(Error::type_error(format!(
            "bad mvoid mask {}",
            crate::ops::repr(&other)
        ))),
    }
}

/// The number of fields of an instance's record.
fn fields(v: &Value) -> Result<usize> {
    let h = record(v)?;
    Ok(crate::numpy::host::record::of(h.dtype()).map_or(0, |r| r.fields.len()))
}

/// A field position from a name or an index.
fn position(v: &Value, key: &Value) -> Result<usize> {
    let h = record(v)?;
    let r = crate::numpy::host::record::of(h.dtype())
        .ok_or_else(|| Error::type_error("not a structured record"))?;
    match key {
        Value::Str(s) => crate::numpy::host::record::field_index(&r, s),
        other => {
            crate::numpy::host::record::position(&r, other, |i| format!("invalid index ({i})"))
        }
    }
}

fn init(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = match a.get(1) {
        v @ Value::HostArray(h)
            if h.is_scalar() && h.dtype().kind.is_record() && a.get(3).is_none() =>
        {
            v.clone()
        }
        v => {
            let mut args = Args {
                values: vec![v.clone(), a.get(3).clone()],
                rest: Vec::new(),
            };
            super::structured::void_entry(host, &mut args)?
        }
    };
    let mut attrs = Attrs::default();
    attrs.set("_data", data);
    attrs.set("_mask", Value::None);
    let inst = me(a.get(0))?;
    *inst.attrs.borrow_mut() = attrs;
    let n = fields(a.get(0))?;
    let mask = match a.get(2) {
        Value::None => Value::None,
        Value::Bool(_) | Value::Int(_) | Value::Scalar(_) => {
            let b = crate::ops::truthy(a.get(2))?;
            if b {
                Value::list(vec![Value::Bool(true); n])
            } else {
                Value::None
            }
        }
        m => {
            let items = crate::py::iter::to_vec(m)?;
            if items.len() != n {
                // NumPy makes the mask a record of the fields' bools.
                return Err(Error::value_error(format!(
                    "could not assign tuple of length {} to structure with {n} fields.",
                    items.len()
                )));
            }
            Value::list(
                items
                    .iter()
                    .map(|x| crate::ops::truthy(x).map(Value::Bool))
                    .collect::<Result<_>>()?,
            )
        }
    };
    inst.attrs.borrow_mut().set("_mask", mask);
    Ok(Value::None)
}

/// The value of field `k`, `np.ma.masked` when it is masked.
fn field(v: &Value, k: usize) -> Result<Value> {
    if bits(v)?[k] {
        return super::ma::masked();
    }
    record(v)?.field_value(k)
}

fn text_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let mask = bits(v)?;
    if !mask.iter().any(|&m| m) {
        return Ok(Value::str(crate::ops::to_str(&attr(v, "_data")?)));
    }
    // NumPy prints the record as objects, `--` for the masked fields.
    let item = crate::numpy::host::record::item(&attr(v, "_data")?)?;
    let items = crate::py::iter::to_vec(&item)?;
    let texts = items
        .iter()
        .zip(&mask)
        .map(|(x, &m)| {
            if m {
                Ok("--".to_string())
            } else {
                crate::py::class::repr(host, x)
            }
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Value::str(if texts.len() == 1 {
        format!("({},)", texts[0])
    } else {
        format!("({})", texts.join(", "))
    }))
}

fn getitem_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let k = position(a.get(0), a.get(1))?;
    field(a.get(0), k)
}

fn setitem_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let k = position(v, a.get(1))?;
    let mut mask = bits(v)?;
    if super::ma::is_masked_const(a.get(2)) {
        mask[k] = true;
    } else {
        crate::py::index::setitem(&attr(v, "_data")?, &Value::Int(k as i64), a.get(2).clone())?;
        mask[k] = false;
    }
    let mask = if mask.iter().any(|&m| m) {
        Value::list(mask.into_iter().map(Value::Bool).collect())
    } else {
        Value::None
    };
    me(v)?.attrs.borrow_mut().set("_mask", mask);
    Ok(Value::None)
}

fn len_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(fields(a.get(0))? as i64))
}

fn iter_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let items = (0..fields(v)?)
        .map(|k| field(v, k))
        .collect::<Result<Vec<_>>>()?;
    let id = table::lookup_builtin("iter").ok_or_else(|| Error::runtime_error("no iter"))?;
    table::call(host, id, vec![Value::list(items)], Vec::new())
}

fn tolist_m(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let item = crate::numpy::host::record::item(&attr(v, "_data")?)?;
    let items = crate::py::iter::to_vec(&item)?;
    Ok(Value::tuple(
        items
            .into_iter()
            .zip(bits(v)?)
            .map(|(x, m)| if m { Value::None } else { x })
            .collect(),
    ))
}

fn filled_m(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let h = record(v)?;
    let out = crate::numpy::host::record::from_value(&Value::HostArray(h.clone()), h.dtype())?;
    let out = match out.record_at(0) {
        Value::HostArray(r) => r,
        _ => return Err(Error::value_error("mvoid is not initialized")),
    };
    for (k, m) in bits(v)?.into_iter().enumerate() {
        if !m {
            continue;
        }
        let fill = match a.get(1) {
            Value::None => super::ma::default_fill(host, &out.field(k)?)?,
            f => f.clone(),
        };
        out.record_key_set(&Value::Int(k as i64), &fill)?;
    }
    Ok(Value::HostArray(out))
}

/// `x.data`: the record as a 0-d structured array, as NumPy's.
fn data_p(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let h = record(a.get(0))?;
    Ok(crate::numpy::host::wrap(h.select(h.index().clone())?))
}

fn mask_p(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let v = a.get(0);
    let h = record(v)?;
    let r = crate::numpy::host::record::of(h.dtype())
        .ok_or_else(|| Error::type_error("not a structured record"))?;
    let spec = Value::list(
        r.fields
            .iter()
            .map(|f| Value::tuple(vec![Value::Str(f.name.clone()), Value::str("?")]))
            .collect(),
    );
    let mask = Value::tuple(bits(v)?.into_iter().map(Value::Bool).collect());
    let mut args = Args {
        values: vec![mask, spec],
        rest: Vec::new(),
    };
    super::structured::void_entry(host, &mut args)
}

/// Flattens a record's `item()` (tuples, and arrays of subarray fields)
/// into `out`, as NumPy's `flatten_sequence`.
fn flatten(v: &Value, out: &mut Vec<Value>) -> Result<()> {
    match v {
        Value::Tuple(_) | Value::List(_) | Value::Array(_) => {
            for x in crate::py::iter::to_vec(v)? {
                flatten(&x, out)?;
            }
        }
        Value::HostArray(h) if !h.is_scalar() || h.dtype().kind.is_record() => {
            flatten(&h.tolist(), out)?;
        }
        other => out.push(other.clone()),
    }
    Ok(())
}

/// The rows of a structured array's records, flattened.
fn flat_rows(a: &Value) -> Result<Vec<Value>> {
    let Value::HostArray(h) = a else {
        return Err(Error::type_error(format!(
            "'{}' object is not iterable as records",
            crate::ops::type_name(a)
        )));
    };
    let records = h.select(h.index().reshape(&[-1])?)?.tolist();
    crate::py::iter::to_vec(&records)?
        .iter()
        .map(|r| {
            let mut row = Vec::new();
            flatten(r, &mut row)?;
            Ok(Value::tuple(row))
        })
        .collect()
}

fn flatten_structured_array(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let x = a.get(0);
    let (data, mask) = if super::ma::is_ma(x) {
        (
            super::ma::get_attr(x, "_data")?,
            Some(super::ma::get_attr(x, "_mask")?),
        )
    } else {
        (np(host, "asanyarray", vec![x.clone()])?, None)
    };
    let shape = crate::numpy::conv::shape_arg(&crate::ops::getattr(&data, "shape")?)?;
    let out = np(host, "array", vec![Value::list(flat_rows(&data)?)])?;
    // A record array of more than one axis keeps its axes in front.
    let reshape = |host: &mut dyn Host, v: Value| -> Result<Value> {
        if shape.len() <= 1 {
            return Ok(v);
        }
        let cols = crate::numpy::conv::shape_arg(&crate::ops::getattr(&v, "shape")?)?;
        let mut dims: Vec<Value> = shape.iter().map(|&d| Value::Int(d as i64)).collect();
        dims.extend(cols[1..].iter().map(|&d| Value::Int(d as i64)));
        np(host, "reshape", vec![v, Value::tuple(dims)])
    };
    let out = reshape(host, out)?;
    match mask {
        None => Ok(out),
        Some(m) => {
            let m = match m {
                Value::None => Value::None,
                m => {
                    let flat = np(host, "array", vec![Value::list(flat_rows(&m)?)])?;
                    reshape(host, flat)?
                }
            };
            super::ma::make(host, &out, &m, &Value::None)
        }
    }
}

fn fromflex(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let f = a.get(0);
    let data = crate::py::index::getitem(f, &Value::str("_data"))?;
    let mask = crate::py::index::getitem(f, &Value::str("_mask"))?;
    let id = table::lookup("numpy.ma", "array")
        .ok_or_else(|| Error::runtime_error("numpy.ma.array is missing"))?;
    table::call(host, id, vec![data], vec![("mask".into(), mask)])
}
