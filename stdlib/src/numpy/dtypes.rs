//! `numpy.dtypes`: the class of each dtype (`type(np.dtype('f8'))` is
//! `np.dtypes.Float64DType`), and `np.ScalarType` and `np.sctypeDict`,
//! NumPy's tables of its scalar types.
//!
//! A dtype class is a type entry of module `numpy.dtypes`: calling it gives
//! its dtype (`np.dtypes.Int32DType()` is `dtype('int32')`), and
//! `isinstance(dt, cls)` holds for the dtypes of that class (see
//! [`is_instance`]). `type()` of a dtype finds the entry by the dotted type
//! name [`class_name`] gives it.

use xpush_npu::DType;

use crate::bind::Args;
use crate::entry;
use crate::host::Host;
use crate::table::{self, FuncDef};
use crate::value::Value;
use crate::Result;

/// `np.dtype(code)`.
fn dtype_of(host: &mut dyn Host, code: &str) -> Result<Value> {
    super::compose::np(host, "dtype", vec![Value::str(code)])
}

macro_rules! dtype_classes {
    ($($f:ident, $name:literal, $code:literal, $doc:literal, $ex:literal;)*) => {
        $(
            fn $f(host: &mut dyn Host, _: &mut Args) -> Result<Value> {
                dtype_of(host, $code)
            }
        )*
        /// The dtype classes.
        pub const FUNCS: &[FuncDef] = &[
            $(
                entry!(Type, NumpyTypes, "numpy.dtypes", $name, "()", $f, $doc, [$ex]),
            )*
        ];
        /// Each class's name and the dtype code calling it gives.
        const CLASSES: &[(&str, &str)] = &[$(($name, $code)),*];
    };
}

dtype_classes! {
    bool_c, "BoolDType", "?", "The class of dtype('bool').", "type(np.dtype(bool))  # <class 'numpy.dtypes.BoolDType'>";
    int8_c, "Int8DType", "i1", "The class of dtype('int8').", "np.dtypes.Int8DType()  # dtype('int8')";
    int16_c, "Int16DType", "i2", "The class of dtype('int16').", "np.dtypes.Int16DType()  # dtype('int16')";
    int32_c, "Int32DType", "i4", "The class of dtype('int32').", "isinstance(np.dtype('i4'), np.dtypes.Int32DType)  # True";
    int64_c, "Int64DType", "i8", "The class of dtype('int64').", "type(np.arange(2).dtype)  # <class 'numpy.dtypes.Int64DType'>";
    uint8_c, "UInt8DType", "u1", "The class of dtype('uint8').", "np.dtypes.UInt8DType()  # dtype('uint8')";
    uint16_c, "UInt16DType", "u2", "The class of dtype('uint16').", "np.dtypes.UInt16DType()  # dtype('uint16')";
    uint32_c, "UInt32DType", "u4", "The class of dtype('uint32').", "np.dtypes.UInt32DType()  # dtype('uint32')";
    uint64_c, "UInt64DType", "u8", "The class of dtype('uint64').", "np.dtypes.UInt64DType()  # dtype('uint64')";
    float16_c, "Float16DType", "f2", "The class of dtype('float16').", "np.dtypes.Float16DType()  # dtype('float16')";
    bfloat16_c, "BFloat16DType", "bfloat16", "The class of dtype('bfloat16') (xpush's; NumPy has no bfloat16).", "np.dtypes.BFloat16DType()  # dtype('bfloat16')";
    float32_c, "Float32DType", "f4", "The class of dtype('float32').", "np.dtypes.Float32DType()  # dtype('float32')";
    float64_c, "Float64DType", "f8", "The class of dtype('float64').", "type(np.dtype('f8')) is np.dtypes.Float64DType  # True";
    complex64_c, "Complex64DType", "c8", "The class of dtype('complex64').", "np.dtypes.Complex64DType()  # dtype('complex64')";
    complex128_c, "Complex128DType", "c16", "The class of dtype('complex128').", "np.dtypes.Complex128DType()  # dtype('complex128')";
    object_c, "ObjectDType", "O", "The class of dtype('O').", "np.dtypes.ObjectDType()  # dtype('O')";
}

