//! xpush's dtypes as CANN's `aclDataType`s, both ways (research notes
//! §3.4).

use xpush_core::dtype::DType;

use crate::sys::aclDataType as dt;

/// The `aclDataType` of a dtype (research §3.4).
pub fn acl_dtype(d: DType) -> dt::Type {
    match d {
        DType::Bool => dt::ACL_BOOL,
        DType::Int8 => dt::ACL_INT8,
        DType::Int16 => dt::ACL_INT16,
        DType::Int32 => dt::ACL_INT32,
        DType::Int64 => dt::ACL_INT64,
        DType::UInt8 => dt::ACL_UINT8,
        DType::UInt16 => dt::ACL_UINT16,
        DType::UInt32 => dt::ACL_UINT32,
        DType::UInt64 => dt::ACL_UINT64,
        DType::Float16 => dt::ACL_FLOAT16,
        DType::BFloat16 => dt::ACL_BF16,
        DType::Float32 => dt::ACL_FLOAT,
        DType::Float64 => dt::ACL_DOUBLE,
        DType::Complex64 => dt::ACL_COMPLEX64,
        DType::Complex128 => dt::ACL_COMPLEX128,
    }
}

/// The dtype of an `aclDataType`, if xpush has it.
pub fn dtype_from_acl(t: dt::Type) -> Option<DType> {
    DType::ALL.iter().copied().find(|d| acl_dtype(*d) == t)
}

/// The `ACL_*` name of an `aclDataType` (for messages).
pub fn acl_dtype_name(t: dt::Type) -> &'static str {
    match t {
        dt::ACL_BOOL => "BOOL",
        dt::ACL_INT8 => "INT8",
        dt::ACL_INT16 => "INT16",
        dt::ACL_INT32 => "INT32",
        dt::ACL_INT64 => "INT64",
        dt::ACL_UINT8 => "UINT8",
        dt::ACL_UINT16 => "UINT16",
        dt::ACL_UINT32 => "UINT32",
        dt::ACL_UINT64 => "UINT64",
        dt::ACL_FLOAT16 => "FLOAT16",
        dt::ACL_BF16 => "BF16",
        dt::ACL_FLOAT => "FLOAT",
        dt::ACL_DOUBLE => "DOUBLE",
        dt::ACL_COMPLEX64 => "COMPLEX64",
        dt::ACL_COMPLEX128 => "COMPLEX128",
        _ => "UNDEFINED",
    }
}
