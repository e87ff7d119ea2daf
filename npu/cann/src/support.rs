//! What each aclnn op the ascend backend calls accepts on the 910B (Atlas
//! A2; research notes §6.2, "accepted by API on A2 (L2)"): the facts the
//! ascend backend's dtype policy decides from and acl-sim validates by.
//!
//! Checked against the 910B lists in CANN's op sources (hicann/ops-math,
//! hicann/ops-nn): `scripts/policy_vs_cann.py` writes
//! `docs/policy-vs-cann.md`; every row agrees or its difference is
//! explained there (`scripts/policy_vs_cann_notes.txt`). Change a list
//! here, then regenerate that report.

use xpush_core::dtype::DType;

use DType::{
    BFloat16 as BF, Bool as B, Complex128 as C128, Complex64 as C64, Float16 as F16,
    Float32 as F32, Float64 as F64, Int16 as I16, Int32 as I32, Int64 as I64, Int8 as I8,
    UInt16 as U16, UInt32 as U32, UInt64 as U64, UInt8 as U8,
};

/// The accepted-dtype lists (research notes §6.2).
mod lists {
    use super::*;
    pub const ADD: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, B, BF, C64, C128];
    pub const MUL: &[DType] = &[F32, F16, I32, F64, I8, U8, I16, I64, B, C128, C64, BF];
    pub const DIV: &[DType] = &[F16, F32, I64, I32, I16, I8, U8, F64, B, BF, C64, C128];
    pub const NEG: &[DType] = &[I8, I32, I64, F16, F32, F64, C64, C128, BF];
    /// `hicann/ops-math` `math/addcmul/docs/aclnnAddcmul&aclnnInplaceAddcmul.md`
    /// (self, tensor1, tensor2 and out on Atlas A2, the 910B).
    pub const ADDCMUL: &[DType] = &[F32, F16, F64, BF, I32, I64, I8, U8];
    /// `DTYPE_SUPPORT_LIST_910B` of `math/addcdiv/op_api/aclnn_addcdiv.cpp`.
    pub const ADDCDIV: &[DType] = &[F32, I64, F16, F64, BF];
    pub const ABS: &[DType] = &[F64, F32, F16, I64, I32, I16, I8, U8, B, BF, C64];
    pub const EXP: &[DType] = &[F32, F16, BF, F64, C64, C128, B, I64];
    pub const LOG: &[DType] = &[F32, F16, BF, F64, C64, C128, B, I64, I32, I16, I8, U8];
    pub const FLOAT_FN: &[DType] = &[F32, F16, BF, F64, C64, C128, I8, I16, I32, I64, U8, B];
    pub const TANH: &[DType] = &[F32, F16, BF, I8, I16, I32, I64, U8, B];
    pub const EQ: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, BF, B, F64, C64, C128];
    pub const LT: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, U32, U64, U16, B, BF];
    pub const LE: &[DType] = &[I8, U8, I16, U16, I32, I64, F16, F32, F64, B, BF];
    pub const GE: &[DType] = &[F32, I32, F16, I8, F64, I16, I64, U64, U32, U16, U8, BF];
    pub const SUM: &[DType] = &[F16, F32, I8, I16, I32, I64, U8, B, F64, C64, C128, BF];
    pub const PROD: &[DType] = &[F32, F16, F64, I8, U8, I16, I32, I64, B, C64, C128, BF];
    pub const MEAN: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, BF, C64, C128];
    pub const MAX: &[DType] = &[F32, F16, U8, I8, I16, I32, I64, F64, B, BF];
    pub const MATMUL: &[DType] = &[F32, F16, BF];
    pub const SORT: &[DType] = &[F16, F32, BF, U8, I8, I16, I32, I64, B];
    /// Bincount: `SELF_DTYPE_SUPPORT_LIST` of
    /// `math/bincount/op_api/aclnn_bincount.cpp` (one list for every SoC;
    /// `self` is cast to INT32 inside).
    pub const BINCOUNT: &[DType] = &[I8, I16, I32, I64, U8];
    /// Nonzero: `ASCEND910B_DTYPE_SUPPORT_LIST` of ops-nn
    /// `index/non_zero/op_api/aclnn_nonzero.cpp` (NpuArch DAV_2201): no
    /// complex, no unsigned but uint8.
    pub const NONZERO: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, B, BF];
    /// SearchSorted: `DTYPE_SUPPORT_LIST` of
    /// `math/search_sorted/op_api/aclnn_searchsorted.cpp` (one list, no
    /// SoC branch; an AI CPU kernel): no bool, bfloat16, complex or
    /// unsigned but uint8.
    pub const SEARCH_SORTED: &[DType] = &[F16, F32, I16, I8, U8, I32, I64, F64];
    pub const SWHERE: &[DType] = &[
        F32, I32, U64, I64, U32, F16, U16, I16, I8, U8, F64, B, C64, C128, BF,
    ];
    pub const ROUND: &[DType] = &[F32, F16, BF, F64, I32, I64];
    /// The research notes give aclnnReal's prototype but no dtype list
    /// (the source's 910B list: float16, float32, complex32/64/128):
    /// xpush sends it complex tensors only (a refusal falls back to the
    /// host); the real part of a float tensor is a copy (aclnnInplaceCopy,
    /// so float64 runs under `off`); integers go to the host.
    pub const REAL: &[DType] = &[F16, BF, F32, F64, C64, C128];
    pub const LOGICAL_NOT: &[DType] = &[U8, I8, I16, I32, I64, F16, F32, F64, B, BF];
    pub const REMAINDER: &[DType] = &[I32, I64, F16, F32, F64, BF];
    pub const FLOOR_DIVIDE: &[DType] = &[F16, F32, I64, I32, I16, I8, U8, F64, B, BF];
    /// The 910B takes integer and bool Pow too (not bool ** bool), but
    /// NumPy raises for negative integer exponents: xpush runs integer
    /// powers on the host.
    pub const POW: &[DType] = &[F32, F16, F64, C64, C128, BF];
    pub const ARGMAX: &[DType] = &[F32, F16, F64, I8, I16, I32, I64, U8, BF];
    pub const CUMSUM: &[DType] = &[F32, F16, I32, F64, U8, I8, I16, I64, C64, C128, BF];
    pub const INDEX_SELECT: &[DType] = &[
        F32, I32, I64, F16, I16, I8, U8, B, U64, U32, U16, F64, C64, C128, BF,
    ];
    /// selfRef and values; not in the research notes' table: from the op's
    /// README in ops-nn (`index/index_put_v2/README.md`, Atlas A2 listed),
    /// confirmed by its source (`DTYPE_SUPPORT_LIST`).
    pub const INDEX_PUT: &[DType] = &[F32, F16, F64, I32, I64, I16, I8, U8, B, BF];
    /// Floor: every integer (unchanged) and the floats; no bool.
    pub const FLOOR: &[DType] = &[I8, I16, I32, I64, U8, U16, U32, U64, F16, BF, F32, F64];
    pub const CEIL: &[DType] = &[F64, F32, F16, BF];
    pub const TRUNC: &[DType] = &[F32, F16, BF];
    /// The source's list plus BF16, which `CheckDtypeValid` lets through
    /// on the 910B. Its complex sign is not NumPy's: see [`ON_HOST`].
    pub const SIGN: &[DType] = &[F64, F32, F16, I32, I64, C64, C128, B, BF];
    /// Asin, Acos, Atan, Atan2, Log1p, Exp2: the real float functions
    /// (integer and bool inputs go to a float out; no complex).
    pub const REAL_FN: &[DType] = &[F32, F16, F64, BF, I8, I16, I32, I64, U8, B];
    pub const EXPM1: &[DType] = &[F32, F16, I64, B, BF];
    /// The floats and complex only: the 910B takes integer and bool
    /// inputs too but gives a float `1 / x`, where NumPy's integer
    /// reciprocal truncates (`reciprocal(2) == 0`): xpush runs it on the
    /// host.
    pub const RECIPROCAL: &[DType] = &[F16, BF, F32, F64, C64, C128];
    pub const SIGNBIT: &[DType] = &[B, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF, F32, F64];
    pub const BITWISE_NOT: &[DType] = &[I16, I32, I64, I8, U8, B];
    pub const BITWISE_AND: &[DType] = &[I16, I32, I64, I8, U8, B, U16];
    pub const BITWISE_OR: &[DType] = &[I16, I32, I64, I8, U8, B, U16, U32, U64];
    pub const LOGICAL_XOR: &[DType] = &[F16, F32, F64, I8, U8, I16, I32, I64, B, C64, C128, BF];
    /// LogicalAnd and LogicalOr: `DTYPE_SUPPORT_LIST` of
    /// `math/logical_and/op_api/aclnn_logical_and.cpp` and
    /// `math/logical_or/op_api/aclnn_logical_or.cpp` (one list for every
    /// chip; the out is BOOL).
    pub const LOGICAL_AND: &[DType] = &[F32, F16, I32, F64, BF, I8, U8, I16, I64, B, C64, C128];
    /// LogAddExp and LogAddExp2: the out list `ASCEND910B_DTYPE_SUPPORT_LIST`
    /// of `math/log_add_exp/op_api/aclnn_logaddexp.cpp` and
    /// `aclnn_logaddexp2.cpp` (through `GetDtypeSupportListV1`). The inputs
    /// may be any real dtype (`INPUT_DTYPE_SUPPORT_LIST_910B`), but xpush
    /// sends them in the out's dtype: no float64 out.
    pub const LOG_ADD_EXP: &[DType] = &[F16, F32, BF];
    /// IsFinite: `DTYPE_SUPPORT_LIST_910B` of
    /// `math/is_finite/op_api/aclnn_is_finite.cpp` (no unsigned but uint8,
    /// no complex; the out is BOOL).
    pub const IS_FINITE: &[DType] = &[F32, F16, BF, F64, I32, I64, I16, I8, U8, B];
    /// The floats only: the 910B takes int8, int32, int64 and uint8 too,
    /// but CANN does not say what an integer fmod by zero gives, where
    /// NumPy gives 0; xpush runs integer fmod on the host.
    pub const FMOD: &[DType] = &[F32, F16, F64, BF];
    pub const GCD: &[DType] = &[I32, I64, I16];
    /// VarCorrection and Std: `ASCEND910B_DTYPE_SUPPORT_LIST` of
    /// `math/reduce_var/op_api/aclnn_var.cpp` and
    /// `ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST` of
    /// `math/reduce_std_v2/op_api/aclnn_std.cpp` (float64 is demoted, or
    /// runs on the host).
    pub const VAR: &[DType] = &[F32, F16, BF];
    /// Cumprod: `DTYPE_SUPPORT_LIST` of `math/cumprod/op_api/aclnn_cumprod.cpp`
    /// (one list; no bool, no complex although the header's comment names
    /// complex).
    pub const CUMPROD: &[DType] = &[F32, F16, BF, F64, I8, I16, I32, I64, U8, U16, U32, U64];
    /// InplaceFillScalar: `DTYPE_SUPPORT_GE910B_LIST` of
    /// `conversion/fill/op_api/aclnn_fill_scalar.cpp` (910B..910E): every
    /// xpush dtype.
    pub const FILL: &[DType] = &[
        F32, I32, I64, F16, I16, I8, U8, F64, B, C64, C128, BF, U16, U32, U64,
    ];
    /// Eye: the list `math/eye/op_api/aclnn_eye.cpp` returns off the 310B,
    /// 310P and 910 (no float64).
    pub const EYE: &[DType] = &[F32, I32, F16, I8, I16, U8, I64, B, BF];
    /// Tril and Triu: `DTYPE_SUPPORT_LIST_910B` of
    /// `conversion/tril/op_api/aclnn_tril.cpp` and
    /// `conversion/triu/op_api/aclnn_triu.cpp` (chosen for SocVersion
    /// ASCEND910B and ASCEND910_93): no complex.
    pub const TRI: &[DType] = &[U8, I8, I16, I32, I64, F16, F32, F64, B, BF, U16, U32, U64];
    /// Flip (ops-nn): `ASCEND910B_DTYPE_SUPPORT_LIST` of
    /// `index/reverse_v2/op_api/aclnn_flip.cpp` (NpuArch DAV_2201): no
    /// unsigned but uint8.
    pub const FLIP: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, BF, B, F64, C64, C128];
    /// Cat: `ASCEND910B_DTYPE_SUPPORT_LIST` of
    /// `conversion/concat_d/op_api/aclnn_cat.cpp` (NpuArch DAV_2201 and
    /// DAV_3002): no complex128, no unsigned but uint8.
    pub const CAT: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, C64, BF, B];
    /// Roll: `ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST` of
    /// `conversion/roll/op_api/aclnn_roll.cpp` (through
    /// `GetDtypeSupportListV1` on SocVersion ASCEND910B and ASCEND910_93):
    /// no float64, no complex.
    pub const ROLL: &[DType] = &[F32, F16, I8, U8, I32, U32, B, I64, BF, I16];
    /// Arange: `ASCEND910B_INPUT_DTYPE_SUPPORT_LIST` of
    /// `math/range/op_api/aclnn_arange.cpp` (the bounds' dtypes); out takes
    /// F16 BF16 F32 F64 I32 I64 (`ASCEND910B_OUTPUT_DTYPE_SUPPORT_LIST`),
    /// and xpush sends int32, int64, float32 and float64 results only.
    pub const ARANGE: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, B, BF];
    /// Rsubs: `ASCEND910B_DTYPE_SUPPORT_LIST` of `math/sub/op_api/aclnn_rsub.cpp`
    /// (no bool, no unsigned but uint8).
    pub const RSUB: &[DType] = &[F32, F16, I64, I32, I8, U8, I16, F64, C64, C128, BF];
    /// BitwiseOrScalar: `DTYPE_SUPPORT_LIST_DEFAULT` of
    /// `math/bitwise_or/op_api/aclnn_bitwise_or_scalar.cpp` (the tensor
    /// form's list without uint32/uint64).
    pub const BITWISE_OR_SCALAR: &[DType] = &[I8, I16, I32, I64, U8, B, U16];
    /// BitwiseXorScalar: `DTYPE_SUPPORT_LIST_DEFAULT` of
    /// `math/bitwise_xor/op_api/aclnn_bitwise_xor_scalar.cpp`.
    pub const BITWISE_XOR_SCALAR: &[DType] = &[I8, I16, I32, I64, U8, B];
    /// All and Any: `Ascend910B_self_dtype_support_list` of
    /// `math/reduce_all/op_api/aclnn_all.cpp` and
    /// `ASCEND910B_DTYPE_DTYPE_SUPPORT_LIST` of
    /// `math/reduce_any/op_api/aclnn_any.cpp` (the out is BOOL).
    pub const ALL_ANY: &[DType] = &[F32, F16, U8, I8, I16, I32, I64, B, F64, BF];
    /// InplaceZero: `DTYPE_SUPPORT_LIST` of `math/zero_op/op_api/aclnn_zero.cpp`
    /// (no uint32/uint64).
    pub const ZERO: &[DType] = &[I8, I32, I64, U8, F16, F32, B, F64, I16, U16, C128, C64, BF];
    /// InplaceOne: `ASCEND910B_DTYPE_SUPPORT_LIST` of
    /// `math/ones_like/op_api/aclnn_ones.cpp` (no complex, no uint16..uint64).
    pub const ONE: &[DType] = &[F32, F16, I8, I16, I32, I64, U8, B, F64, BF];
    pub const ALL: &[DType] = &[
        B, I8, I16, I32, I64, U8, U16, U32, U64, F16, BF, F32, F64, C64, C128,
    ];
}