/// The parametric dtype classes: a text class takes its width, the time
/// classes are made only through `np.dtype`.
pub const PARAMETRIC: &[FuncDef] = &[
    entry!(
        Type,
        NumpyTypes,
        "numpy.dtypes",
        "StrDType",
        "(*args)",
        str_c,
        "The class of the fixed-width text dtypes: StrDType(n) is dtype('<Un').",
        [
            "np.dtypes.StrDType(5)  # dtype('<U5')",
            "type(np.dtype('U3'))  # <class 'numpy.dtypes.StrDType'>"
        ]
    ),
    entry!(
        Type,
        NumpyTypes,
        "numpy.dtypes",
        "BytesDType",
        "(*args)",
        bytes_c,
        "The class of the fixed-width bytes dtypes: BytesDType(n) is dtype('Sn').",
        ["np.dtypes.BytesDType(2)  # dtype('S2')"]
    ),
    entry!(
        Type,
        NumpyTypes,
        "numpy.dtypes",
        "DateTime64DType",
        "(*args)",
        datetime64_c,
        "The class of the datetime64 dtypes (made with np.dtype('M8[D]')).",
        ["type(np.dtype('M8[D]'))  # <class 'numpy.dtypes.DateTime64DType'>"]
    ),
    entry!(
        Type,
        NumpyTypes,
        "numpy.dtypes",
        "TimeDelta64DType",
        "(*args)",
        timedelta64_c,
        "The class of the timedelta64 dtypes (made with np.dtype('m8[s]')).",
        ["type(np.dtype('m8[s]'))  # <class 'numpy.dtypes.TimeDelta64DType'>"]
    ),
    entry!(
        Type,
        NumpyTypes,
        "numpy.dtypes",
        "VoidDType",
        "(*args)",
        void_c,
        "The class of the structured dtypes (made with np.dtype([('x', 'f8'), ...])).",
        ["type(np.dtype('i4,f8'))  # <class 'numpy.dtypes.VoidDType'>"]
    ),
];

fn sized(host: &mut dyn Host, a: &Args, code: &str) -> Result<Value> {
    if a.rest.len() != 1 {
        return Err(crate::Error::type_error(format!(
            "function takes exactly 1 positional argument ({} given)",
            a.rest.len()
        )));
    }
    let n = crate::py::num::index_i64(&a.rest[0])?;
    dtype_of(host, &format!("{code}{n}"))
}

fn str_c(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    sized(host, a, "U")
}

fn bytes_c(host: &mut dyn Host, a: &mut Args) -> Result<Value> {
    sized(host, a, "S")
}

fn legacy(name: &str) -> crate::Error {
    crate::Error::type_error(format!(
        "Preliminary-API: Flexible/Parametric legacy DType '<class 'numpy.dtypes.{name}'>' can only be instantiated using `np.dtype(...)`"
    ))
}

fn datetime64_c(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(legacy("DateTime64DType"))
}

fn timedelta64_c(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(legacy("TimeDelta64DType"))
}

fn void_c(_: &mut dyn Host, _: &mut Args) -> Result<Value> {
    Err(legacy("VoidDType"))
}

/// NumPy's C-type names for the same classes (`np.dtypes.LongDType is
/// np.dtypes.Int64DType` on this platform).
const ALIASES: &[(&str, &str)] = &[
    ("ByteDType", "Int8DType"),
    ("UByteDType", "UInt8DType"),
    ("ShortDType", "Int16DType"),
    ("UShortDType", "UInt16DType"),
    ("IntDType", "Int32DType"),
    ("UIntDType", "UInt32DType"),
    ("LongDType", "Int64DType"),
    ("ULongDType", "UInt64DType"),
    ("LongLongDType", "Int64DType"),
    ("ULongLongDType", "UInt64DType"),
];

/// The dotted class name of a dtype (`numpy.dtypes.Float64DType`).
pub fn class_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "numpy.dtypes.BoolDType",
        DType::Int8 => "numpy.dtypes.Int8DType",
        DType::Int16 => "numpy.dtypes.Int16DType",
        DType::Int32 => "numpy.dtypes.Int32DType",
        DType::Int64 => "numpy.dtypes.Int64DType",
        DType::UInt8 => "numpy.dtypes.UInt8DType",
        DType::UInt16 => "numpy.dtypes.UInt16DType",
        DType::UInt32 => "numpy.dtypes.UInt32DType",
        DType::UInt64 => "numpy.dtypes.UInt64DType",
        DType::Float16 => "numpy.dtypes.Float16DType",
        DType::BFloat16 => "numpy.dtypes.BFloat16DType",
        DType::Float32 => "numpy.dtypes.Float32DType",
        DType::Float64 => "numpy.dtypes.Float64DType",
        DType::Complex64 => "numpy.dtypes.Complex64DType",
        DType::Complex128 => "numpy.dtypes.Complex128DType",
    }
}

