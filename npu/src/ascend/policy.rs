//! The NPU dtype policy: one table of what each aclnn op accepts on the
//! 910B (Atlas A2; research notes §6.2, "accepted by API on A2 (L2)"), and
//! one decision per op × dtype × float64 mode: run natively, demote, run
//! on the host, or raise (DESIGN §2).
//!
//! | input dtype | accepted by the op | `float32` (default) | `cpu` | `off` |
//! |---|---|---|---|---|
//! | float64 / complex128 | yes | demote to float32 / complex64 | host (exact) | native |
//! | float64 / complex128 | no | demote | host | `NotImplementedError` naming op and mode |
//! | int64 | only int32 | demote to int32 | host | host |
//! | anything else | no (uint64, uint16, bool where refused, ...) | host | host | host |
//! | any | op missing from the install or not mapped | host, with a note | host | host |
//!
//! Data-movement ops (cast, copy, where) are never demoted: they move
//! float64 values unchanged where the table accepts them.

use crate::dtype::DType;
use crate::error::{Error, Result};

use DType::{
    BFloat16 as BF, Bool as B, Complex128 as C128, Complex64 as C64, Float16 as F16,
    Float32 as F32, Float64 as F64, Int16 as I16, Int32 as I32, Int64 as I64, Int8 as I8,
    UInt16 as U16, UInt32 as U32, UInt64 as U64, UInt8 as U8,
};

/// How float64/complex128 work runs on the NPU (`:mode float64=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Float64Mode {
    /// Demote to float32/complex64 at dispatch, compute on the NPU, cast
    /// the result back (numpy-ascend's default).
    #[default]
    Float32,
    /// Run the op exactly on the cpu device, with copies there and back.
    Cpu,
    /// Native double where the op takes it; otherwise an error naming the
    /// op and the mode.
    Off,
}

impl Float64Mode {
    /// The mode's name (`float32`, `cpu`, `off`).
    pub fn name(self) -> &'static str {
        match self {
            Float64Mode::Float32 => "float32",
            Float64Mode::Cpu => "cpu",
            Float64Mode::Off => "off",
        }
    }

    /// Parses a mode name (case-insensitive; `float32`, `cpu`, `off`).
    pub fn parse(s: &str) -> Result<Float64Mode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "float32" => Ok(Float64Mode::Float32),
            "cpu" => Ok(Float64Mode::Cpu),
            "off" => Ok(Float64Mode::Off),
            _ => Err(Error::value_error(format!(
                "unknown float64 mode '{s}' (expected 'float32', 'cpu' or 'off')"
            ))),
        }
    }

    /// The mode set in the environment, if any, read through `var` (pass
    /// `|k| std::env::var(k).ok()`), in this order:
    /// 1. `XPUSH_FLOAT64_MODE` (xpush's own);
    /// 2. `CUPY_ASCEND_FLOAT64_MODE` (the name numpy-ascend users know);
    /// 3. legacy `CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32=1`, meaning
    ///    `float32` (any other value is ignored).
    ///
    /// A set but unknown value is a `ValueError` naming the variable.
    pub fn from_env(var: &dyn Fn(&str) -> Option<String>) -> Result<Option<Float64Mode>> {
        for k in ["XPUSH_FLOAT64_MODE", "CUPY_ASCEND_FLOAT64_MODE"] {
            if let Some(v) = var(k) {
                return Float64Mode::parse(&v)
                    .map(Some)
                    .map_err(|e| Error::value_error(format!("{k}: {}", e.msg())));
            }
        }
        if var("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32").as_deref() == Some("1") {
            return Ok(Some(Float64Mode::Float32));
        }
        Ok(None)
    }
}

/// The accepted-dtype lists (research notes §6.2).
mod lists {
    use super::*;
    pub const ADD: &[DType] = &[F32, I32, I64, F16, I16, I8, U8, F64, B, BF, C64, C128];
    pub const MUL: &[DType] = &[F32, F16, I32, F64, I8, U8, I16, I64, B, C128, C64, BF];
    pub const DIV: &[DType] = &[F16, F32, I64, I32, I16, I8, U8, F64, B, BF, C64, C128];
    pub const NEG: &[DType] = &[I8, I32, I64, F16, F32, F64, C64, C128, BF];
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
    pub const SWHERE: &[DType] = &[
        F32, I32, U64, I64, U32, F16, U16, I16, I8, U8, F64, B, C64, C128, BF,
    ];
    pub const ROUND: &[DType] = &[F32, F16, BF, F64, I32, I64];
    /// The research notes give aclnnReal's prototype but no dtype list:
    /// xpush sends it complex tensors only (a refusal falls back to the
    /// host); the real part of a float tensor is a copy (aclnnInplaceCopy,
    /// so float64 runs under `off`); integers go to the host.
    pub const REAL: &[DType] = &[F16, BF, F32, F64, C64, C128];
    pub const LOGICAL_NOT: &[DType] = &[U8, I8, I16, I32, I64, F16, F32, F64, B, BF];
    pub const REMAINDER: &[DType] = &[I32, I64, F16, F32, F64, BF];
    pub const FLOOR_DIVIDE: &[DType] = &[F16, F32, I64, I32, I16, I8, U8, F64, B, BF];
    /// The 910B takes integer Pow too, but NumPy raises for negative
    /// integer exponents: xpush runs integer powers on the host.
    pub const POW: &[DType] = &[F32, F16, F64, C64, C128, BF];
    pub const ARGMAX: &[DType] = &[F32, F16, F64, I8, I16, I32, I64, U8, BF];
    pub const CUMSUM: &[DType] = &[F32, F16, I32, F64, U8, I8, I16, I64, C64, C128, BF];
    pub const INDEX_SELECT: &[DType] = &[
        F32, I32, I64, F16, I16, I8, U8, B, U64, U32, U16, F64, C64, C128, BF,
    ];
    /// selfRef and values; not in the research notes' table: from the op's
    /// README in ops-nn (`index/index_put_v2/README.md`, Atlas A2 listed).
    pub const INDEX_PUT: &[DType] = &[F32, F16, F64, I32, I64, I16, I8, U8, B, BF];
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
    "aclnnMax" MAX false;
    "aclnnMin" MAX false;
    "aclnnMatmul" MATMUL false;
    "aclnnSort" SORT false;
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
    "aclnnIndexSelect" INDEX_SELECT true;
    "aclnnIndexPutImpl" INDEX_PUT true;
}

