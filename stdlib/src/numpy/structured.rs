//! The entries of structured dtypes and records: the properties every
//! dtype has for its fields (`names`, `fields`, `descr`, `shape`, `base`,
//! `subdtype`, `isalignedstruct`) and `np.void`, the type of a record.
//! The records themselves are host arrays ([`crate::numpy::host::record`]).

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::numpy::host::promote::AnyDType;
use crate::numpy::host::record::{self, RecordDType};
use crate::numpy::host::HostKind;
use crate::table::FuncDef;
use crate::value::Value;
use crate::{Error, Result};

/// The entries.
pub const FUNCS: &[FuncDef] = &[
    entry!(Property, NumpyRecord, "dtype", "names", "(self, /)", names,
        "The field names of a structured dtype, in order (None for other dtypes).",
        ["np.dtype([('x', 'f8'), ('y', 'i4')]).names  # ('x', 'y')", "np.dtype('f8').names is None  # True"]),
    entry!(Property, NumpyRecord, "dtype", "fields", "(self, /)", fields,
        "A structured dtype's fields: {name: (dtype, offset)} (None for other dtypes).",
        ["np.dtype([('x', 'f8'), ('y', 'i4')]).fields  # mappingproxy({'x': (dtype('float64'), 0), 'y': (dtype('int32'), 8)})"]),
    entry!(Property, NumpyRecord, "dtype", "descr", "(self, /)", descr,
        "The __array_interface__ description: [(name, type string[, shape]), ...], with ('', '|V n') for padding.",
        ["np.dtype([('x', 'f8'), ('y', 'i4')]).descr  # [('x', '<f8'), ('y', '<i4')]", "np.dtype('i2').descr  # [('', '<i2')]"]),
    entry!(Property, NumpyRecord, "dtype", "shape", "(self, /)", shape,
        "A subarray dtype's shape; () for every other dtype.",
        ["np.dtype(('f8', (2, 3))).shape  # (2, 3)", "np.dtype('f8').shape  # ()"]),
    entry!(Property, NumpyRecord, "dtype", "base", "(self, /)", base,
        "A subarray dtype's element dtype; the dtype itself for every other dtype.",
        ["np.dtype(('f8', (2,))).base  # dtype('float64')"]),
    entry!(Property, NumpyRecord, "dtype", "subdtype", "(self, /)", subdtype,
        "(base dtype, shape) of a subarray dtype; None for every other dtype.",
        ["np.dtype(('i4', 3)).subdtype  # (dtype('int32'), (3,))", "np.dtype('i4').subdtype is None  # True"]),
    entry!(Property, NumpyRecord, "dtype", "isalignedstruct", "(self, /)", isalignedstruct,
        "Whether a structured dtype was made with align=True (its fields at their alignment).",
        ["np.dtype([('a', 'i1'), ('b', 'f8')], align=True).isalignedstruct  # True", "np.dtype([('a', 'i1'), ('b', 'f8')], align=True).itemsize  # 16"]),
    entry!(Type, NumpyRecord, "numpy", "void", "(value, /, dtype=None)", void,
        "The type of a record, an element of a structured array: indexed by field name or position; np.void((1, 2.0), dtype=dt) makes one.",
        ["np.void((1, 2.0), dtype=[('a', 'i4'), ('b', 'f8')])  # np.void((1, 2.0), dtype=[('a', '<i4'), ('b', '<f8')])", "np.zeros(2, dtype=[('a', 'i4')])[0]['a']  # np.int32(0)"]),
];

/// The receiver as a numeric or host dtype.
fn recv(a: &Args) -> Result<AnyDType> {
    match a.get(0) {
        Value::DType(d) => Ok(AnyDType::Num(*d)),
        Value::HostDType(h) => Ok(AnyDType::Host(*h)),
        other => Err(Error::type_error(format!(
            "expected a dtype, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// The receiver's structured (or subarray) dtype, if it is one.
fn rec(a: &Args) -> Result<Option<std::rc::Rc<RecordDType>>> {
    Ok(match recv(a)? {
        AnyDType::Host(h) => record::of(h),
        AnyDType::Num(_) => None,
    })
}

fn names(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(rec(a)?.map_or(Value::None, |r| record::names(&r)))
}

fn fields(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match rec(a)? {
        Some(r) => record::fields(&r),
        None => Ok(Value::None),
    }
}

fn descr(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Some(r) = rec(a)? {
        if r.sub.is_none() {
            return Ok(record::descr(&r));
        }
    }
    let code = match recv(a)? {
        AnyDType::Num(d) if d.itemsize() == 1 => format!("|{}1", d.kind()),
        AnyDType::Num(d) => format!("<{}{}", d.kind(), d.itemsize()),
        AnyDType::Host(h) => h.code(),
    };
    Ok(Value::list(vec![Value::tuple(vec![
        Value::str(""),
        Value::str(code),
    ])]))
}

fn shape(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dims = rec(a)?
        .and_then(|r| r.sub.clone())
        .map(|(_, s)| s)
        .unwrap_or_default();
    Ok(Value::tuple(
        dims.iter().map(|&d| Value::Int(d as i64)).collect(),
    ))
}

fn base(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match rec(a)?.and_then(|r| r.sub.clone()) {
        Some((b, _)) => Ok(b.value()),
        None => Ok(a.get(0).clone()),
    }
}

fn subdtype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(match rec(a)?.and_then(|r| r.sub.clone()) {
        Some((b, s)) => Value::tuple(vec![
            b.value(),
            Value::tuple(s.iter().map(|&d| Value::Int(d as i64)).collect()),
        ]),
        None => Value::None,
    })
}

fn isalignedstruct(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(
        rec(a)?.is_some_and(|r| r.aligned && r.sub.is_none()),
    ))
}

/// `np.void(value, dtype=structured)`: a record holding `value` (a tuple
/// of the fields, or a value for every field).
fn void(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dtype = match crate::numpy::host::dtype_arg(a.get(1)) {
        Some(d) if matches!(d.kind, HostKind::Record(_)) => d,
        _ => {
            return Err(Error::type_error(
                "xpush makes voids of structured dtypes only: np.void(value, dtype=[...])",
            ))
        }
    };
    let r = record::from_value(a.get(0), dtype)?;
    if r.ndim() != 0 {
        return Err(Error::value_error(
            "a void holds one record: the value must be a tuple or a scalar",
        ));
    }
    Ok(r.record_at(0))
}
