//! Dtype objects, NumPy scalar types (both types for `dtype=` and
//! constructors: `np.float32(1.5)`), the abstract scalar types for
//! `isinstance`, `np.finfo`/`np.iinfo`, promotion queries and print options.

use std::rc::Rc;

use xpush_npu::promote::{self, Casting, Operand, PyScalarKind};
use xpush_npu::{DType, PrintOptions, Scalar};

use super::conv::{self, dtype_arg, scalar};
use super::host::promote as host_promote;
use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::FuncDef;
use crate::value::{Record, Value};
use crate::{Error, ExcKind, Result};

macro_rules! scalar_type {
    ($name:literal, $doc:literal, $ex:literal) => {
        entry!(
            Type,
            NumpyTypes,
            "numpy",
            $name,
            "(value=0, /)",
            |_: &mut dyn Host, a: &mut Args| scalar_of(named($name), a.get(0)),
            $doc,
            [$ex]
        )
    };
}

macro_rules! abstract_type {
    ($name:literal, $doc:literal, $ex:literal) => {
        entry!(
            Type,
            NumpyTypes,
            "numpy",
            $name,
            "(*args)",
            |_, _| Err(Error::type_error(concat!(
                "cannot create 'numpy.",
                $name,
                "' instances"
            ))),
            $doc,
            [$ex]
        )
    };
}

