//! The entries of structured dtypes and records: the properties every
//! dtype has for its fields (`names`, `fields`, `descr`, `shape`, `base`,
//! `subdtype`, `isalignedstruct`) and its layout (`ndim`, `alignment`,
//! `byteorder`, `flags`, `hasobject`, `num`, ...), and `np.void`, the
//! type of a record.
//! The records themselves are host arrays ([`crate::numpy::host::record`]).

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::numpy::host::promote::AnyDType;
use crate::numpy::host::record::{self, RecordDType};
use crate::numpy::host::{HostDType, HostKind};
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
        ["np.dtype([('x', 'f8'), ('y', 'i4')]).fields['y']  # (dtype('int32'), 8)", "np.dtype('f8').fields is None  # True"]),
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
    entry!(Property, NumpyRecord, "dtype", "ndim", "(self, /)", ndim,
        "The number of dimensions of a subarray dtype's shape; 0 for every other dtype.",
        ["np.dtype(('f8', (2, 3))).ndim  # 2", "np.dtype('f8').ndim  # 0"]),
    entry!(Property, NumpyRecord, "dtype", "alignment", "(self, /)", alignment,
        "The alignment of an element in bytes, as a C compiler lays it out (a complex number's part's; a structured dtype's largest field's when aligned, else 1).",
        ["np.dtype('c16').alignment  # 8", "np.dtype('U3').alignment  # 4"]),
    entry!(Property, NumpyRecord, "dtype", "byteorder", "(self, /)", byteorder,
        "'=' (native) for multi-byte elements, '|' where byte order does not apply (one-byte elements, bytes, object, structured): xpush holds every number in this machine's order.",
        ["np.dtype('f8').byteorder  # '='", "np.dtype('i1').byteorder  # '|'"]),
    entry!(Property, NumpyRecord, "dtype", "flags", "(self, /)", flags,
        "NumPy's bit flags of the dtype: 1 holds references, 2 pickles as a list, 4 is a pointer, 8 needs initialising, 16 needs the Python API, 32 and 64 use getitem and setitem, 128 an aligned structure.",
        ["np.dtype(object).flags  # 63", "np.dtype('U3').flags  # 8", "np.dtype([('a', 'i4')]).flags  # 16"]),
    entry!(Property, NumpyRecord, "dtype", "hasobject", "(self, /)", hasobject,
        "Whether elements hold Python objects: object, or a structured or subarray dtype with an object inside.",
        ["np.dtype([('a', 'i4'), ('b', 'O')]).hasobject  # True", "np.dtype('f8').hasobject  # False"]),
    entry!(Property, NumpyRecord, "dtype", "isbuiltin", "(self, /)", isbuiltin,
        "1 for the dtypes NumPy builds in (bool, the numbers, object), 0 for flexible and structured ones (strings, datetimes, records).",
        ["np.dtype('f8').isbuiltin  # 1", "np.dtype('U3').isbuiltin  # 0"]),
    entry!(Property, NumpyRecord, "dtype", "isnative", "(self, /)", isnative,
        "Whether elements are in this machine's byte order: always, in xpush.",
        ["np.dtype('f8').isnative  # True"]),
    entry!(Property, NumpyRecord, "dtype", "metadata", "(self, /)", metadata,
        "The dtype's metadata dict: None (xpush's dtypes carry none).",
        ["np.dtype('f8').metadata is None  # True"]),
    entry!(Property, NumpyRecord, "dtype", "num", "(self, /)", num,
        "NumPy's number of the type (0 bool, 1 int8, 2 uint8, ... 7 int64, 11 float32, 12 float64, 17 object, 18 bytes, 19 str, 20 void, 21 datetime64, 22 timedelta64, 23 float16; 256, the first user type number, for bfloat16).",
        ["np.dtype('f8').num  # 12", "np.dtype('U3').num  # 19"]),
    entry!(Method, NumpyRecord, "dtype", "newbyteorder", "(self, new_order='S', /)", newbyteorder,
        "The dtype in byte order new_order ('S' swap, '<' little, '>' big, '=' native, '|' ignore; or their names). xpush holds every number in this machine's order: a dtype that would become big-endian is a NotImplementedError.",
        ["np.dtype('f8').newbyteorder('<')  # dtype('float64')", "np.dtype('i1').newbyteorder()  # dtype('int8')",
         "np.dtype('f8').newbyteorder('x')  # ValueError: byteorder not recognized (got 'x')"]),
    entry!(Type, NumpyRecord, "numpy", "void", "(value, /, dtype=None)", void_entry,
        "The type of a record, an element of a structured array: indexed by field name or position; np.void((1, 2.0), dtype=dt) makes one.",
        ["np.void((1, 2.0), dtype=[('a', 'i4'), ('b', 'f8')])  # np.void((1, 2.0), dtype=[('a', '<i4'), ('b', '<f8')])", "np.zeros(2, dtype=[('a', 'i4')])[0]['a']  # np.int32(0)"]),
    entry!(Function, NumpyRecord, "numpy.rec", "array", "(obj, dtype=None, shape=None, offset=0, strides=None, formats=None, names=None, titles=None, aligned=False, byteorder=None, copy=True)", rec_array,
        "A record array (np.recarray: fields reachable as attributes) from a list of tuples (fromrecords), a list of arrays (fromarrays), a structured array, or None with a shape.",
        ["np.rec.array([(1, 2.0), (3, 4.0)], names='x,y').x  # array([1, 3])", "np.rec.array([(1, 2.0)], dtype=[('a', 'i4'), ('b', 'f8')])[0].b  # np.float64(2.0)"]),
    entry!(Function, NumpyRecord, "numpy.rec", "fromarrays", "(arrayList, dtype=None, shape=None, formats=None, names=None, titles=None, aligned=False, byteorder=None)", fromarrays,
        "A record array whose fields are the given arrays (copied), names from names= (a list or 'a,b'), formats from the arrays' dtypes.",
        ["np.rec.fromarrays([np.arange(2), np.array([1.5, 2.5])], names='a,b').b  # array([1.5, 2.5])"]),
    entry!(Function, NumpyRecord, "numpy.rec", "fromrecords", "(recList, dtype=None, shape=None, formats=None, names=None, titles=None, aligned=False, byteorder=None)", fromrecords,
        "A record array from a list of records (tuples); without dtype= or formats= each field's dtype is inferred from its column.",
        ["np.rec.fromrecords([(1, 'x'), (2, 'y')], names=['n', 's']).s  # array(['x', 'y'], dtype='<U1')"]),
    entry!(Function, NumpyRecord, "numpy.rec", "fromstring", "(datastring, dtype=None, shape=None, offset=0, formats=None, names=None, titles=None, aligned=False, byteorder=None)", fromstring,
        "A record array of the records packed in bytes (after offset bytes; the shape from their length by default).",
        ["np.rec.fromstring(b'\\x01\\x00\\x02\\x00', dtype=[('a', '<u1'), ('b', '<u1')]).b  # array([0, 0], dtype=uint8)"]),
    entry!(Function, NumpyRecord, "numpy.rec", "fromfile", "(fd, dtype=None, shape=None, offset=0, formats=None, names=None, titles=None, aligned=False, byteorder=None)", fromfile,
        "A record array of the records packed in a binary file (a path or an open file; after offset bytes).",
        ["np.rec.fromfile('/dev/null', dtype='i4,f8').shape  # (0,)"]),
    entry!(Function, NumpyRecord, "numpy.rec", "find_duplicate", "(list)", find_duplicate,
        "The items that occur more than once in a list, each once, in order of first occurrence.",
        ["np.rec.find_duplicate(['a', 'b', 'a', 'c', 'b', 'a'])  # ['a', 'b']"]),
    entry!(Function, NumpyRecord, "numpy.rec", "format_parser", "(formats, names, titles, aligned=False, byteorder=None)", format_parser,
        "Builds a structured dtype from formats ('i4,f8' or a list) and names ('a,b' or a list; missing ones are f0, f1, ...): the result's .dtype.",
        ["np.rec.format_parser('i4,f8', 'a', None).dtype  # dtype([('a', '<i4'), ('f1', '<f8')])"]),
    entry!(Type, NumpyRecord, "numpy.rec", "recarray", "(shape, dtype=None, buf=None, offset=0, strides=None, formats=None, names=None, titles=None, byteorder=None, aligned=False, order='C')", recarray,
        "The record array class: an ndarray of records whose fields are also attributes (r.x); recarray(shape, dtype) makes one (zeroed; NumPy leaves it uninitialized).",
        ["np.recarray(2, dtype=[('x', 'i4')]).shape  # (2,)", "isinstance(np.rec.array([(1,)], names='a'), np.recarray)  # True"]),
    entry!(Type, NumpyRecord, "numpy", "record", "(value, /, dtype=None)", record_new,
        "The type of a record array's elements: a void whose fields are also attributes (rec.x).",
        ["np.rec.array([(1, 2.0)], names='a,b')[0].a  # np.int64(1)"]),
];