/// `isinstance(v, np.dtypes.NAME)`.
pub fn is_instance(v: &Value, name: &str) -> bool {
    let actual = match v {
        Value::DType(d) => class_name(*d),
        Value::HostDType(_) => crate::ops::type_name(v),
        _ => return false,
    };
    actual.strip_prefix("numpy.dtypes.") == Some(name)
}

/// The module `numpy.dtypes`: the classes and their C-type aliases.
pub fn build() -> Value {
    let v = crate::modules::from_table("numpy.dtypes");
    if let Value::Module(m) = &v {
        for (alias, name) in ALIASES {
            if let Some(id) = table::lookup("numpy.dtypes", name) {
                m.set(alias, Value::Builtin(id));
            }
        }
    }
    let _ = CLASSES;
    v
}

/// NumPy's scalar types in `np.ScalarType`'s order (the Python types
/// first); the ones xpush lacks (long double, void) are not there.
const SCALAR_TYPES: &[&str] = &[
    "bool",
    "complex64",
    "complex128",
    "float16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "longlong",
    "datetime64",
    "timedelta64",
    "object_",
    "bytes_",
    "str_",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "ulonglong",
];

/// `np.ScalarType`.
pub fn scalar_type() -> Value {
    let mut items = Vec::new();
    for name in [
        "int",
        "float",
        "complex",
        "bool",
        "bytes",
        "str",
        "memoryview",
    ] {
        if let Some(id) = crate::py::attr::type_id(name) {
            items.push(Value::Builtin(id));
        }
    }
    for name in SCALAR_TYPES {
        let canon = xpush_npu::DType::parse(name).map_or(*name, |dt| dt.name());
        if let Some(id) = table::lookup("numpy", canon) {
            // `longlong` is `int64` here (one type, not NumPy's two).
            if !items
                .iter()
                .any(|v| matches!(v, Value::Builtin(x) if *x == id))
            {
                items.push(Value::Builtin(id));
            }
        }
    }
    Value::tuple(items)
}

/// `np.sctypeDict`'s keys and the scalar type each names, in NumPy's
/// order (without the long double and void entries).
const SCTYPES: &[(&str, &str)] = &[
    ("bool", "bool"),
    ("float16", "float16"),
    ("float32", "float32"),
    ("float64", "float64"),
    ("complex64", "complex64"),
    ("complex128", "complex128"),
    ("bytes_", "bytes_"),
    ("str_", "str_"),
    ("object_", "object_"),
    ("datetime64", "datetime64"),
    ("timedelta64", "timedelta64"),
    ("int8", "int8"),
    ("byte", "int8"),
    ("uint8", "uint8"),
    ("ubyte", "uint8"),
    ("int16", "int16"),
    ("short", "int16"),
    ("uint16", "uint16"),
    ("ushort", "uint16"),
    ("int32", "int32"),
    ("intc", "int32"),
    ("uint32", "uint32"),
    ("uintc", "uint32"),
    ("int64", "int64"),
    ("long", "int64"),
    ("uint64", "uint64"),
    ("ulong", "uint64"),
    ("longlong", "longlong"),
    ("ulonglong", "ulonglong"),
    ("intp", "int64"),
    ("uintp", "uint64"),
    ("double", "float64"),
    ("cdouble", "complex128"),
    ("single", "float32"),
    ("csingle", "complex64"),
    ("half", "float16"),
    ("bool_", "bool"),
    ("int_", "int64"),
    ("uint", "uint64"),
    ("float", "float64"),
    ("complex", "complex128"),
    ("object", "object_"),
    ("bytes", "bytes_"),
    ("a", "bytes_"),
    ("int", "int64"),
    ("str", "str_"),
    ("unicode", "str_"),
];

/// `np.sctypeDict`.
pub fn sctype_dict() -> Value {
    let mut d = crate::value::DictTable::new();
    for (key, name) in SCTYPES {
        let canon = xpush_npu::DType::parse(name).map_or(*name, |dt| dt.name());
        if let Some(id) = table::lookup("numpy", canon).or_else(|| table::lookup("numpy", name)) {
            // Str keys always hash: insert cannot fail.
            let _ = d.insert(Value::str(*key), Value::Builtin(id));
        }
    }
    Value::dict(d)
}