/// Dtypes, scalar types and type queries.
pub const FUNCS: &[FuncDef] = &[
    entry!(Type, NumpyTypes, "numpy", "ndarray", "(shape, dtype=None, buffer=None, offset=0, strides=None, order=None)", ndarray_new,
        "The n-dimensional array type. Called, an array of a shape: uninitialized (zeros here), or read from buffer's bytes at offset (a copy in xpush: writes do not reach the buffer). Create arrays with np.array, np.zeros, ...",
        ["isinstance(np.zeros(2), np.ndarray)  # True", "type(np.ones(1))  # <class 'numpy.ndarray'>", "np.ndarray((2,), buffer=np.array([1, 2, 3]), offset=8, dtype=int)  # array([2, 3])"]),
    entry!(Type, NumpyTypes, "numpy", "flatiter", "(*args)", |_: &mut dyn Host, _: &mut Args| {
            Err(Error::type_error("cannot create 'numpy.flatiter' instances"))
        },
        "The type of a.flat: a flat iterator over an array in C order, indexable and assignable.",
        ["isinstance(np.zeros(2).flat, np.flatiter)  # True", "np.flatiter()  # TypeError: cannot create 'numpy.flatiter' instances"]),
    entry!(Type, NumpyTypes, "numpy", "dtype", "(dtype, align=False, copy=False)", dtype_new,
        "A dtype object from a name, a scalar type or a Python type.",
        ["np.dtype('f4')  # dtype('float32')", "np.dtype(float)  # dtype('float64')", "np.dtype('x')  # TypeError: data type 'x' not understood"]),
    scalar_type!("bool", "NumPy's boolean scalar type (np.True_, np.False_).", "np.bool(1)  # np.True_"),
    scalar_type!("bool_", "Alias of np.bool.", "np.bool_(0)  # np.False_"),
    scalar_type!("int8", "8-bit signed integer scalar type.", "np.int8(-3)  # np.int8(-3)"),
    scalar_type!("int16", "16-bit signed integer scalar type.", "np.int16(7)  # np.int16(7)"),
    scalar_type!("int32", "32-bit signed integer scalar type.", "np.int32(7)  # np.int32(7)"),
    scalar_type!("int64", "64-bit signed integer scalar type (the default integer).", "np.int64(7)  # np.int64(7)"),
    scalar_type!("uint8", "8-bit unsigned integer scalar type.", "np.uint8(300)  # OverflowError: Python integer 300 out of bounds for uint8"),
    scalar_type!("uint16", "16-bit unsigned integer scalar type.", "np.uint16(7)  # np.uint16(7)"),
    scalar_type!("uint32", "32-bit unsigned integer scalar type.", "np.uint32(7)  # np.uint32(7)"),
    scalar_type!("uint64", "64-bit unsigned integer scalar type.", "np.uint64(7)  # np.uint64(7)"),
    scalar_type!("float16", "IEEE half-precision float scalar type.", "np.float16(0.1)  # np.float16(0.1)"),
    scalar_type!("bfloat16", "bfloat16 scalar type (not in NumPy; as ml_dtypes and the Ascend NPU have it).", "np.bfloat16(1.5)  # np.bfloat16(1.5)"),
    scalar_type!("float32", "Single-precision float scalar type.", "np.float32(0.1)  # np.float32(0.1)"),
    scalar_type!("float64", "Double-precision float scalar type (the default float on cpu).", "np.float64(1)  # np.float64(1.0)"),
    scalar_type!("complex64", "Complex scalar type of two float32.", "np.complex64(1+2j)  # np.complex64(1+2j)"),
    scalar_type!("complex128", "Complex scalar type of two float64.", "np.complex128(2j)  # np.complex128(2j)"),
    scalar_type!("double", "Alias of np.float64.", "np.double(2)  # np.float64(2.0)"),
    scalar_type!("single", "Alias of np.float32.", "np.single(2)  # np.float32(2.0)"),
    scalar_type!("half", "Alias of np.float16.", "np.half(2)  # np.float16(2.0)"),
    scalar_type!("int_", "Alias of np.int64.", "np.int_(2)  # np.int64(2)"),
    scalar_type!("intp", "Alias of np.int64 (the index type).", "np.intp(2)  # np.int64(2)"),
    scalar_type!("uint", "Alias of np.uint64.", "np.uint(2)  # np.uint64(2)"),
    scalar_type!("byte", "Alias of np.int8.", "np.byte(2)  # np.int8(2)"),
    scalar_type!("ubyte", "Alias of np.uint8.", "np.ubyte(2)  # np.uint8(2)"),
    scalar_type!("short", "Alias of np.int16.", "np.short(2)  # np.int16(2)"),
    scalar_type!("intc", "Alias of np.int32.", "np.intc(2)  # np.int32(2)"),
    scalar_type!("longlong", "Alias of np.int64.", "np.longlong(2)  # np.int64(2)"),
    scalar_type!("long", "Alias of np.int64 (C long on 64-bit Linux).", "np.long(2)  # np.int64(2)"),
    scalar_type!("ulong", "Alias of np.uint64 (C unsigned long on 64-bit Linux).", "np.ulong(2)  # np.uint64(2)"),
    scalar_type!("ulonglong", "Alias of np.uint64.", "np.ulonglong(2)  # np.uint64(2)"),
    scalar_type!("uintc", "Alias of np.uint32.", "np.uintc(2)  # np.uint32(2)"),
    scalar_type!("uintp", "Alias of np.uint64 (the unsigned index type).", "np.uintp(2)  # np.uint64(2)"),
    scalar_type!("ushort", "Alias of np.uint16.", "np.ushort(2)  # np.uint16(2)"),
    scalar_type!("cdouble", "Alias of np.complex128.", "np.cdouble(1)  # np.complex128(1+0j)"),
    scalar_type!("csingle", "Alias of np.complex64.", "np.csingle(1)  # np.complex64(1+0j)"),
    abstract_type!("generic", "Base of every NumPy scalar type (for isinstance).", "isinstance(np.float32(1), np.generic)  # True"),
    abstract_type!("number", "Abstract numeric scalar type (for isinstance and issubdtype).", "isinstance(np.int8(1), np.number)  # True"),
    abstract_type!("integer", "Abstract integer scalar type.", "isinstance(np.uint8(1), np.integer)  # True"),
    abstract_type!("signedinteger", "Abstract signed integer scalar type.", "isinstance(np.uint8(1), np.signedinteger)  # False"),
    abstract_type!("unsignedinteger", "Abstract unsigned integer scalar type.", "isinstance(np.uint8(1), np.unsignedinteger)  # True"),
    abstract_type!("inexact", "Abstract float or complex scalar type.", "isinstance(np.complex64(1), np.inexact)  # True"),
    abstract_type!("floating", "Abstract floating scalar type.", "isinstance(np.float16(1), np.floating)  # True"),
    abstract_type!("complexfloating", "Abstract complex scalar type.", "isinstance(np.float16(1), np.complexfloating)  # False"),
    abstract_type!("flexible", "Abstract type of the scalars whose dtypes have a length (str_, bytes_, void).", "np.issubdtype('U3', np.flexible)  # True"),
    abstract_type!("character", "Abstract type of the text scalars (str_, bytes_).", "np.issubdtype(np.bytes_, np.character)  # True"),
    entry!(Function, NumpyTypes, "numpy", "issubdtype", "(arg1, arg2)", issubdtype,
        "Whether a dtype is of a type in the hierarchy (np.floating, np.integer, ...).",
        ["np.issubdtype(np.float32, np.floating)  # True", "np.issubdtype('i4', np.unsignedinteger)  # False"]),
    entry!(Function, NumpyTypes, "numpy", "finfo", "(dtype)", finfo,
        "Machine limits of a float (or complex) type: eps, max, min, tiny, resolution, bits, precision.",
        ["np.finfo(np.float32).eps  # np.float32(1.1920929e-07)", "np.finfo(np.float64).bits  # 64", "np.finfo(np.int8)  # ValueError: data type <class 'numpy.int8'> not inexact"]),
    entry!(Function, NumpyTypes, "numpy", "iinfo", "(int_type)", iinfo,
        "Limits of an integer type: min, max, bits.",
        ["np.iinfo(np.uint64).max  # 18446744073709551615", "np.iinfo(np.int8)  # iinfo(min=-128, max=127, dtype=int8)"]),
    entry!(Function, NumpyTypes, "numpy", "result_type", "(*arrays_and_dtypes)", result_type,
        "The dtype NumPy 2 (NEP 50) gives an operation on these operands; Python scalars are weak.",
        ["np.result_type(np.int8, 1)  # dtype('int8')", "np.result_type(np.int8, 1.0)  # dtype('float64')", "np.result_type(np.float32, np.int32)  # dtype('float64')"]),
    entry!(Function, NumpyTypes, "numpy", "promote_types", "(type1, type2)", promote_types,
        "The smallest dtype both types cast to safely.",
        ["np.promote_types('f4', 'i8')  # dtype('float64')", "np.promote_types(np.uint8, np.int8)  # dtype('int16')"]),
    entry!(Function, NumpyTypes, "numpy", "can_cast", "(from_, to, casting='safe')", can_cast,
        "Whether a cast between dtypes is allowed under a casting rule ('no', 'equiv', 'safe', 'same_kind', 'unsafe').",
        ["np.can_cast(np.int64, np.float64)  # True", "np.can_cast('f8', 'i4', 'same_kind')  # False", "np.can_cast(1, np.int8)  # TypeError: can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future."]),
    entry!(Function, NumpyPrint, "numpy", "set_printoptions", "(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None, override_repr=None)", set_printoptions,
        "Set how arrays print in this session: precision, threshold, edgeitems, linewidth, suppress, nanstr, infstr, sign ('-', '+', ' '), floatmode ('fixed', 'unique', 'maxprec', 'maxprec_equal'), legacy (False, '1.13', '1.21', '1.25', '2.1', '2.2'; up to '1.25' scalars repr without their type), override_repr (a function giving an array's repr), and formatter (a dict from 'bool', 'int', 'float', 'complexfloat', 'numpystr', 'datetime', 'timedelta', 'object', 'void', or the groups 'int_kind', 'float_kind', 'complex_kind', 'str_kind', 'all', to a function giving an element's text). Each call resets formatter and override_repr.",
        ["np.set_printoptions(precision=8)  # None", "np.set_printoptions(sign='x')  # ValueError: sign option must be one of ' ', '+', or '-'"]),
    entry!(Function, NumpyPrint, "numpy", "printoptions", "(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None, nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *, legacy=None, override_repr=None)", printoptions,
        "A context manager: `with np.printoptions(precision=3):` prints with those options (set_printoptions' arguments, formatter too) inside the block and restores the previous ones after it.",
        ["with_block = np.printoptions(precision=3); with_block is None  # False"]),
    entry!(Function, NumpyPrint, "numpy", "get_printoptions", "()", get_printoptions,
        "The current print options, as a dict of NumPy's option names.",
        ["np.get_printoptions()['precision']  # 8"]),
    entry!(Property, NumpyTypes, "dtype", "name", "(self, /)", dt_name,
        "The dtype's name.", ["np.dtype('f2').name  # 'float16'"]),
    entry!(Property, NumpyTypes, "dtype", "itemsize", "(self, /)", dt_itemsize,
        "Bytes per element.", ["np.dtype('c16').itemsize  # 16"]),
    entry!(Property, NumpyTypes, "dtype", "kind", "(self, /)", dt_kind,
        "The kind character: b, i, u, f or c.", ["np.dtype('u2').kind  # 'u'"]),
    entry!(Property, NumpyTypes, "dtype", "char", "(self, /)", dt_char,
        "The type character code.", ["np.dtype('int64').char  # 'l'"]),
    entry!(Property, NumpyTypes, "dtype", "str", "(self, /)", dt_str,
        "The array-protocol type string.", ["np.dtype('float64').str  # '<f8'"]),
    entry!(Property, NumpyTypes, "dtype", "type", "(self, /)", dt_type,
        "The scalar type of the dtype.", ["np.dtype('f4').type  # <class 'numpy.float32'>"]),
];