/// The module `numpy.rec`: its functions and `recarray`, and `record`
/// (a type of the `numpy` module, as NumPy's).
pub fn build_rec() -> Value {
    let m = crate::modules::from_table("numpy.rec");
    if let (Value::Module(module), Some(id)) = (&m, crate::table::lookup("numpy", "record")) {
        module.set("record", Value::Builtin(id));
    }
    m
}

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

fn ndim(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let dims = rec(a)?
        .and_then(|r| r.sub.clone())
        .map_or(0, |(_, s)| s.len());
    Ok(Value::Int(dims as i64))
}

fn alignment(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(record::alignment(recv(a)?) as i64))
}

/// Whether byte order applies to elements of `d`: it does not for
/// one-byte numbers, bytes, objects and records (NumPy's `'|'`).
fn has_byte_order(d: AnyDType) -> bool {
    match d {
        AnyDType::Num(d) => d.itemsize() > 1,
        AnyDType::Host(h) => matches!(
            h.kind,
            HostKind::Str | HostKind::DateTime(_) | HostKind::TimeDelta(_)
        ),
    }
}

fn byteorder(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(if has_byte_order(recv(a)?) { "=" } else { "|" }))
}

/// NumPy's dtype flags (`NPY_ITEM_REFCOUNT` 1, `NPY_LIST_PICKLE` 2,
/// `NPY_ITEM_IS_POINTER` 4, `NPY_NEEDS_INIT` 8, `NPY_NEEDS_PYAPI` 16,
/// `NPY_USE_GETITEM` 32, `NPY_USE_SETITEM` 64, `NPY_ALIGNED_STRUCT` 128).
/// A structured dtype needs the Python API and takes the fields' flags of
/// `NPY_FROM_FIELDS` (1, 2, 8 and 16); a subarray dtype has its base's.
fn dtype_flags(d: AnyDType) -> i64 {
    const FROM_FIELDS: i64 = 1 | 2 | 8 | 16;
    let AnyDType::Host(h) = d else { return 0 };
    match h.kind {
        HostKind::Str => 8,
        HostKind::Object => 63,
        HostKind::Bytes | HostKind::DateTime(_) | HostKind::TimeDelta(_) => 0,
        HostKind::Record(id) => {
            let r = record::get(id);
            if let Some((base, _)) = &r.sub {
                return dtype_flags(*base);
            }
            let fields = r
                .fields
                .iter()
                .fold(0, |acc, f| acc | (dtype_flags(f.dtype) & FROM_FIELDS));
            16 | fields | if r.aligned { 128 } else { 0 }
        }
    }
}

