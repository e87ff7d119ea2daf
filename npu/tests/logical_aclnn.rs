//! Issue 28, ufuncs that had compositions or ran on the host:
//! `logical_and`/`logical_or` (`aclnnLogicalAnd`/`aclnnLogicalOr`, were
//! casts and a multiply or add), `isfinite` (`aclnnIsFinite`, was
//! `d == d` with `d = x - x`) and `logaddexp`/`logaddexp2`
//! (`aclnnLogAddExp`/`aclnnLogAddExp2`, were on the host), on `npu:0`
//! through acl-sim. Each call must run natively through its one aclnn op
//! and give NumPy's values (python3's output written out, and the cpu's
//! bit for bit).

mod ascend_support;

use xpush_npu::device::Device;
use xpush_npu::ops::{self, BinaryOp, ExecKind, Float64Mode, UnaryOp};
use xpush_npu::ToDevice;
use xpush_npu::{Array, DType};

use ascend_support::{dispatch_setup as setup, recorded, scalar_texts};

fn npu(h: &Array) -> Array {
    h.to_device(Device::Npu(0)).unwrap()
}

/// The npu call's records ran `aclnn` as `how` and nothing on the host.
fn ran(recs: &[ops::OpRecord], aclnn: &str, how: ExecKind) {
    assert!(
        recs.iter().any(|r| r.aclnn == Some(aclnn) && r.how == how),
        "{aclnn} did not run ({how:?}): {recs:?}"
    );
    assert!(
        recs.iter().all(|r| r.how != ExecKind::HostFallback),
        "{recs:?}"
    );
}

/// `op(x, y)` on the npu under float64 mode `float32` equals the cpu's
/// result (dtype, and values when native) and ran as `how` through
/// `aclnn`; returns the npu result on the host.
fn binary_through(op: BinaryOp, x: &Array, y: &Array, aclnn: &str, how: ExecKind) -> Array {
    binary_in(Float64Mode::Float32, op, x, y, aclnn, how)
}

fn binary_in(
    mode: Float64Mode,
    op: BinaryOp,
    x: &Array,
    y: &Array,
    aclnn: &str,
    how: ExecKind,
) -> Array {
    let want = ops::binary(op, x, y).unwrap();
    let (got, recs) = recorded(mode, || ops::binary(op, &npu(x), &npu(y)).unwrap());
    assert_eq!(got.device(), Device::Npu(0));
    assert_eq!(got.dtype(), want.dtype(), "{} of {}", op.name(), x.dtype());
    assert_eq!(got.shape(), want.shape());
    if how == ExecKind::Native {
        assert_eq!(
            scalar_texts(&got),
            scalar_texts(&want),
            "{} of {}",
            op.name(),
            x.dtype()
        );
    }
    ran(&recs, aclnn, how);
    got.to_device(Device::Cpu).unwrap()
}

fn bools(a: &Array) -> Vec<bool> {
    a.astype(DType::Bool).to_vec::<bool>().unwrap()
}

#[test]
fn logical_and_or_run_as_one_aclnn_op_for_every_dtype_it_takes() {
    let _s = setup();
    // NumPy: np.logical_and/or of [0, 2, -1, 0] and [3, 0, 5, 0].
    let x = Array::from_vec(vec![0.0f64, 2.0, -1.0, 0.0], &[4]).unwrap();
    let y = Array::from_vec(vec![3.0f64, 0.0, 5.0, 0.0], &[2, 2]).unwrap();
    let y = y.reshape(&[4]).unwrap();
    for d in [
        DType::Bool,
        DType::Int8,
        DType::Int32,
        DType::Int64,
        DType::Float16,
        DType::Float32,
        DType::Complex64,
    ] {
        let (a, b) = (x.astype(d), y.astype(d));
        let and = binary_through(
            BinaryOp::LogicalAnd,
            &a,
            &b,
            "aclnnLogicalAnd",
            ExecKind::Native,
        );
        assert_eq!(bools(&and), [false, false, true, false], "{d}");
        let or = binary_through(
            BinaryOp::LogicalOr,
            &a,
            &b,
            "aclnnLogicalOr",
            ExecKind::Native,
        );
        assert_eq!(bools(&or), [true, true, true, false], "{d}");
    }
    // Broadcast operands: a (2, 1) against a (3,) gives (2, 3).
    let c = Array::from_vec(vec![1i32, 0], &[2, 1]).unwrap();
    let r = Array::from_vec(vec![1i32, 0, 7], &[3]).unwrap();
    let and = binary_through(
        BinaryOp::LogicalAnd,
        &c,
        &r,
        "aclnnLogicalAnd",
        ExecKind::Native,
    );
    assert_eq!(and.shape(), &[2, 3]);
    assert_eq!(bools(&and), [true, false, true, false, false, false]);
    // float64 is in the 910B list: native under float64 mode `off`.
    let f = binary_in(
        Float64Mode::Off,
        BinaryOp::LogicalOr,
        &x,
        &y,
        "aclnnLogicalOr",
        ExecKind::Native,
    );
    assert_eq!(bools(&f), [true, true, true, false]);
}