/// `numpy.float32`, ... : the type name of a NumPy scalar of `d`.
pub fn scalar_type_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "numpy.bool",
        DType::Int8 => "numpy.int8",
        DType::Int16 => "numpy.int16",
        DType::Int32 => "numpy.int32",
        DType::Int64 => "numpy.int64",
        DType::UInt8 => "numpy.uint8",
        DType::UInt16 => "numpy.uint16",
        DType::UInt32 => "numpy.uint32",
        DType::UInt64 => "numpy.uint64",
        DType::Float16 => "numpy.float16",
        DType::BFloat16 => "numpy.bfloat16",
        DType::Float32 => "numpy.float32",
        DType::Float64 => "numpy.float64",
        DType::Complex64 => "numpy.complex64",
        DType::Complex128 => "numpy.complex128",
    }
}

fn in_abstract(d: DType, name: &str) -> Option<bool> {
    Some(match name {
        "generic" => true,
        "number" => !d.is_bool(),
        "integer" => d.is_integer(),
        "signedinteger" => d.is_signed_integer(),
        "unsignedinteger" => d.is_unsigned_integer(),
        "inexact" => d.is_inexact(),
        "floating" => d.is_float(),
        "complexfloating" => d.is_complex(),
        "flexible" | "character" => false,
        _ => return None,
    })
}