fn flags(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(dtype_flags(recv(a)?)))
}

fn hasobject(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Bool(dtype_flags(recv(a)?) & 1 != 0))
}

fn isbuiltin(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let builtin = match recv(a)? {
        AnyDType::Num(_) => true,
        AnyDType::Host(h) => h.kind == HostKind::Object,
    };
    Ok(Value::Int(i64::from(builtin)))
}

fn isnative(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?;
    Ok(Value::Bool(true))
}

fn metadata(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    recv(a)?;
    Ok(Value::None)
}

fn num(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use xpush_npu::DType as D;
    let n = match recv(a)? {
        AnyDType::Num(d) => match d {
            D::Bool => 0,
            D::Int8 => 1,
            D::UInt8 => 2,
            D::Int16 => 3,
            D::UInt16 => 4,
            D::Int32 => 5,
            D::UInt32 => 6,
            D::Int64 => 7,
            D::UInt64 => 8,
            D::Float32 => 11,
            D::Float64 => 12,
            D::Complex64 => 14,
            D::Complex128 => 15,
            D::Float16 => 23,
            // Not a NumPy dtype: ml_dtypes registers it as a user type,
            // numbered from NPY_USERDEF (256).
            D::BFloat16 => 256,
        },
        AnyDType::Host(h) => match h.kind {
            HostKind::Object => 17,
            HostKind::Bytes => 18,
            HostKind::Str => 19,
            HostKind::Record(_) => 20,
            HostKind::DateTime(_) => 21,
            HostKind::TimeDelta(_) => 22,
        },
    };
    Ok(Value::Int(n))
}

