//! Issue 28: every ufunc with an aclnn counterpart runs on the NPU. This
//! list names them (the op, or the op a composition is checked against);
//! the test fails when one of them is marked host (`aclnn_for` is `None`)
//! or names an op the 910B table does not have, so a mapping cannot be
//! dropped silently. Ufuncs left on the host on purpose are listed with
//! the reason.

use xpush_npu::ascend::backend::AscendBackend;
use xpush_npu::ascend::policy::support;
use xpush_npu::ops::{BinaryOp as B, Op, ReduceOp, UnaryOp as U};

/// Ufuncs that must map, with the aclnn op `aclnn_for` names.
const MAPPED: &[(Op, &str)] = &[
    (Op::Unary(U::Negative), "aclnnNeg"),
    (Op::Unary(U::Absolute), "aclnnAbs"),
    (Op::Unary(U::Fabs), "aclnnAbs"),
    (Op::Unary(U::Sign), "aclnnSign"),
    (Op::Unary(U::Signbit), "aclnnSignbit"),
    (Op::Unary(U::Sqrt), "aclnnSqrt"),
    (Op::Unary(U::Square), "aclnnMul"),
    (Op::Unary(U::Reciprocal), "aclnnReciprocal"),
    (Op::Unary(U::Exp), "aclnnExp"),
    (Op::Unary(U::Exp2), "aclnnExp2"),
    (Op::Unary(U::Expm1), "aclnnExpm1"),
    (Op::Unary(U::Log), "aclnnLog"),
    (Op::Unary(U::Log2), "aclnnLog2"),
    (Op::Unary(U::Log10), "aclnnLog10"),
    (Op::Unary(U::Log1p), "aclnnLog1p"),
    (Op::Unary(U::Sin), "aclnnSin"),
    (Op::Unary(U::Cos), "aclnnCos"),
    (Op::Unary(U::Tan), "aclnnTan"),
    (Op::Unary(U::Arcsin), "aclnnAsin"),
    (Op::Unary(U::Arccos), "aclnnAcos"),
    (Op::Unary(U::Arctan), "aclnnAtan"),
    (Op::Unary(U::Sinh), "aclnnSinh"),
    (Op::Unary(U::Cosh), "aclnnCosh"),
    (Op::Unary(U::Tanh), "aclnnTanh"),
    (Op::Unary(U::Arcsinh), "aclnnAsinh"),
    (Op::Unary(U::Arccosh), "aclnnAcosh"),
    (Op::Unary(U::Arctanh), "aclnnAtanh"),
    (Op::Unary(U::Floor), "aclnnFloor"),
    (Op::Unary(U::Ceil), "aclnnCeil"),
    (Op::Unary(U::Trunc), "aclnnTrunc"),
    (Op::Unary(U::Rint), "aclnnRound"),
    (Op::Unary(U::Isnan), "aclnnNeTensor"),
    (Op::Unary(U::Isinf), "aclnnSub"),
    (Op::Unary(U::Isfinite), "aclnnIsFinite"),
    (Op::Unary(U::LogicalNot), "aclnnLogicalNot"),
    (Op::Unary(U::Invert), "aclnnBitwiseNot"),
    (Op::Unary(U::Real), "aclnnReal"),
    (Op::Unary(U::Imag), "aclnnInplaceCopy"),
    (Op::Binary(B::Add), "aclnnAdd"),
    (Op::Binary(B::Subtract), "aclnnSub"),
    (Op::Binary(B::Multiply), "aclnnMul"),
    (Op::Binary(B::TrueDivide), "aclnnDiv"),
    (Op::Binary(B::FloorDivide), "aclnnFloorDivide"),
    (Op::Binary(B::Remainder), "aclnnRemainderTensorTensor"),
    (Op::Binary(B::Fmod), "aclnnFmodTensor"),
    (Op::Binary(B::Power), "aclnnPowTensorTensor"),
    (Op::Binary(B::Maximum), "aclnnGtTensor"),
    (Op::Binary(B::Minimum), "aclnnLtTensor"),
    (Op::Binary(B::Fmax), "aclnnGtTensor"),
    (Op::Binary(B::Fmin), "aclnnLtTensor"),
    (Op::Binary(B::Arctan2), "aclnnAtan2"),
    (Op::Binary(B::Logaddexp), "aclnnLogAddExp"),
    (Op::Binary(B::Logaddexp2), "aclnnLogAddExp2"),
    (Op::Binary(B::Gcd), "aclnnGcd"),
    (Op::Binary(B::BitwiseAnd), "aclnnBitwiseAndTensor"),
    (Op::Binary(B::BitwiseOr), "aclnnBitwiseOrTensor"),
    (Op::Binary(B::BitwiseXor), "aclnnBitwiseXorTensor"),
    (Op::Binary(B::LogicalAnd), "aclnnLogicalAnd"),
    (Op::Binary(B::LogicalOr), "aclnnLogicalOr"),
    (Op::Binary(B::LogicalXor), "aclnnLogicalXor"),
    (Op::Binary(B::Equal), "aclnnEqTensor"),
    (Op::Binary(B::NotEqual), "aclnnNeTensor"),
    (Op::Binary(B::Less), "aclnnLtTensor"),
    (Op::Binary(B::LessEqual), "aclnnLeTensor"),
    (Op::Binary(B::Greater), "aclnnGtTensor"),
    (Op::Binary(B::GreaterEqual), "aclnnGeTensor"),
];