/// `isinstance(v, np.<name>)` for the numpy type entries.
pub fn is_instance(v: &Value, name: &str) -> bool {
    match v {
        Value::Array(_) => name == "ndarray",
        Value::DType(_) | Value::HostDType(_) => name == "dtype",
        Value::HostArray(h) if crate::numpy::host::record::is_void(v) => {
            matches!(name, "void" | "flexible" | "generic")
                || (name == "record" && crate::numpy::host::record::is_record_type(h.dtype()))
        }
        Value::HostArray(h) if !h.is_scalar() => name == "ndarray",
        // A host scalar (`np.str_`, `np.datetime64`) by NumPy's hierarchy.
        v @ Value::HostArray(_) => crate::numpy::host::scalar_type(v)
            .is_some_and(|t| canonical_type(name).is_some_and(|sup| derives(t, sup))),
        Value::Builtin(id) => name == "ufunc" && super::ufuncs::is_ufunc(crate::table::get(*id)),
        Value::Object(o) => name == "flatiter" && matches!(**o, crate::value::Object::FlatIter(_)),
        Value::Iter(i) => {
            (name == "broadcast" && i.type_name() == super::broadcast::TYPE_NAME)
                || (name == "nditer" && i.type_name() == super::nditer::TYPE_NAME)
        }
        Value::Scalar(s) => {
            let d = s.dtype();
            in_abstract(d, name).unwrap_or_else(|| DType::parse(name).is_ok_and(|t| t == d))
        }
        _ => false,
    }
}

/// `np.ndarray(shape, dtype, buffer, offset, strides, order)`.
fn ndarray_new(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    use crate::numpy::compose::{call_in, method};
    if !a.get(4).is_none() {
        return Err(Error::not_implemented(
            "np.ndarray: strides= is not supported in xpush",
        ));
    }
    let shape = a.get(0).clone();
    let order = match a.get(5) {
        Value::None => Value::str("C"),
        o => o.clone(),
    };
    if a.get(2).is_none() {
        return call_in(
            host,
            "numpy",
            "empty",
            vec![shape, a.get(1).clone()],
            &[("order", order)],
        );
    }
    let dims = crate::numpy::conv::shape_arg(&shape)?;
    let count: usize = dims.iter().product();
    let buffer = match a.get(2) {
        b @ (Value::Bytes(_) | Value::ByteArray(_)) => b.clone(),
        other => method(host, other, "tobytes", Vec::new())?,
    };
    let dtype = call_in(host, "numpy", "dtype", vec![a.get(1).clone()], &[])?;
    let itemsize = crate::py::num::index_i64(&crate::ops::getattr(&dtype, "itemsize")?)? as usize;
    let offset = crate::py::num::index_i64(a.get(3))?.max(0) as usize;
    let len = crate::py::bytes::view(&buffer).map_or(0, |b| b.len());
    if offset + count * itemsize > len {
        return Err(Error::type_error("buffer is too small for requested array"));
    }
    let flat = call_in(
        host,
        "numpy",
        "frombuffer",
        vec![buffer, dtype],
        &[
            ("count", Value::Int(count as i64)),
            ("offset", Value::Int(offset as i64)),
        ],
    )?;
    call_in(
        host,
        "numpy",
        "reshape",
        vec![flat, shape],
        &[("order", order)],
    )
}

pub(crate) fn dtype_new(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let align = crate::ops::truthy(a.get(1))?;
    if let Some(t) = crate::numpy::host::record::parse(a.get(0), align)? {
        return Ok(Value::HostDType(t));
    }
    if let Some(t) = crate::numpy::host::dtype_arg(a.get(0)) {
        return Ok(Value::HostDType(t));
    }
    match dtype_arg(a.get(0))? {
        Some(d) => Ok(Value::DType(d)),
        None => Ok(Value::DType(DType::Float64)),
    }
}