/// One row of the table: an aclnn op, the dtypes it accepts on the 910B,
/// and whether it only moves data (never demoted).
#[derive(Clone, Copy, Debug)]
pub struct OpSupport {
    /// The aclnn op (`"aclnnAdd"`).
    pub aclnn: &'static str,
    /// Input dtypes accepted on the 910B.
    pub accepts: &'static [DType],
    /// A data-movement op (cast, copy, where): float64 is not demoted.
    pub moves_data: bool,
}

macro_rules! table {
    ($($name:literal $list:ident $moves:literal;)*) => {
        /// What each aclnn op the ascend backend calls accepts on the 910B.
        pub const TABLE: &[OpSupport] = &[
            $(OpSupport { aclnn: $name, accepts: lists::$list, moves_data: $moves },)*
        ];
    };
}

table! {
    "aclnnAdd" ADD false;
    "aclnnAdds" ADD false;
    "aclnnSub" ADD false;
    "aclnnSubs" ADD false;
    "aclnnMul" MUL false;
    "aclnnMuls" MUL false;
    "aclnnDiv" DIV false;
    "aclnnDivs" DIV false;
    "aclnnAddcmul" ADDCMUL false;
    "aclnnAddcdiv" ADDCDIV false;
    "aclnnNeg" NEG false;
    "aclnnAbs" ABS false;
    "aclnnExp" EXP false;
    "aclnnLog" LOG false;
    "aclnnSqrt" FLOAT_FN false;
    "aclnnSin" FLOAT_FN false;
    "aclnnCos" FLOAT_FN false;
    "aclnnTanh" TANH false;
    "aclnnEqTensor" EQ false;
    "aclnnNeTensor" EQ false;
    "aclnnEqScalar" EQ false;
    "aclnnLtScalar" LT false;
    "aclnnGtScalar" LT false;
    "aclnnLeScalar" LE false;
    "aclnnGeScalar" GE false;
    "aclnnNeScalar" EQ false;
    "aclnnRsubs" RSUB false;
    "aclnnFloorDivides" FLOOR_DIVIDE false;
    "aclnnRemainderTensorScalar" REMAINDER false;
    "aclnnRemainderScalarTensor" REMAINDER false;
    "aclnnFmodScalar" FMOD false;
    "aclnnPowTensorScalar" POW false;
    "aclnnPowScalarTensor" POW false;
    "aclnnBitwiseAndScalar" BITWISE_AND false;
    "aclnnBitwiseOrScalar" BITWISE_OR_SCALAR false;
    "aclnnBitwiseXorScalar" BITWISE_XOR_SCALAR false;
    "aclnnLtTensor" LT false;
    "aclnnGtTensor" LT false;
    "aclnnLeTensor" LE false;
    "aclnnGeTensor" GE false;
    "aclnnReduceSum" SUM false;
    "aclnnMean" MEAN false;
    "aclnnProd" PROD false;
    "aclnnProdDim" PROD false;
    "aclnnAmax" MAX false;
    "aclnnAmin" MAX false;
    "aclnnAll" ALL_ANY false;
    "aclnnAny" ALL_ANY false;
    "aclnnMax" MAX false;
    "aclnnMin" MAX false;
    "aclnnMatmul" MATMUL false;
    "aclnnSort" SORT true;
    "aclnnCast" ALL true;
    "aclnnInplaceCopy" ALL true;
    "aclnnSWhere" SWHERE true;
    "aclnnRound" ROUND false;
    "aclnnLogicalNot" LOGICAL_NOT false;
    "aclnnReal" REAL false;
    "aclnnRemainderTensorTensor" REMAINDER false;
    "aclnnFloorDivide" FLOOR_DIVIDE false;
    "aclnnPowTensorTensor" POW false;
    "aclnnArgMax" ARGMAX false;
    "aclnnArgMin" ARGMAX false;
    "aclnnCumsum" CUMSUM false;
    "aclnnFloor" FLOOR false;
    "aclnnCeil" CEIL false;
    "aclnnTrunc" TRUNC false;
    "aclnnSign" SIGN false;
    "aclnnSignbit" SIGNBIT false;
    "aclnnTan" FLOAT_FN false;
    "aclnnAsin" REAL_FN false;
    "aclnnAcos" REAL_FN false;
    "aclnnAtan" REAL_FN false;
    "aclnnSinh" FLOAT_FN false;
    "aclnnCosh" FLOAT_FN false;
    "aclnnAsinh" FLOAT_FN false;
    "aclnnAcosh" FLOAT_FN false;
    "aclnnAtanh" FLOAT_FN false;
    "aclnnLog2" FLOAT_FN false;
    "aclnnLog10" FLOAT_FN false;
    "aclnnLog1p" REAL_FN false;
    "aclnnExpm1" EXPM1 false;
    "aclnnExp2" REAL_FN false;
    "aclnnReciprocal" RECIPROCAL false;
    "aclnnBitwiseNot" BITWISE_NOT false;
    "aclnnAtan2" REAL_FN false;
    "aclnnFmodTensor" FMOD false;
    "aclnnGcd" GCD false;
    "aclnnBitwiseAndTensor" BITWISE_AND false;
    "aclnnBitwiseOrTensor" BITWISE_OR false;
    "aclnnBitwiseXorTensor" BITWISE_NOT false;
    "aclnnLogicalXor" LOGICAL_XOR false;
    "aclnnLogicalAnd" LOGICAL_AND false;
    "aclnnLogicalOr" LOGICAL_AND false;
    "aclnnLogAddExp" LOG_ADD_EXP false;
    "aclnnLogAddExp2" LOG_ADD_EXP false;
    "aclnnIsFinite" IS_FINITE false;
    "aclnnIndexSelect" INDEX_SELECT true;
    "aclnnIndexPutImpl" INDEX_PUT true;
    "aclnnVarCorrection" VAR false;
    "aclnnStd" VAR false;
    "aclnnCumprod" CUMPROD false;
    "aclnnInplaceFillScalar" FILL true;
    "aclnnInplaceZero" ZERO true;
    "aclnnInplaceOne" ONE true;
    "aclnnEye" EYE true;
    "aclnnTril" TRI true;
    "aclnnTriu" TRI true;
    "aclnnFlip" FLIP true;
    "aclnnCat" CAT true;
    "aclnnArange" ARANGE true;
    "aclnnRoll" ROLL true;
    "aclnnSearchSorted" SEARCH_SORTED true;
    "aclnnNonzero" NONZERO true;
    "aclnnBincount" BINCOUNT true;
}