/// Ufuncs that stay on the host for now, and why. A ufunc in neither list
/// fails the test: a new one has to be placed.
const HOST: &[(Op, &str)] = &[
    (
        Op::Unary(U::Positive),
        "a copy; no kernel needed beyond aclnnInplaceCopy (to map)",
    ),
    (Op::Unary(U::Cbrt), "no aclnnCbrt in ops-math"),
    (
        Op::Unary(U::Deg2rad),
        "a multiply by a constant (aclnnMuls; to map)",
    ),
    (
        Op::Unary(U::Rad2deg),
        "a multiply by a constant (aclnnMuls; to map)",
    ),
    (
        Op::Unary(U::BitwiseCount),
        "no aclnnBitwiseCount in ops-math",
    ),
    (
        Op::Unary(U::Conjugate),
        "no conj op in the 910B table yet (to map)",
    ),
    (
        Op::Unary(U::Angle),
        "arctan2(imag, real) composition (to map)",
    ),
    (Op::Unary(U::Sinc), "NumPy's Python composition (to map)"),
    (Op::Unary(U::Spacing), "no aclnn counterpart"),
    (
        Op::Binary(B::FloatPower),
        "float64/complex128 only: demoted power (to map)",
    ),
    (
        Op::Binary(B::Hypot),
        "no aclnnHypot in ops-math; sqrt(x*x + y*y) overflows where hypot does not",
    ),
    (Op::Binary(B::Copysign), "no aclnnCopysign in ops-math"),
    (Op::Binary(B::Nextafter), "no aclnn counterpart"),
    (Op::Binary(B::Ldexp), "no aclnn counterpart"),
    (Op::Binary(B::Heaviside), "no aclnn counterpart"),
    (Op::Binary(B::Lcm), "no aclnnLcm in ops-math"),
    (
        Op::Binary(B::LeftShift),
        "aclnnLeftShift: NumPy's shifts by >= the bit width give 0, CANN's are not documented",
    ),
    (Op::Binary(B::RightShift), "aclnnRightShift: as left_shift"),
];

#[test]
fn ufuncs_with_an_aclnn_counterpart_map() {
    for &(op, want) in MAPPED {
        let got = AscendBackend::aclnn_for(op);
        assert_eq!(
            got,
            Some(want),
            "{} must run on the NPU through {want}",
            op.name()
        );
        assert!(
            support(want).is_some(),
            "{want} ({}) has no row in the 910B table",
            op.name()
        );
    }
}

#[test]
fn every_ufunc_is_placed() {
    let ops = U::ALL
        .iter()
        .map(|&u| Op::Unary(u))
        .chain(B::ALL.iter().map(|&b| Op::Binary(b)));
    for op in ops {
        let mapped = MAPPED.iter().any(|(o, _)| *o == op);
        let host = HOST.iter().any(|(o, _)| *o == op);
        assert!(
            mapped || host,
            "{} is in neither list of npu/tests/ufunc_aclnn_mapping.rs",
            op.name()
        );
        if host && AscendBackend::aclnn_for(op).is_some() {
            panic!(
                "{} now maps to {:?}: move it to MAPPED",
                op.name(),
                AscendBackend::aclnn_for(op)
            );
        }
    }
}

/// Reductions, scans and creation ops with an aclnn counterpart (issue
/// 28): each must map to it. The match in `reduce_counterpart` is
/// exhaustive, so a new reduction has to be placed here.
const OTHER_MAPPED: &[(Op, &str)] = &[
    (Op::Fill, "aclnnInplaceFillScalar"),
    (Op::Eye, "aclnnEye"),
    (Op::Tril, "aclnnTril"),
    (Op::Triu, "aclnnTriu"),
    (Op::Concat, "aclnnCat"),
    (Op::Roll, "aclnnRoll"),
    (Op::Arange, "aclnnArange"),
    (Op::Sort, "aclnnSort"),
    (Op::SearchSorted, "aclnnSearchSorted"),
    (Op::Nonzero, "aclnnNonzero"),
    (Op::Bincount, "aclnnBincount"),
];

/// aclnn ops the backend calls inside other calls (not an `Op` of their
/// own): each must be in the 910B table, which decides when it is used.
const INTERNAL: &[&str] = &[
    "aclnnFlip",
    "aclnnProdDim",
    "aclnnInplaceZero",
    "aclnnInplaceOne",
];

#[test]
fn internal_ops_have_a_table_row() {
    for name in INTERNAL {
        assert!(
            support(name).is_some(),
            "{name} has no row in the 910B table"
        );
    }
}