/// The dtype a scalar type entry stands for (`float32`, `bool_`, `double`).
fn named(name: &str) -> DType {
    DType::parse(name).unwrap_or(DType::Float64)
}

/// `np.<type>(v)`: a scalar of `d` (a sequence gives an array of `d`).
pub fn scalar_of(d: DType, v: &Value) -> Result<Value> {
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Array(_) => {
            conv::wrap_result(conv::array_from(v, Some(d))?)
        }
        Value::Str(s) => {
            let f = crate::types::parse_float(s).ok_or_else(|| {
                Error::value_error(format!(
                    "could not convert string to float: {}",
                    crate::ops::repr(v)
                ))
            })?;
            Ok(scalar(Scalar::Float64(f).cast(d)))
        }
        Value::Int(_) | Value::BigInt(_) if d.is_integer() => {
            let i = conv::pyint(v)?;
            promote::check_pyint(i, d)?;
            Ok(scalar(conv::to_scalar(v)?.cast(d)))
        }
        _ => Ok(scalar(conv::to_scalar(v)?.cast(d))),
    }
}

fn dtype_of(v: &Value) -> Result<DType> {
    match v {
        Value::Scalar(s) => Ok(s.dtype()),
        Value::Bool(_) => Ok(DType::Bool),
        Value::Int(_) | Value::BigInt(_) => Ok(DType::Int64),
        Value::Float(_) => Ok(DType::Float64),
        Value::Complex(_) => Ok(DType::Complex128),
        other => dtype_arg(other)?
            .ok_or_else(|| Error::type_error("Cannot interpret 'None' as a data type")),
    }
}

/// `np.issubdtype(arg1, arg2)`: whether the scalar type of `arg1` (a type,
/// a dtype or what spells one, numeric or host) is `arg2`'s or derives
/// from it in NumPy's hierarchy of scalar types ([`type_parent`]).
pub(crate) fn issubdtype(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let sub = scalar_type_of(a.get(0))?;
    let sup = scalar_type_of(a.get(1))?;
    Ok(Value::Bool(derives(sub, sup)))
}

/// The name of NumPy's scalar type `v` is or stands for, as `issubdtype`
/// reads it: a NumPy type (abstract ones included), a Python type
/// (`float` is `float64`, `str` is `str_`), or `np.dtype(v).type` of a
/// dtype spec, numeric or host.
fn scalar_type_of(v: &Value) -> Result<&'static str> {
    if let Value::Builtin(id) = v {
        let e = crate::table::get(*id);
        if e.module == "numpy" {
            if let Some((n, _)) = HIERARCHY.iter().find(|(n, _)| *n == e.name) {
                return Ok(n);
            }
        }
    }
    if let Some(h) = crate::numpy::host::dtype_arg(v) {
        use crate::numpy::host::HostKind;
        return Ok(match h.kind {
            HostKind::Str => "str_",
            HostKind::Bytes => "bytes_",
            HostKind::Object => "object_",
            HostKind::DateTime(_) => "datetime64",
            HostKind::TimeDelta(_) => "timedelta64",
            HostKind::Record(_) => "void",
        });
    }
    let d = dtype_of(v)?;
    Ok(scalar_type_name(d).trim_start_matches("numpy."))
}

/// `issubclass(cls, base)` for a NumPy scalar type `cls` (a `numpy`
/// entry's name: `float64`, `double`, `floating`) and a type `base` of
/// the `numpy` module (`module_numpy`) or of Python's builtins: NumPy's
/// hierarchy, and the Python types NumPy's scalars derive from
/// (`np.float64` is a `float`, `np.str_` a `str`, `np.int64` no `int`).
/// `None` when `cls` is no NumPy scalar type.
pub fn numpy_subclass(cls: &str, base: &str, module_numpy: bool) -> Option<bool> {
    let sub = canonical_type(cls)?;
    if !module_numpy {
        return Some(match base {
            "object" => true,
            "float" => sub == "float64",
            "complex" => sub == "complex128",
            "str" => sub == "str_",
            "bytes" => sub == "bytes_",
            _ => false,
        });
    }
    Some(canonical_type(base).is_some_and(|sup| derives(sub, sup)))
}

/// Whether the scalar type `sub` is `sup` or derives from it.
fn derives(sub: &str, sup: &str) -> bool {
    let mut t = Some(sub);
    while let Some(name) = t {
        if name == sup {
            return true;
        }
        t = type_parent(name);
    }
    false
}