/// Dtypes an op accepts on the 910B that xpush computes on the host all
/// the same, in every float64 mode, because the op's result is not
/// NumPy's for them. Listed here rather than left out of the op's row, so
/// the row stays what the 910B takes (and float64 mode `off` does not
/// claim the NPU refuses them).
pub const ON_HOST: &[(&str, &[DType], &str)] = &[
    (
        "aclnnSign",
        &[C64, C128],
        "CANN's complex sign is a·cos θ + b·sin θ·i with θ = atan(im/re) and a, b the signs of the parts, not NumPy's z/|z|",
    ),
    (
        "aclnnSearchSorted",
        &[F16, F32, F64],
        "CANN's kernel bisects with `!(mid >= key)`, so NaN (in the sequence or searched for) is not NumPy's largest value",
    ),
];

/// Why xpush computes `aclnn` on dtype `d` on the host although the 910B
/// accepts it ([`ON_HOST`]), if it does.
pub fn on_host(aclnn: &str, d: DType) -> Option<&'static str> {
    ON_HOST
        .iter()
        .find(|(op, ds, _)| *op == aclnn && ds.contains(&d))
        .map(|(_, _, why)| *why)
}

/// The table row of an aclnn op, if the ascend backend maps it.
pub fn support(aclnn: &str) -> Option<&'static OpSupport> {
    TABLE.iter().find(|r| r.aclnn == aclnn)
}