/// Whether a dtype holds a number whose bytes have an order, at any
/// depth of a structured dtype.
fn holds_ordered(d: AnyDType) -> bool {
    match d {
        AnyDType::Host(h) => match h.kind {
            HostKind::Record(id) => {
                let r = record::get(id);
                match &r.sub {
                    Some((base, _)) => holds_ordered(*base),
                    None => r.fields.iter().any(|f| holds_ordered(f.dtype)),
                }
            }
            _ => has_byte_order(d),
        },
        d => has_byte_order(d),
    }
}

fn newbyteorder(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = recv(a)?;
    let order = match a.get(1) {
        Value::None => "S".to_string(),
        Value::Str(s) => s.to_string(),
        other => {
            return Err(Error::type_error(format!(
                "byteorder must be a string, not {}",
                crate::ops::type_name(other)
            )))
        }
    };
    // NumPy reads the first character: swap, big, little, native, ignore.
    let big = match order.chars().next() {
        Some('S' | 's' | '>' | 'B' | 'b') => true,
        Some('<' | 'L' | 'l' | '=' | 'N' | 'n' | '|' | 'I' | 'i') => false,
        _ => {
            return Err(Error::value_error(format!(
                "byteorder not recognized (got '{order}')"
            )))
        }
    };
    if big && holds_ordered(d) {
        return Err(Error::new(
            crate::ExcKind::NotImplementedError,
            format!(
                "xpush holds numbers in this machine's byte order only: {} has no big-endian form",
                crate::ops::repr(a.get(0))
            ),
        ));
    }
    Ok(a.get(0).clone())
}