/// The name of a NumPy scalar type as [`HIERARCHY`] spells it, aliases
/// resolved (`double` is `float64`, `bool_` is `bool`).
fn canonical_type(name: &str) -> Option<&'static str> {
    if let Some((n, _)) = HIERARCHY.iter().find(|(n, _)| *n == name) {
        return Some(n);
    }
    DType::parse(name)
        .ok()
        .map(|d| scalar_type_name(d).trim_start_matches("numpy."))
}

/// NumPy's scalar types and their base classes (`float32` is a
/// `floating`, `timedelta64` a `signedinteger`, `str_` a `character`);
/// `generic` is the root.
const HIERARCHY: &[(&str, &str)] = &[
    ("generic", ""),
    ("number", "generic"),
    ("bool", "generic"),
    ("flexible", "generic"),
    ("object_", "generic"),
    ("datetime64", "generic"),
    ("integer", "number"),
    ("inexact", "number"),
    ("signedinteger", "integer"),
    ("unsignedinteger", "integer"),
    ("floating", "inexact"),
    ("complexfloating", "inexact"),
    ("character", "flexible"),
    ("void", "flexible"),
    ("str_", "character"),
    ("bytes_", "character"),
    ("timedelta64", "signedinteger"),
    ("int8", "signedinteger"),
    ("int16", "signedinteger"),
    ("int32", "signedinteger"),
    ("int64", "signedinteger"),
    ("uint8", "unsignedinteger"),
    ("uint16", "unsignedinteger"),
    ("uint32", "unsignedinteger"),
    ("uint64", "unsignedinteger"),
    ("float16", "floating"),
    ("bfloat16", "floating"),
    ("float32", "floating"),
    ("float64", "floating"),
    ("complex64", "complexfloating"),
    ("complex128", "complexfloating"),
];

/// The base class of a NumPy scalar type ([`HIERARCHY`]); `None` for
/// `generic` and for names that are no scalar type.
fn type_parent(name: &str) -> Option<&'static str> {
    HIERARCHY
        .iter()
        .find(|(n, p)| *n == name && !p.is_empty())
        .map(|(_, p)| *p)
}

fn finfo(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dtype_of(a.get(0))?;
    let f = d.finfo()?;
    let attrs = vec![
        ("bits", Value::Int(f.bits as i64)),
        ("precision", Value::Int(f.precision as i64)),
        ("resolution", scalar(f.resolution)),
        ("eps", scalar(f.eps)),
        ("max", scalar(f.max)),
        ("min", scalar(f.min)),
        ("tiny", scalar(f.tiny)),
        ("smallest_normal", scalar(f.smallest_normal)),
        ("smallest_subnormal", scalar(f.smallest_subnormal)),
        ("dtype", Value::DType(f.dtype)),
    ];
    Ok(Value::Record(Rc::new(Record {
        type_name: "numpy.finfo",
        repr: f.repr(),
        attrs,
    })))
}

fn big(i: i128) -> Value {
    match i64::try_from(i) {
        Ok(v) => Value::Int(v),
        Err(_) => Value::from_bigint(num_bigint::BigInt::from(i)),
    }
}

fn iinfo(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let d = dtype_of(a.get(0))?;
    let f = d.iinfo()?;
    let attrs = vec![
        ("bits", Value::Int(f.bits as i64)),
        ("min", big(f.min)),
        ("max", big(f.max)),
        ("dtype", Value::DType(f.dtype)),
    ];
    Ok(Value::Record(Rc::new(Record {
        type_name: "numpy.iinfo",
        repr: f.repr(),
        attrs,
    })))
}

fn operand(v: &Value) -> Result<Operand> {
    Ok(match v {
        Value::Int(_) | Value::BigInt(_) => Operand::Weak(PyScalarKind::Int),
        Value::Float(_) => Operand::Weak(PyScalarKind::Float),
        Value::Complex(_) => Operand::Weak(PyScalarKind::Complex),
        other => Operand::DType(dtype_of(other)?),
    })
}

pub(crate) fn result_type(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if a.rest.iter().any(host_promote::is_host) {
        return Ok(host_promote::result_type(&a.rest)?.value());
    }
    let ops: Vec<Operand> = a.rest.iter().map(operand).collect::<Result<_>>()?;
    Ok(Value::DType(promote::result_type(&ops)?))
}

pub(crate) fn promote_types(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if host_promote::is_host(a.get(0)) || host_promote::is_host(a.get(1)) {
        let (x, y) = (
            host_promote::any_dtype(a.get(0))?,
            host_promote::any_dtype(a.get(1))?,
        );
        return Ok(host_promote::promote(x, y)?.value());
    }
    let x = dtype_arg(a.get(0))?.unwrap_or(DType::Float64);
    let y = dtype_arg(a.get(1))?.unwrap_or(DType::Float64);
    Ok(Value::DType(promote::promote_types(x, y)))
}