/// The table row of an aclnn op, if the ascend backend maps it.
pub fn support(aclnn: &str) -> Option<&'static OpSupport> {
    TABLE.iter().find(|r| r.aclnn == aclnn)
}

/// How one op call runs on the NPU.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// On the NPU in the given dtype.
    Native,
    /// On the NPU with inputs cast to `to`, the result cast back.
    Demote {
        /// The dtype computed in.
        to: DType,
    },
    /// On the cpu device, with copies there and back; `note` says why.
    Host {
        /// Why (for `:profile`).
        note: String,
    },
    /// Not run: the error to raise.
    Raise(Error),
}

/// The float64-class dtype's demotion (float64 -> float32, complex128 ->
/// complex64).
fn demote_double(d: DType) -> Option<DType> {
    match d {
        F64 => Some(F32),
        C128 => Some(C64),
        _ => None,
    }
}

/// Decides how `aclnn` runs on inputs of dtype `d` under `mode`. `aclnn`
/// is `None` for an op the ascend backend does not map (`op` names it).
pub fn decide(op: &str, aclnn: Option<&str>, d: DType, mode: Float64Mode) -> Plan {
    let double = demote_double(d).is_some();
    // Not mapped (or not in the table): the host, in every mode, as the
    // table above says; `off` only refuses what the 910B itself rejects.
    let Some(row) = aclnn.and_then(support) else {
        return Plan::Host {
            note: format!("{op}: no aclnn mapping; ran on the cpu"),
        };
    };
    let accepted = row.accepts.contains(&d);
    if double && !row.moves_data {
        return match mode {
            Float64Mode::Float32 => match demote_double(d) {
                Some(to) if row.accepts.contains(&to) => Plan::Demote { to },
                _ => Plan::Host {
                    note: format!("{}: {} not accepted, even demoted", row.aclnn, d.name()),
                },
            },
            Float64Mode::Cpu => Plan::Host {
                note: format!("{} of {} (float64 mode 'cpu')", row.aclnn, d.name()),
            },
            Float64Mode::Off if accepted => Plan::Native,
            Float64Mode::Off => Plan::Raise(Error::not_implemented(format!(
                "{} does not support {} on the NPU (float64 mode 'off')",
                row.aclnn,
                d.name()
            ))),
        };
    }
    if accepted {
        return Plan::Native;
    }
    if d == I64 && mode == Float64Mode::Float32 && row.accepts.contains(&I32) && !row.moves_data {
        return Plan::Demote { to: I32 };
    }
    Plan::Host {
        note: format!(
            "{} does not take {} on the 910B; ran on the cpu",
            row.aclnn,
            d.name()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_and_env() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Float64Mode::from_env(&env(&[])).unwrap(), None);
        assert_eq!(
            Float64Mode::from_env(&env(&[("XPUSH_FLOAT64_MODE", "cpu")])).unwrap(),
            Some(Float64Mode::Cpu)
        );
        assert_eq!(
            Float64Mode::from_env(&env(&[
                ("CUPY_ASCEND_FLOAT64_MODE", "off"),
                ("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32", "1")
            ]))
            .unwrap(),
            Some(Float64Mode::Off)
        );
        assert_eq!(
            Float64Mode::from_env(&env(&[("CUPY_ASCEND_ENABLE_FLOAT64_TO_FLOAT32", "1")])).unwrap(),
            Some(Float64Mode::Float32)
        );
        let e = Float64Mode::from_env(&env(&[("XPUSH_FLOAT64_MODE", "fast")])).unwrap_err();
        assert!(e
            .msg()
            .starts_with("XPUSH_FLOAT64_MODE: unknown float64 mode 'fast'"));
    }

    #[test]
    fn decisions() {
        use Float64Mode::*;
        let m = Some("aclnnMatmul");
        assert_eq!(decide("matmul", m, F32, Off), Plan::Native);
        assert_eq!(decide("matmul", m, F64, Float32), Plan::Demote { to: F32 });
        assert!(matches!(decide("matmul", m, F64, Cpu), Plan::Host { .. }));
        let Plan::Raise(e) = decide("matmul", m, F64, Off) else {
            panic!()
        };
        assert_eq!(
            e.to_string(),
            "NotImplementedError: aclnnMatmul does not support float64 on the NPU (float64 mode 'off')"
        );
        assert_eq!(decide("add", Some("aclnnAdd"), F64, Off), Plan::Native);
        assert!(matches!(
            decide("add", Some("aclnnAdd"), U64, Off),
            Plan::Host { .. }
        ));
        assert_eq!(
            decide("cast", Some("aclnnCast"), F64, Float32),
            Plan::Native
        );
        assert!(matches!(
            decide("gcd", None, I32, Float32),
            Plan::Host { .. }
        ));
    }
}