#[test]
fn isfinite_runs_as_aclnn_is_finite() {
    let _s = setup();
    let v = vec![
        0.5f64,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -0.0,
        1e300,
    ];
    let h = Array::from_vec(v, &[2, 3]).unwrap();
    for d in [DType::Float16, DType::Float32, DType::Float64] {
        let a = h.astype(d);
        let want = ops::unary(UnaryOp::Isfinite, &a).unwrap();
        let (got, recs) = recorded(Float64Mode::Off, || {
            ops::unary(UnaryOp::Isfinite, &npu(&a)).unwrap()
        });
        assert_eq!(got.dtype(), DType::Bool);
        assert_eq!(got.shape(), &[2, 3]);
        assert_eq!(scalar_texts(&got), scalar_texts(&want));
        ran(&recs, "aclnnIsFinite", ExecKind::Native);
        // NumPy: 1e300 overflows float16 and float32 to inf.
        let big = d == DType::Float64;
        assert_eq!(
            bools(&got.to_device(Device::Cpu).unwrap()),
            [true, false, false, false, true, big],
            "{d}"
        );
    }
    for d in [
        DType::Bool,
        DType::Int8,
        DType::UInt8,
        DType::Int32,
        DType::Int64,
    ] {
        let a = Array::from_vec(vec![0i64, 1, 5], &[3]).unwrap().astype(d);
        let (got, recs) = recorded(Float64Mode::Off, || {
            ops::unary(UnaryOp::Isfinite, &npu(&a)).unwrap()
        });
        assert_eq!(
            bools(&got.to_device(Device::Cpu).unwrap()),
            [true; 3],
            "{d}"
        );
        ran(&recs, "aclnnIsFinite", ExecKind::Native);
    }
}

#[test]
fn logaddexp_and_logaddexp2_run_on_the_npu() {
    let _s = setup();
    let x = vec![
        0.5f64,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NAN,
        1e30,
        -2.0,
    ];
    let y = vec![0.25f64, f64::NEG_INFINITY, f64::INFINITY, 1.0, 1e30, 3.0];
    let (x, y) = (
        Array::from_vec(x, &[6]).unwrap(),
        Array::from_vec(y, &[6]).unwrap(),
    );
    let (x32, y32) = (x.astype(DType::Float32), y.astype(DType::Float32));
    // python3: np.logaddexp / np.logaddexp2 of the float32 arrays, .tolist().
    let want_e = [
        1.075939416885376,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NAN,
        1.0000000150474662e30,
        3.0067152976989746,
    ];
    let want_2 = [
        1.3804084062576294,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NAN,
        1.0000000150474662e30,
        3.044394016265869,
    ];
    for (op, aclnn, want) in [
        (BinaryOp::Logaddexp, "aclnnLogAddExp", want_e),
        (BinaryOp::Logaddexp2, "aclnnLogAddExp2", want_2),
    ] {
        let got = binary_through(op, &x32, &y32, aclnn, ExecKind::Native);
        assert_eq!(got.dtype(), DType::Float32);
        let got = got.astype(DType::Float64).to_vec::<f64>().unwrap();
        for (g, w) in got.iter().zip(want) {
            assert!(
                (g.is_nan() && w.is_nan()) || g == &w,
                "{}: {got:?}",
                op.name()
            );
        }
        // float64 has no float64 out on the 910B: demoted to float32 and
        // cast back under float64 mode `float32`.
        let d = binary_through(op, &x, &y, aclnn, ExecKind::Demoted);
        assert_eq!(d.dtype(), DType::Float64);
        // float16 runs as it is.
        let (x16, y16) = (x.astype(DType::Float16), y.astype(DType::Float16));
        binary_through(op, &x16, &y16, aclnn, ExecKind::Native);
    }
}