pub(crate) fn can_cast(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    if let Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Complex(_) | Value::Bool(_) =
        a.get(0)
    {
        return Err(Error::type_error(
            "can_cast() does not support Python ints, floats, and complex because the result used to depend on the value.\nThis change was part of adopting NEP 50, we may explicitly allow them again in the future.",
        ));
    }
    let casting = match a.get(2) {
        Value::Str(s) => Casting::parse(s)?,
        _ => Casting::Safe,
    };
    if host_promote::is_host(a.get(0)) || host_promote::is_host(a.get(1)) {
        let (x, y) = (
            host_promote::any_dtype(a.get(0))?,
            host_promote::any_dtype(a.get(1))?,
        );
        return Ok(Value::Bool(host_promote::can_cast(x, y, casting)));
    }
    let (from, to) = (dtype_of(a.get(0))?, dtype_of(a.get(1))?);
    Ok(Value::Bool(promote::can_cast(from, to, casting)))
}

fn usize_opt(v: &Value, name: &str) -> Result<Option<usize>> {
    match v {
        Value::None => Ok(None),
        other => {
            let i = crate::py::num::index_i64(other)?;
            usize::try_from(i)
                .map(Some)
                .map_err(|_| Error::value_error(format!("{name} must be >= 0")))
        }
    }
}

fn set_printoptions(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    super::printopts::set_state(options_from(host, a)?);
    Ok(Value::None)
}

/// `np.printoptions(...)`: the options set_printoptions would set, kept
/// for the `with` block.
fn printoptions(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Object(Rc::new(crate::value::Object::PrintOptions {
        options: options_from(host, a)?,
        saved: std::cell::RefCell::new(Vec::new()),
    })))
}

/// `floatmode=`, `sign=` and `legacy=` as `_make_options_dict` checks them
/// (in its order), each `None` when not given. A `legacy=` NumPy does not
/// know is a UserWarning and leaves the mode as it is.
pub(crate) struct ModeArgs {
    pub floatmode: Option<xpush_npu::print::FloatMode>,
    pub sign: Option<char>,
    pub legacy: Option<u32>,
}

impl ModeArgs {
    /// Sets in `o` each mode that was given.
    pub(crate) fn apply(&self, o: &mut PrintOptions) {
        if let Some(m) = self.floatmode {
            o.floatmode = m;
        }
        if let Some(s) = self.sign {
            o.sign = s;
        }
        if let Some(l) = self.legacy {
            o.legacy = l;
        }
    }
}

/// The `legacy=` strings NumPy 2.4 knows and xpush's number for each
/// (`PrintOptions::legacy`, compared as versions: `<= 113` is 1.13's).
const LEGACY_MODES: [(&str, u32); 5] = [
    ("1.13", 113),
    ("1.21", 121),
    ("1.25", 125),
    ("2.1", 201),
    ("2.2", 202),
];

pub(crate) fn mode_args(
    host: &mut dyn Host,
    floatmode: &Value,
    sign: &Value,
    legacy: &Value,
) -> Result<ModeArgs> {
    let floatmode = match floatmode {
        Value::None => None,
        v => Some(
            match v {
                Value::Str(s) => xpush_npu::print::FloatMode::parse(s),
                _ => None,
            }
            .ok_or_else(|| {
                Error::value_error(
                    "floatmode option must be one of \"fixed\", \"unique\", \"maxprec\", \"maxprec_equal\"",
                )
            })?,
        ),
    };
    let sign = match sign {
        Value::None => None,
        Value::Str(s) if matches!(&**s, "-" | "+" | " ") => s.chars().next(),
        _ => {
            return Err(Error::value_error(
                "sign option must be one of ' ', '+', or '-'",
            ))
        }
    };
    let known = |s: &str| {
        LEGACY_MODES
            .iter()
            .find(|(name, _)| *name == s)
            .map(|&(_, mode)| mode)
    };
    let legacy = match legacy {
        Value::None => None,
        Value::Bool(false) => Some(xpush_npu::print::NO_LEGACY),
        Value::Str(s) if known(s).is_some() => known(s),
        v if matches!(crate::py::compare::eq(v, &Value::Bool(false)), Ok(true)) => {
            let msg = format!(
                "Passing `legacy={}` is deprecated.",
                crate::py::repr::repr(v)
            );
            crate::warnings::warn(host, ExcKind::FutureWarning, &msg)?;
            Some(xpush_npu::print::NO_LEGACY)
        }
        _ => {
            crate::warnings::warn(
                host,
                ExcKind::UserWarning,
                "legacy printing option can currently only be '1.13', '1.21', '1.25', '2.1', '2.2' or `False`",
            )?;
            None
        }
    };
    Ok(ModeArgs {
        floatmode,
        sign,
        legacy,
    })
}