/// `np.void(value, dtype=structured)`: a record holding `value` (a tuple
/// of the fields, or a value for every field).
pub fn void_entry(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
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

/// NumPy's `format_parser`: the structured dtype of `formats` (a list, or
/// a comma string) and `names` (a list or a comma string; missing and
/// empty names are `f0`, `f1`, ...), laid out aligned when `aligned`.
fn parsed_formats(formats: &Value, names: &Value, aligned: bool) -> Result<HostDType> {
    let formats: Vec<Value> = match formats {
        Value::Str(s) => record::top_level_split(s)
            .into_iter()
            .map(|f| Value::str(f.trim()))
            .collect(),
        other => crate::py::iter::to_vec(other)?,
    };
    let names: Vec<Value> = match names {
        Value::None => Vec::new(),
        Value::Str(s) => s.split(',').map(|n| Value::str(n.trim())).collect(),
        other => crate::py::iter::to_vec(other)?,
    };
    let specs = formats
        .into_iter()
        .enumerate()
        .map(|(i, f)| {
            let name = match names.get(i) {
                Some(Value::Str(n)) if !n.is_empty() => Value::Str(n.clone()),
                _ => Value::str(format!("f{i}")),
            };
            Value::tuple(vec![name, f])
        })
        .collect();
    record::parse(&Value::list(specs), aligned)?
        .ok_or_else(|| Error::value_error("formats must hold at least one format"))
}

/// The record dtype of `dtype=` when given, else of `formats=`/`names=`;
/// `None` when neither is.
fn rec_dtype(
    dtype: &Value,
    formats: &Value,
    names: &Value,
    aligned: &Value,
) -> Result<Option<HostDType>> {
    let d = if !dtype.is_none() {
        match record::parse(dtype, false)?.or_else(|| crate::numpy::host::dtype_arg(dtype)) {
            Some(d) if d.kind.is_record() => d,
            _ => {
                return Err(Error::type_error(format!(
                    "a record array needs a structured dtype, not {}",
                    crate::ops::repr(dtype)
                )))
            }
        }
    } else if !formats.is_none() {
        parsed_formats(formats, names, crate::ops::truthy(aligned)?)?
    } else {
        return Ok(None);
    };
    Ok(Some(record::retype(d, true)))
}

/// A `shape=` argument: an int or a tuple.
fn shape_of(v: &Value) -> Result<Option<Vec<usize>>> {
    Ok(match v {
        Value::None => None,
        other => Some(crate::numpy::conv::shape_arg(other)?),
    })
}

/// `np.rec.fromarrays(arrayList, dtype=None, shape=None, formats=None,
/// names=None, ...)`.
fn fromarrays(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let arrays = crate::py::iter::to_vec(a.get(0))?
        .into_iter()
        .map(|x| crate::numpy::compose::np(host, "asarray", vec![x]))
        .collect::<Result<Vec<_>>>()?;
    let Some(first) = arrays.first() else {
        return Err(Error::index_error("list index out of range"));
    };
    let dtype = match rec_dtype(a.get(1), a.get(3), a.get(4), a.get(6))? {
        Some(d) => d,
        None => {
            let formats = arrays
                .iter()
                .map(|x| crate::ops::getattr(x, "dtype"))
                .collect::<Result<Vec<_>>>()?;
            record::retype(
                parsed_formats(
                    &Value::list(formats),
                    a.get(4),
                    crate::ops::truthy(a.get(6))?,
                )?,
                true,
            )
        }
    };
    let r = record::of(dtype).ok_or_else(|| Error::type_error("not a structured dtype"))?;
    if r.fields.len() != arrays.len() {
        return Err(Error::value_error(
            "mismatch between the number of fields and the number of arrays",
        ));
    }
    let mut shape = match shape_of(a.get(2))? {
        Some(s) => s,
        None => shape_list(first)?,
    };
    let nn = r.fields[0].shape.len();
    if nn > 0 && shape_of(a.get(2))?.is_none() {
        shape.truncate(shape.len().saturating_sub(nn));
    }
    let out = record::zeros(dtype, &shape)?;
    let out = Value::HostArray(std::rc::Rc::new(out));
    for (k, (f, x)) in r.fields.iter().zip(&arrays).enumerate() {
        let xs = shape_list(x)?;
        let test = &xs[..xs.len().saturating_sub(f.shape.len())];
        if test != shape.as_slice() {
            return Err(Error::value_error(format!(
                "array-shape mismatch in array {k} (\"{}\")",
                f.name
            )));
        }
        crate::py::index::setitem(&out, &Value::Str(f.name.clone()), x.clone())?;
    }
    Ok(out)
}

/// The shape of an array value.
fn shape_list(v: &Value) -> Result<Vec<usize>> {
    crate::numpy::conv::shape_arg(&crate::ops::getattr(v, "shape")?)
}

/// `np.rec.fromrecords(recList, dtype=None, shape=None, formats=None,
/// names=None, ...)`.
fn fromrecords(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let recs = a.get(0);
    let dtype = match rec_dtype(a.get(1), a.get(3), a.get(4), a.get(6))? {
        Some(d) => d,
        None => {
            // Each field's dtype from its column, as NumPy infers it.
            let rows = crate::py::iter::to_vec(recs)?;
            let rows = rows
                .iter()
                .map(crate::py::iter::to_vec)
                .collect::<Result<Vec<_>>>()?;
            let n = rows.first().map_or(0, Vec::len);
            if rows.iter().any(|r| r.len() != n) {
                return Err(crate::numpy::conv::inhomogeneous(&[rows.len()]));
            }
            let columns = (0..n)
                .map(|i| {
                    let col = rows.iter().map(|r| r[i].clone()).collect();
                    crate::numpy::compose::np(host, "array", vec![Value::list(col)])
                })
                .collect::<Result<Vec<_>>>()?;
            let mut args = Args {
                values: vec![
                    Value::list(columns),
                    Value::None,
                    a.get(2).clone(),
                    Value::None,
                    a.get(4).clone(),
                    Value::None,
                    a.get(6).clone(),
                    Value::None,
                ],
                rest: Vec::new(),
            };
            return fromarrays(host, &mut args);
        }
    };
    let r = record::from_value(recs, dtype)?;
    let r = match shape_of(a.get(2))? {
        Some(s) if s.as_slice() != r.shape() => {
            let dims: Vec<isize> = s.iter().map(|&d| d as isize).collect();
            r.select(r.index().reshape(&dims)?)?
        }
        _ => r,
    };
    Ok(crate::numpy::host::wrap(r.retyped(true)))
}

/// `np.rec.array(obj, dtype=None, shape=None, ..., formats=None,
/// names=None, ..., copy=True)`.
fn rec_array(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let obj = a.get(0).clone();
    let dtype = rec_dtype(a.get(1), a.get(5), a.get(6), a.get(8))?;
    let as_dtype = |d: Option<HostDType>| d.map_or(Value::None, Value::HostDType);
    let forward = |host: &mut dyn Host, f: fn(&mut dyn Host, &mut Args) -> Result<Value>| {
        let mut args = Args {
            values: vec![
                obj.clone(),
                as_dtype(dtype),
                a.get(2).clone(),
                if dtype.is_some() {
                    Value::None
                } else {
                    a.get(5).clone()
                },
                a.get(6).clone(),
                Value::None,
                a.get(8).clone(),
                Value::None,
            ],
            rest: Vec::new(),
        };
        f(host, &mut args)
    };
    match &obj {
        Value::None => {
            let Some(d) = dtype else {
                return Err(Error::value_error(
                    "Must define formats (or dtype) if object is None, string, or an open file",
                ));
            };
            let shape = shape_of(a.get(2))?
                .ok_or_else(|| Error::value_error("Must define a shape if obj is None"))?;
            Ok(crate::numpy::host::wrap(record::empty(d, &shape)?))
        }
        Value::List(_) | Value::Tuple(_) => {
            let items = crate::py::iter::to_vec(&obj)?;
            match items.first() {
                Some(Value::Tuple(_) | Value::List(_)) => forward(host, fromrecords),
                _ => forward(host, fromarrays),
            }
        }
        Value::HostArray(h) if h.dtype().kind.is_record() => {
            let src = match dtype {
                Some(d) if !record::same(d, h.dtype()) => {
                    return Err(Error::type_error(
                        "xpush views records only as the same structured dtype",
                    ))
                }
                _ => (**h).clone(),
            };
            let out = if crate::ops::truthy(a.get(10))? {
                record::from_value(&Value::HostArray(std::rc::Rc::new(src)), h.dtype())?
            } else {
                src
            };
            Ok(crate::numpy::host::wrap(out.retyped(true)))
        }
        other => Err(Error::type_error(format!(
            "xpush makes record arrays from lists, structured arrays or None, not '{}'",
            crate::ops::type_name(other)
        ))),
    }
}

/// `np.rec.find_duplicate(list)`.
fn find_duplicate(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let items = crate::py::iter::to_vec(a.get(0))?;
    let eq = crate::py::compare::eq;
    let mut out: Vec<Value> = Vec::new();
    for (i, x) in items.iter().enumerate() {
        let mut again = false;
        for y in &items[i + 1..] {
            again |= eq(x, y)?;
        }
        let mut seen = false;
        for y in &out {
            seen |= eq(x, y)?;
        }
        if again && !seen {
            out.push(x.clone());
        }
    }
    Ok(Value::list(out))
}

/// `np.rec.format_parser(formats, names, titles, aligned=False)`: an
/// object whose `dtype` is the record dtype.
fn format_parser(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = parsed_formats(a.get(0), a.get(1), crate::ops::truthy(a.get(3))?)?;
    Ok(Value::Record(std::rc::Rc::new(crate::value::Record {
        type_name: "numpy.rec.format_parser",
        repr: "<numpy.rec.format_parser object>".into(),
        attrs: vec![("dtype", Value::HostDType(d))],
    })))
}

/// `np.recarray(shape, dtype=None, ..., formats=None, names=None, ...)`.
fn recarray(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let shape = crate::numpy::conv::shape_arg(a.get(0))?;
    let d = rec_dtype(a.get(1), a.get(5), a.get(6), a.get(9))?
        .ok_or_else(|| Error::value_error("Must define formats (or dtype) for a recarray"))?;
    Ok(crate::numpy::host::wrap(record::empty(d, &shape)?))
}

/// `np.record(value, dtype=structured)`: a record holding `value`.
fn record_new(h: &mut dyn Host, a: &mut Args) -> Result<Value> {
    match void_entry(h, a)? {
        Value::HostArray(v) => Ok(crate::numpy::host::wrap(v.retyped(true))),
        other => Ok(other),
    }
}

/// The records packed in `data` (its shape from their count when `shape=`
/// is None or -1), as a record array.
fn from_packed(data: &[u8], a: &Args) -> Result<Value> {
    let Some(d) = rec_dtype(a.get(1), a.get(4), a.get(5), a.get(7))? else {
        return Err(Error::type_error(
            "fromstring() needs a 'dtype' or 'formats' argument",
        ));
    };
    let offset = match a.get(3) {
        Value::None => 0,
        v => crate::py::num::index_i64(v)?.max(0) as usize,
    };
    let data = data.get(offset..).unwrap_or(&[]);
    let itemsize = d.itemsize().max(1);
    let shape = match a.get(2) {
        Value::None | Value::Int(-1) => vec![data.len() / itemsize],
        v => crate::numpy::conv::shape_arg(v)?,
    };
    // NumPy builds the recarray over the buffer (the ndarray constructor's
    // message).
    let need = shape.iter().product::<usize>().checked_mul(itemsize);
    if need.is_none_or(|n| n > data.len()) {
        return Err(Error::type_error("buffer is too small for requested array"));
    }
    let r = crate::numpy::host::record_io::from_bytes(data, d, &shape)?;
    Ok(crate::numpy::host::wrap(r))
}

/// `np.rec.fromstring(datastring, dtype=None, shape=None, offset=0, ...)`.
fn fromstring(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = match a.get(0) {
        Value::Bytes(b) => b.to_vec(),
        Value::Str(s) => s.as_bytes().to_vec(),
        Value::ByteArray(b) => b.borrow().clone(),
        other => {
            return Err(Error::type_error(format!(
                "a bytes-like object is required, not '{}'",
                crate::ops::type_name(other)
            )))
        }
    };
    from_packed(&data, a)
}

/// `np.rec.fromfile(fd, dtype=None, shape=None, offset=0, ...)`.
fn fromfile(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let data = crate::numpy::io::file_bytes(host, a.get(0), 0)?;
    from_packed(&data, a)
}