/// The aclnn op each reduction must run through (or the op its
/// composition is checked against).
fn reduce_counterpart(r: ReduceOp) -> &'static str {
    match r {
        ReduceOp::Sum => "aclnnReduceSum",
        ReduceOp::Prod => "aclnnProd",
        ReduceOp::Min => "aclnnAmin",
        ReduceOp::Max => "aclnnAmax",
        ReduceOp::All => "aclnnAll",
        ReduceOp::Any => "aclnnAny",
        ReduceOp::Argmin => "aclnnArgMin",
        ReduceOp::Argmax => "aclnnArgMax",
        ReduceOp::Mean => "aclnnMean",
        ReduceOp::Var => "aclnnVarCorrection",
        ReduceOp::Std => "aclnnStd",
        ReduceOp::Cumsum => "aclnnCumsum",
        ReduceOp::Cumprod => "aclnnCumprod",
    }
}

const REDUCTIONS: &[ReduceOp] = &[
    ReduceOp::Sum,
    ReduceOp::Prod,
    ReduceOp::Min,
    ReduceOp::Max,
    ReduceOp::Argmin,
    ReduceOp::Argmax,
    ReduceOp::All,
    ReduceOp::Any,
    ReduceOp::Mean,
    ReduceOp::Var,
    ReduceOp::Std,
    ReduceOp::Cumsum,
    ReduceOp::Cumprod,
];

#[test]
fn reductions_and_creation_with_an_aclnn_counterpart_map() {
    let ops = REDUCTIONS
        .iter()
        .map(|&r| (Op::Reduce(r), reduce_counterpart(r)))
        .chain(OTHER_MAPPED.iter().copied());
    for (op, want) in ops {
        assert_eq!(
            AscendBackend::aclnn_for(op),
            Some(want),
            "{} must run on the NPU through {want}",
            op.name()
        );
        assert!(
            support(want).is_some(),
            "{want} ({}) has no row in the 910B table",
            op.name()
        );
    }
}

/// The binary ufuncs with an aclnn scalar form, by the side the Python
/// scalar is on (`x OP s`, `s OP x`): each must map to it, so an array
/// and a scalar never upload the scalar. A binary ufunc of MAPPED that is
/// in neither list has no scalar form on that side in ops-math.
const SCALAR_RIGHT: &[(B, &str)] = &[
    (B::Add, "aclnnAdds"),
    (B::Subtract, "aclnnSubs"),
    (B::Multiply, "aclnnMuls"),
    (B::TrueDivide, "aclnnDivs"),
    (B::FloorDivide, "aclnnFloorDivides"),
    (B::Remainder, "aclnnRemainderTensorScalar"),
    (B::Fmod, "aclnnFmodScalar"),
    (B::Power, "aclnnPowTensorScalar"),
    (B::BitwiseAnd, "aclnnBitwiseAndScalar"),
    (B::BitwiseOr, "aclnnBitwiseOrScalar"),
    (B::BitwiseXor, "aclnnBitwiseXorScalar"),
    (B::Equal, "aclnnEqScalar"),
    (B::NotEqual, "aclnnNeScalar"),
    (B::Less, "aclnnLtScalar"),
    (B::LessEqual, "aclnnLeScalar"),
    (B::Greater, "aclnnGtScalar"),
    (B::GreaterEqual, "aclnnGeScalar"),
];
const SCALAR_LEFT: &[(B, &str)] = &[
    (B::Add, "aclnnAdds"),
    (B::Subtract, "aclnnRsubs"),
    (B::Multiply, "aclnnMuls"),
    (B::Remainder, "aclnnRemainderScalarTensor"),
    (B::Power, "aclnnPowScalarTensor"),
    (B::BitwiseAnd, "aclnnBitwiseAndScalar"),
    (B::BitwiseOr, "aclnnBitwiseOrScalar"),
    (B::BitwiseXor, "aclnnBitwiseXorScalar"),
    (B::Equal, "aclnnEqScalar"),
    (B::NotEqual, "aclnnNeScalar"),
    (B::Less, "aclnnGtScalar"),
    (B::LessEqual, "aclnnGeScalar"),
    (B::Greater, "aclnnLtScalar"),
    (B::GreaterEqual, "aclnnLeScalar"),
];

#[test]
fn scalar_forms_map_on_each_side() {
    for (list, first) in [(SCALAR_RIGHT, false), (SCALAR_LEFT, true)] {
        for &(op, want) in list {
            assert_eq!(
                AscendBackend::aclnn_scalar_for(op, first),
                Some(want),
                "{} with a scalar {} must run through {want}",
                op.name(),
                if first { "first" } else { "second" }
            );
            assert!(
                support(want).is_some(),
                "{want} has no row in the 910B table"
            );
        }
        for &b in B::ALL {
            if !list.iter().any(|(o, _)| *o == b) {
                assert_eq!(
                    AscendBackend::aclnn_scalar_for(b, first),
                    None,
                    "{} has a scalar form: add it to the list",
                    b.name()
                );
            }
        }
    }
}