/// NumPy 1.13's arrays in scientific notation cut their digits at
/// `precision`, which `floatmode='unique'` leaves unset: NumPy raises a
/// TypeError while printing such an array only, which xpush's printing
/// (text, never an error) cannot do, so the pair is refused here.
pub(crate) fn legacy_unique_check(o: &PrintOptions) -> Result<()> {
    if o.legacy <= 113 && o.floatmode == xpush_npu::print::FloatMode::Unique {
        return Err(Error::new(
            ExcKind::NotImplementedError,
            "legacy='1.13' with floatmode='unique' is not supported (NumPy raises a TypeError printing an array in scientific notation with them)",
        ));
    }
    Ok(())
}

/// The current print options with `set_printoptions`' arguments applied
/// (`formatter` and `override_repr` are always replaced, as NumPy resets
/// them on every call).
fn options_from(host: &mut dyn Host, a: &Args) -> Result<super::printopts::State> {
    let modes = mode_args(host, a.get(9), a.get(8), a.get(10))?;
    let formatter = super::printopts::Formatter::from_value(a.get(7))?;
    let mut o: PrintOptions = super::printopts::get();
    if let Some(p) = usize_opt(a.get(0), "precision")? {
        o.precision = p;
    }
    if let Some(t) = usize_opt(a.get(1), "threshold")? {
        o.threshold = t;
    }
    if let Some(e) = usize_opt(a.get(2), "edgeitems")? {
        o.edgeitems = e;
    }
    if let Some(l) = usize_opt(a.get(3), "linewidth")? {
        o.linewidth = l;
    }
    if !a.get(4).is_none() {
        o.suppress = crate::ops::truthy(a.get(4))?;
    }
    for (i, field) in [(5, &mut o.nanstr), (6, &mut o.infstr)] {
        if !a.get(i).is_none() {
            *field = crate::ops::to_str(a.get(i));
        }
    }
    modes.apply(&mut o);
    if o.legacy == 113 {
        o.sign = '-';
    }
    legacy_unique_check(&o)?;
    let override_repr = a.get(11);
    Ok(super::printopts::State {
        options: o,
        formatter,
        override_repr: (!override_repr.is_none()).then(|| override_repr.clone()),
    })
}

fn get_printoptions(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    printoptions_record()
}

/// `np.get_printoptions()`, also what `with np.printoptions(...) as o` binds:
/// a dict of NumPy's option names.
pub fn printoptions_record() -> Result<Value> {
    let o = super::printopts::get();
    let legacy = LEGACY_MODES
        .iter()
        .find(|&&(_, mode)| mode == o.legacy)
        .map_or(Value::Bool(false), |&(name, _)| Value::str(name));
    let mut d = crate::py::dict::DictTable::new();
    for (k, v) in [
        ("edgeitems", Value::Int(o.edgeitems as i64)),
        ("threshold", Value::Int(o.threshold as i64)),
        ("floatmode", Value::str(o.floatmode.name())),
        ("precision", Value::Int(o.precision as i64)),
        ("suppress", Value::Bool(o.suppress)),
        ("linewidth", Value::Int(o.linewidth as i64)),
        ("nanstr", Value::str(o.nanstr.as_str())),
        ("infstr", Value::str(o.infstr.as_str())),
        ("sign", Value::str(o.sign.to_string())),
        (
            "formatter",
            super::printopts::formatter().map_or(Value::None, |f| f.dict()),
        ),
        ("legacy", legacy),
        (
            "override_repr",
            super::printopts::override_repr().unwrap_or(Value::None),
        ),
    ] {
        d.insert(Value::str(k), v)?;
    }
    Ok(Value::dict(d))
}

fn recv_dtype(a: &Args) -> DType {
    match a.get(0) {
        Value::DType(d) => *d,
        _ => DType::Float64,
    }
}

fn dt_name(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(recv_dtype(a).name()))
}

fn dt_itemsize(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::Int(recv_dtype(a).itemsize() as i64))
}

fn dt_kind(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(recv_dtype(a).kind().to_string()))
}

fn dt_char(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(recv_dtype(a).char_code().to_string()))
}

fn dt_str(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    Ok(Value::str(recv_dtype(a).type_str()))
}

fn dt_type(_: &mut dyn Host, a: &mut Args) -> Result<Value> {
    let name = recv_dtype(a).name();
    crate::table::lookup("numpy", name)
        .map(Value::Builtin)
        .ok_or_else(|| Error::attribute_error("no scalar type"))
}
